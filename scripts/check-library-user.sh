#!/usr/bin/env bash
# A package outside the repository that depends on the libraries as a user's would: its
# manifest is README.md's (the block that starts `// swift-tools-version:`) with the
# `.package(url:...)` line
# replaced by README.md's local-clone line, exactly as written there; its sources are the
# code of the DocC article "Testing a view model with virtual time" (the blocks whose
# first line names a file: `// Sources/...`, `// Tests/...`). The script builds it in a
# temporary directory, next to a `SwiftLab` that is this clone, and runs its tests, so the
# README's dependency lines resolve and the article's view model and tests pass as printed.
# Called by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
SWIFT=${SWIFT:-swift}
readme=README.md
article=Libraries/Sources/StreamsTesting/StreamsTesting.docc/Articles/TestingAViewModelWithVirtualTime.md

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$repo" "$work/SwiftLab"
package="$work/Search"
mkdir -p "$package"

# Writes each fenced block of $1 whose first line is `// <path>.swift` to $2/<path>,
# without that line, and the block that starts `// swift-tools-version:` to
# $2/Package.swift, whole.
extract_files() {
    mkdir -p "$2"
    awk -v root="$2" '
        /^```/ { if (inside) { inside = 0; out = "" } else { inside = 1; first = 1 }; next }
        inside && first {
            first = 0
            if ($0 ~ /^\/\/ swift-tools-version:/) { out = root "/Package.swift"; print > out; next }
            if ($0 ~ /^\/\/ [A-Za-z][A-Za-z0-9_\/.-]*\.swift$/) {
                out = root "/" substr($0, 4)
                system("mkdir -p \"$(dirname \"" out "\")\"")
                printf "" > out
            }
            next
        }
        inside && out != "" { print >> out }
    ' "$1"
}
extract_files "$readme" "$package"
extract_files "$article" "$package"
for file in Package.swift Sources/Search/SearchViewModel.swift Tests/SearchTests/SearchViewModelTests.swift; do
    if [ ! -s "$package/$file" ]; then
        echo "check-library-user: no code block for $file (README.md's manifest, the article's sources)" >&2
        exit 1
    fi
done

# README.md's local-clone line, in place of its URL line.
path_line=$(grep -m 1 -F '.package(name: "SwiftLab", path: "../SwiftLab/Libraries")' "$readme" || true)
url_line=$(grep -m 1 -F '.package(url: "https://github.com/OWNER/SwiftLab.git"' "$package/Package.swift" || true)
if [ -z "$path_line" ] || [ -z "$url_line" ]; then
    echo "check-library-user: README.md's URL line or local-clone line is missing" >&2
    exit 1
fi
LINE="$path_line" awk '/\.package\(url: "https:\/\/github\.com\/OWNER\/SwiftLab\.git"/ { print ENVIRON["LINE"]; next } { print }' \
    "$package/Package.swift" >"$package/Package.swift.new"
mv "$package/Package.swift.new" "$package/Package.swift"

echo "check-library-user: building README.md's package with the article's code in $package"
if ! (cd "$package" && "$SWIFT" build --build-tests && "$SWIFT" test --skip-build); then
    echo "check-library-user: the package above failed; its manifest was:" >&2
    cat "$package/Package.swift" >&2
    exit 1
fi
