import Foundation
import Testing

@testable import SwiftLabCore

/// The rows of issue 14's table that are about showing values: with `--display lldb` the
/// output is the LLDB Swift REPL's own (captured from `lldb --repl` on the same inputs);
/// the default compact display shows the same information in Swift's spelling.
@Suite(.serialized) struct EvalDisplayTests {
    static let inputs = [
        "class Bar { var bar = 2; var baaz = 3 }", "Bar()",
        "let tinky: UInt8? = 250",
        "enum Foo { case patatino }", "Foo?.some(.patatino)",
        "protocol A {}", "struct B: A {}", "let b: any A = B()",
        "Double.nan", "0.0", "[20, 17, 2, 7]", "[\"a\": 1]",
    ]

    @Test func lldbDisplayReadsAsTheLLDBREPL() throws {
        let run = try EvalHarness.runREPL(Self.inputs, arguments: ["--display", "lldb"])
        #expect(
            run.output == """
                $R0: Bar = {
                  bar = 2
                  baaz = 3
                }
                tinky: UInt8? = 250
                $R1: Foo? = patatino
                b: B = {}
                $R2: Double = NaN
                $R3: Double = 0
                $R4: [Int] = 4 values {
                  [0] = 20
                  [1] = 17
                  [2] = 2
                  [3] = 7
                }
                $R5: [String : Int] = 1 key/value pair {
                  [0] = {
                    key = "a"
                    value = 1
                  }
                }

                """)
        #expect(run.status == 0)
    }

    @Test func compactDisplayShowsTheSameInformation() throws {
        let run = try EvalHarness.runREPL(Self.inputs)
        #expect(
            run.output == """
                $R0: Bar = Bar(bar: 2, baaz: 3)
                tinky: UInt8? = Optional(250)
                $R1: Foo? = Optional(Foo.patatino)
                b: any A = B()
                $R2: Double = NaN
                $R3: Double = 0.0
                $R4: [Int] = [20, 17, 2, 7]
                $R5: [String: Int] = ["a": 1]

                """)
    }

    /// On a terminal (swiftlab passes its width on), a compact value wider than it breaks
    /// one member a line; elsewhere it stays on one line, so transcripts do not depend on
    /// where they were made.
    @Test func compactValuesBreakAtTheTerminalsWidth() throws {
        let inputs = ["struct Point { var x: Int; var y: Int }", "let points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]"]
        let narrow = try EvalHarness.runREPL(inputs, environment: ["SWIFTLAB_DISPLAY_WIDTH": "40"])
        #expect(narrow.output == "points: [Point] = [\n  Point(x: 1, y: 2),\n  Point(x: 3, y: 4)\n]\n")
        let piped = try EvalHarness.runREPL(inputs)
        #expect(piped.output == "points: [Point] = [Point(x: 1, y: 2), Point(x: 3, y: 4)]\n")
    }

    /// `:display` switches for the running worker, also after a trap.
    @Test func displayCommandSwitchesStyles() throws {
        let run = try EvalHarness.runREPL([
            "let o: Int? = 1", ":display lldb", "o", "[1][2]", "o", ":display compact", "o", ":display fancy",
        ])
        #expect(run.output.hasPrefix("o: Int? = Optional(1)\nResults are shown in the lldb style.\n$R0: Int? = 1\n"))
        #expect(
            run.output.contains(
                "earlier state is unchanged.\n$R1: Int? = 1\n"
                    + "Results are shown in the compact style.\n$R2: Int? = Optional(1)\n"))
        #expect(run.output.hasSuffix("':display' needs 'lldb' or 'compact', as in ':display lldb'.\n"))
    }

    /// Type aliases keep their names where the input says the type: an annotation, a call
    /// of the alias's initializer, a call of a function declared to return it (LLDB's
    /// output for the same inputs).
    @Test func typeAliasesKeepTheirNames() throws {
        let inputs = [
            "class Foo { typealias X = Int }", "Foo.X(0)", "typealias Celsius = Double", "let t: Celsius = 20",
            "let u = Celsius(3)", "var o: Celsius? = 2", "let cs: [String:Celsius] = [:]",
            "func toCelsius(_ f: Double) -> Celsius { (f - 32) * 5 / 9 }", "toCelsius(212)",
        ]
        let lldb = try EvalHarness.runREPL(inputs, arguments: ["--display", "lldb"])
        #expect(
            lldb.output
                == "$R0: Foo.X = 0\nt: Celsius = 20\nu: Celsius = 3\no: Celsius? = 2\ncs: [String : Celsius] = 0 key/value pairs\n$R1: Celsius = 100\n"
        )
        let compact = try EvalHarness.runREPL(inputs)
        #expect(
            compact.output
                == "$R0: Foo.X = 0\nt: Celsius = 20.0\nu: Celsius = 3.0\no: Celsius? = Optional(2.0)\ncs: [String: Celsius] = [:]\n$R1: Celsius = 100.0\n"
        )
    }

    /// Lazy views and types from modules other than the standard library, as LLDB 6.3.1
    /// names them (`lldb --repl` on the same inputs): the static type's
    /// `LazySequence<[Int]>.Elements`, which the compiler's diagnostics also spell, and
    /// with `--display lldb` the module of `Regex`.
    @Test func lazyViewsAndOtherModulesTypesAreNamedAsLLDBDoes() throws {
        let inputs = [
            "let l = [1, 2, 3].lazy.map { $0 * 2 }", "let f = [1, 2].lazy.filter { $0 > 1 }",
            "let c = [1, nil].lazy.compactMap { $0 }", "let z = [1].lazy", "let r = try Regex(\"a+\")",
        ]
        let lldb = try EvalHarness.runREPL(inputs, arguments: ["--display", "lldb"])
        let lldbTypes = lldb.output.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(": ") }
            .map { $0.prefix { $0 != "=" } }
        #expect(
            lldbTypes == [
                "l: LazyMapSequence<LazySequence<[Int]>.Elements, Int> ",
                "f: LazyFilterSequence<LazySequence<[Int]>.Elements> ",
                "c: LazyMapSequence<LazyFilterSequence<LazyMapSequence<LazySequence<[Int?]>.Elements, Int?>>, Int> ",
                "z: LazySequence<[Int]> ",
                "r: _StringProcessing.Regex<_StringProcessing.AnyRegexOutput> ",
            ])
        let compact = try EvalHarness.runREPL(inputs)
        let compactTypes = compact.output.split(separator: "\n").map { $0.prefix { $0 != "=" } }
        #expect(
            compactTypes == [
                "l: LazyMapSequence<LazySequence<[Int]>.Elements, Int> ",
                "f: LazyFilterSequence<LazySequence<[Int]>.Elements> ",
                "c: LazyMapSequence<LazyFilterSequence<LazyMapSequence<LazySequence<[Int?]>.Elements, Int?>>, Int> ",
                "z: LazySequence<[Int]> ",
                "r: Regex<AnyRegexOutput> ",
            ])
    }

    /// A generic alias keeps its name and arguments, in an annotation and in a call of its
    /// initializer (LLDB 6.3.1's output for the same inputs).
    @Test func genericAliasesKeepTheirArguments() throws {
        let inputs = [
            "struct Pt<T> { var x: T }", "typealias G<T> = Pt<T>", "typealias Tinky<T> = [T]",
            "let p: Tinky<Int> = [1]", "let h = G<Int>(x: 3)", "G<[String: Int]>(x: [:])",
        ]
        let lldb = try EvalHarness.runREPL(inputs, arguments: ["--display", "lldb"])
        #expect(
            lldb.output == """
                p: Tinky<Int> = 1 value {
                  [0] = 1
                }
                h: G<Int> = {
                  x = 3
                }
                $R0: G<[String : Int]> = {
                  x = 0 key/value pairs
                }

                """)
    }

    /// An optional struct as LLDB 6.3.1 shows it (`lldb --repl` on the same inputs): on one
    /// line when its members are one-word values, `some {` when one is an enum case or an
    /// aggregate, `some` when it has none.
    @Test func anOptionalStructAsLLDBShowsIt() throws {
        let inputs = [
            "enum E { case first, second }", "struct A { var a = 1; var b = E.first }", "let a: A? = A()",
            "struct S { var a = 1; var s = \"x\"; var d = 1.5; var t = true }", "let s: S? = S()",
            "struct Em {}", "let em: Em? = Em()", "let none: S? = nil", "struct O { var a: Int? = 1 }",
            "let o: O? = O()",
        ]
        let lldb = try EvalHarness.runREPL(inputs, arguments: ["--display", "lldb"])
        #expect(
            lldb.output == """
                a: A? = some {
                  a = 1
                  b = first
                }
                s: S? = (a = 1, s = "x", d = 1.5, t = true)
                em: Em? = some
                none: S? = nil
                o: O? = some {
                  a = 1
                }

                """)
    }

    @Test func displayOptionIsChecked() throws {
        let run = try EvalHarness.runREPL(["1"], arguments: ["--display", "fancy"])
        #expect(run.status == 2)
        #expect(run.errors.contains("--display needs 'lldb' or 'compact'"))
    }
}

