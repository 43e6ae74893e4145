#!/usr/bin/env bash
# REPL fidelity: feeds the same inputs to the LLDB Swift REPL and to swiftlab (in
# --display lldb and in the default compact display) and prints a Markdown table, one row
# per behaviour of issues 14 and 28, for BENCHMARKS.md. Each row runs in a fresh session of each.
#
#   scripts/repl-fidelity.sh [SWIFTLAB]     (default: .build/debug/swiftlab)
#
# The LLDB column reads "(LLDB could not start)" when the toolchain's lldb cannot run
# (it links against libpython3.10: pyenv's Python 3.10 provides it, as in
# `LD_LIBRARY_PATH=$P/lib PYTHONHOME=$P lldb --repl`).
set -u
cd "$(dirname "$0")/.."
swiftlab=${1:-.build/debug/swiftlab}
[ -x "$swiftlab" ] || { echo "repl-fidelity: no swiftlab at $swiftlab (swift build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The LLDB REPL, or nothing when it cannot start here.
lldb_repl() {
    local python lldb
    python=$(pyenv prefix 3.10.13 2>/dev/null || pyenv prefix 3.10 2>/dev/null) || return 3
    lldb=$(dirname "$(readlink -f "$(command -v swift)")")/lldb
    [ -x "$lldb" ] || return 3
    LD_LIBRARY_PATH="$python/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" PYTHONHOME="$python" "$lldb" "$@"
}
if printf '1\n' | lldb_repl --repl >/dev/null 2>&1; then have_lldb=1; else have_lldb=0; fi

# A module A for the row that imports the user's own code: dir/A.swiftmodule, dir/libA.so.
mkdir -p "$work/moduleA"
printf 'public func greet() -> String { "hello from A" }\n' > "$work/moduleA/A.swift"
(cd "$work/moduleA" && swiftc -emit-library -emit-module -module-name A -parse-as-library A.swift -o libA.so) >/dev/null 2>&1

# One output as a table cell: lines joined with <br>, pipes escaped, LLDB's echo of
# the source line under an error left out, and the addresses made stable.
cell() {
    sed -e 's/\x1b\[[0-9;]*m//g' -e 's/0x[0-9a-f]\{16\}/0x…/g' -e 's/|/\\|/g' -e 's/[[:space:]]*$//' \
        | grep -v '^[[:space:]]*$' | awk 'BEGIN { ORS = "" } { if (NR > 1) print "<br>"; gsub(/  /, "\\&nbsp;\\&nbsp;"); print }
            END { if (NR == 0) print "(accepted; nothing shown)" }'
}

row() {  # row LABEL INPUTS [LLDB-ARGS] [SWIFTLAB-ARGS]
    local label=$1 inputs=$2 lldb_args=${3:-} swiftlab_args=${4:-}
    local lldb_cell compact_cell lldb_mode_cell
    if [ $have_lldb = 1 ]; then
        lldb_cell=$(printf '%s\n' "$inputs" | lldb_repl --repl="$lldb_args" 2>&1 | cell)
    else
        lldb_cell="(LLDB could not start)"
    fi
    # shellcheck disable=SC2086
    lldb_mode_cell=$(printf '%s\n' "$inputs" | "$swiftlab" --display lldb $swiftlab_args 2>&1 | cell)
    # shellcheck disable=SC2086
    compact_cell=$(printf '%s\n' "$inputs" | "$swiftlab" $swiftlab_args 2>&1 | cell)
    printf '| %s | `%s` | %s | %s | %s |\n' "$label" "$(printf '%s' "$inputs" | awk 'BEGIN { ORS = "" } { if (NR > 1) print "` ⏎ `"; print }' | sed 's/|/\\|/g')" \
        "$lldb_cell" "$lldb_mode_cell" "$compact_cell"
}

echo "| behaviour | input (one line each) | LLDB REPL | swiftlab --display lldb | swiftlab (default) |"
echo "|---|---|---|---|---|"
row "class instance" $'class Bar { var bar = 2; var baaz = 3 }\nBar()'
row "optional" 'let tinky: UInt8? = 250'
row "optional enum" $'enum Foo { case patatino }\nFoo?.some(.patatino)'
row "existential" $'protocol A {}\nstruct B: A {}\nlet b: any A = B()'
row "type alias" $'class Foo { typealias X = Int }\nFoo.X(0)\ntypealias Celsius = Double\nlet t: Celsius = 20\nfunc toCelsius(_ f: Double) -> Celsius { (f - 32) * 5 / 9 }\ntoCelsius(212)'
row "floating point" $'Double.nan\n0.0\n1e20\n0.1'
row "\$R results" $'20 + 2\n$R0 + 5\nvar x = $R0\n$R0.description\n$R9'
row "top-level var initialised later" $'var x: Int\nx = 3\nx'
row "brace on the next line" $'class C\n{ unowned var c: C? }'
row "consecutive statements" $'let a = 1\na a'
row "Swift 5 mode (LLDB's default; swiftlab --swift-version 5)" $'protocol A {}\nclass E: Error, A {}' "" "--swift-version 5"
row "the user's module (-I DIR -L DIR -lA)" 'import A'$'\n''greet()' "-I $work/moduleA -L $work/moduleA -lA" "-I $work/moduleA -L $work/moduleA -lA"
row "exclusivity violation" $'final class Box { var v = 1 }\nlet box = Box()\nfunc add(_ a: inout Int, _ b: () -> Int) { a += b() }\nadd(&box.v) { box.v }\nbox.v'
row "nested values" $'struct P { var x = 1; var tags = ["a"] }\nclass K { var p = P(); var m = [1: "one"] }\n[K()]'
row "long collection" 'Array(0..<30)'
row "declaration cut at a line end" $'func twice(_ x: Int) -> Int\n{ x * 2 }\nvar y =\n  twice(4)'
row "#if block" $'#if false\nprint("inside")\n#endif\nprint("after")'
row "attribute alone on its line" $'@discardableResult\nfunc g() -> Int { 1 }\ng()'
row "private top-level declaration" $'private let p = 4\np'
row "overload entered later" $'func f(_ x: Int) -> String { "int" }\nfunc f(_ x: String) -> String { "string" }\nf(1)'
row "a standard library name" $'var any = 1\nany'
row "computed top-level property" $'var n = 0\nvar c: Int { n += 1; return n }\nc'
row "output without a final line break" $'print("abc", terminator: "")\n1'
row "throwing call without try" $'enum VagueProblem: Error { case SomethingWentWrong }\nfunc g() throws -> Int { throw VagueProblem.SomethingWentWrong }\ng()'
row "Swift 5: a function reads a top-level var (swiftlab --swift-version 5)" $'var t = 1\nfunc r() -> Int { t }\nr()' "" "--swift-version 5"