/// Top-level code as LLDB and `swiftc main.swift` take it.
@Suite(.serialized) struct EvalTopLevelTests {
    /// `class C` then `{ ... }` on the next line is one declaration, not `class C` alone.
    /// A binding shows its value once the whole input has run, after the input's results,
    /// as `lldb --repl` shows `var xx = 1; xx += 1` and `var d = 1; d += 1; d`.
    @Test func aBindingShowsItsValueAfterTheWholeInput() throws {
        let run = try EvalHarness.runREPL(["var xx = 1; xx += 1", "var d = 1; d += 1; d"])
        #expect(run.output == "xx: Int = 2\n$R0: Int = 2\nd: Int = 2\n")
        #expect(run.status == 0)
    }

    @Test func aTypesBraceOnTheNextLine() throws {
        let run = try EvalHarness.runREPL(["class C", "{ unowned var c: C? }", "C().c == nil"])
        #expect(run.output == "$R0: Bool = true\n")
        #expect(run.status == 0)
    }

    /// `var x: Int` without a value, given one by a later input; read too early, it stops
    /// the input with a message naming it. Declared, it shows as LLDB shows it (`x: Int = 0`).
    @Test func aTopLevelVarInitialisedLater() throws {
        let run = try EvalHarness.runREPL(["var x: Int", "x = 3", "x + 1", "var never: String", "never.count", "x"])
        #expect(run.output.hasPrefix("x: Int = 0\n$R0: Int = 4\nnever: String = <uninitialized>\n"))
        #expect(run.output.contains("Fatal error: 'never' was read before it was given a value\n"))
        #expect(run.output.hasSuffix("$R1: Int = 3\n"))
    }

    /// Swift's own message, never one about the REPL's display call.
    @Test func twoExpressionsOnALine() throws {
        let run = try EvalHarness.runREPL([
            "let a = 1", "a a", "func foo(_ x: Int) -> Int { x }", "foo(1) a", "foo (2)",
        ])
        #expect(run.output.contains("1:2: error: consecutive statements on a line must be separated by ';'\na a\n ^\n"))
        #expect(
            run.output.contains("1:7: error: consecutive statements on a line must be separated by ';'\nfoo(1) a\n"))
        #expect(!run.output.contains("separator"))
        #expect(!run.output.contains("extra argument"))
        #expect(run.output.hasSuffix("$R0: Int = 2\n"))
    }
}
