import Testing
@testable import SwiftLabRuntime

// The expected texts are the LLDB Swift REPL's own output for the same values
// (swift-6.3.1, `lldb --repl`), except where a comment says otherwise.

final class LLDBBar { var bar = 2; var baaz = 3 }
enum LLDBFoo { case patatino }
protocol A {}
struct B: A {}
struct LLDBP { var x = 1; var y = "s" }
final class LLDBNode { var next: LLDBNode?; var v = 1 }
enum Payload { case a(Int), b(x: String, y: Int) }
class K { var a = 1; var s = "x" }
final class Sub: K { var t = 3 }
struct W { var k = K(); var n = 2 }

@Suite struct LLDBDisplayTests {
    func lldb<T>(_ value: T, _ name: String = "$R0") -> String {
        // Types declared here carry this module's name, as a cell's carry `CellN`.
        SwiftLabRuntime.describe(value, named: name, style: .lldb).replacing("SwiftLabRuntimeTests.", with: "")
    }

    @Test func classInstancesShowTheirStoredPropertiesOneALine() {
        #expect(lldb(LLDBBar()) == "$R0: LLDBBar = {\n  bar = 2\n  baaz = 3\n}")
        #expect(lldb(W()) == "$R0: W = {\n  k = {\n    a = 1\n    s = \"x\"\n  }\n  n = 2\n}")
        // LLDB names the superclass with the REPL's module: `__lldb_expr_1.K = {`.
        #expect(lldb(Sub()) == "$R0: Sub = {\n  K = {\n    a = 1\n    s = \"x\"\n  }\n  t = 3\n}")
    }

    @Test func optionalsShowTheWrappedValueOrNil() {
        let tinky: UInt8? = 250
        #expect(lldb(tinky, "tinky") == "tinky: UInt8? = 250")
        #expect(lldb(LLDBFoo?.some(.patatino)) == "$R0: LLDBFoo? = patatino")
        #expect(lldb(Int?.none) == "$R0: Int? = nil")
        let twice: Int?? = 5
        #expect(lldb(twice, "o2") == "o2: Int?? = 5")
        #expect(lldb([1, nil] as [Int?]) == "$R0: [Int?] = 2 values {\n  [0] = 1\n  [1] = nil\n}")
    }

    @Test func anOptionalClassInstanceShowsItsAddressThenItsMembers() {
        let object: K? = K()
        let text = lldb(object, "ok")
        #expect(text.hasPrefix("ok: K? = 0x"))
        #expect(text.hasSuffix(" {\n  a = 1\n  s = \"x\"\n}"))
    }

    @Test func anExistentialShowsItsDynamicType() {
        let b: any A = B()
        #expect(lldb(b, "b") == "b: B = {}")
        let any: Any = 5
        #expect(lldb(any, "any") == "any: Int = 5")
    }

    @Test func collectionsShowTheirCountAndOneElementALine() {
        #expect(lldb([20, 17, 2, 7]) == "$R0: [Int] = 4 values {\n  [0] = 20\n  [1] = 17\n  [2] = 2\n  [3] = 7\n}")
        #expect(lldb(["a": 1]) == "$R0: [String : Int] = 1 key/value pair {\n  [0] = {\n    key = \"a\"\n    value = 1\n  }\n}")
        #expect(lldb([Int]()) == "$R0: [Int] = 0 values")
        #expect(lldb([String: Int]()) == "$R0: [String : Int] = 0 key/value pairs")
        #expect(lldb(Set([1])) == "$R0: Set<Int> = 1 value {\n  [0] = 1\n}")
        #expect(lldb([[1, 2], [3]]) == """
            $R0: [[Int]] = 2 values {
              [0] = 2 values {
                [0] = 1
                [1] = 2
              }
              [1] = 1 value {
                [0] = 3
              }
            }
            """)
    }

    @Test func longCollectionsAreElidedAfterTwentyFourElements() {
        let lines = lldb(Array(0..<200)).split(separator: "\n")
        #expect(lines.first == "$R0: [Int] = 200 values {")
        #expect(lines.count == 1 + 24 + 2)
        #expect(lines[24] == "  [23] = 23")
        #expect(lines[25] == "  ...")
    }

    @Test func structsTuplesAndEnums() {
        #expect(lldb(LLDBP()) == "$R0: LLDBP = {\n  x = 1\n  y = \"s\"\n}")
        #expect(lldb((1, "a")) == "$R0: (Int, String) = {\n  0 = 1\n  1 = \"a\"\n}")
        #expect(lldb((x: 1, y: 2)) == "$R0: (x: Int, y: Int) = {\n  x = 1\n  y = 2\n}")
        #expect(lldb(Payload.a(3)) == "$R0: Payload = a {\n  a = 3\n}")
        #expect(lldb(Payload.b(x: "s", y: 2)) == "$R0: Payload = b {\n  b = {\n    x = \"s\"\n    y = 2\n  }\n}")
        #expect(lldb("a\"b\nc") == "$R0: String = \"a\\\"b\\nc\"")
        #expect(lldb(Character("c")) == "$R0: Character = \"c\"")
        #expect(lldb(1...3) == "$R0: ClosedRange<Int> = 1...3")
        #expect(lldb(Int8(-3)) == "$R0: Int8 = -3")
        #expect(lldb(UInt64.max) == "$R0: UInt64 = 18446744073709551615")
    }

    @Test func aReferenceCycleIsCut() {
        let node = LLDBNode()
        node.next = node
        let lines = lldb(node, "nd").split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == "nd: LLDBNode = {")
        #expect(lines[1].hasPrefix("  next = 0x") && lines[1].hasSuffix(" {...}"))
        #expect(lines[2] == "  v = 1")
    }

    @Test(arguments: [
        (Double.nan, "NaN"), (0.0, "0"), (-0.0, "-0"), (1.5, "1.5"), (.infinity, "+Inf"),
        (1e20, "1.0E+20"), (0.1, "0.10000000000000001"), (1.0 / 3.0, "0.33333333333333331"),
        (100.0, "100"), (1e16, "1.0E+16"), (1e15, "1.0E+15"), (123456.789, "123456.789"), (-2.5, "-2.5"),
        (Double.pi, "3.1415926535897931"), (5e-324, "4.9406564584124654E-324"),
        (1e-5, "0.000010000000000000001"), (0.001, "0.001"), (.greatestFiniteMagnitude, "1.7976931348623157E+308"),
        (1000.0, "1000"), (10000.0, "10000"), (1e5, "100000"), (1e7, "1.0E+7"), (1e11, "1.0E+11"),
        (1234567.0, "1234567"), (12345678912.0, "12345678912"), (0.01, "0.01"), (1e-4, "0.0001"),
        (1e-6, "9.9999999999999995E-7"), (1e-7, "9.9999999999999995E-8"), (1e-8, "1.0E-8"),
        (1e-9, "1.0000000000000001E-9"), (1e-11, "9.9999999999999993E-12"), (1.5e-10, "1.5E-10"),
    ])
    func doublesAsLLDBPrintsThem(value: Double, expected: String) {
        #expect(LLDBFloatingPointFormat.string(value) == expected)
    }

    @Test(arguments: [
        (Float(0.1), "0.100000001"), (Float.nan, "NaN"), (Float(1) / 3, "0.333333343"), (Float(1e10), "1.0E+10"),
        (Float(1e-5), "0.00000999999974"), (Float(16777216), "16777216"), (Float(1e8), "1.0E+8"),
    ])
    func floatsAsLLDBPrintsThem(value: Float, expected: String) {
        #expect(LLDBFloatingPointFormat.string(value) == expected)
    }

    /// Random bit patterns, each checked against the LLDB REPL's output for it.
    @Test(arguments: [
        (UInt64(0xbdda0e026f1655b2), "-9.4786536060906323E-11"),
        (UInt64(0x41f1fcf3c3aae656), "4828642362.6812344"),
        (UInt64(0x3e6f49c7013e9583), "5.8278800590335508E-8"),
        (UInt64(0xb9e5ca4b5d602fcf), "-8.5947233689171677E-30"),
        (UInt64(0xba67d5882ca5e5d2), "-2.4066300012702502E-27"),
        (UInt64(0x3a5060a36c1f4083), "8.2685212467203802E-28"),
        (UInt64(0x46068a978c4422cc), "2.2323896460701455E+29"),
        (UInt64(0x4121de8ad864521e), "585541.42264038674"),
        (UInt64(0x3c557b8322365776), "4.6582680617756277E-18"),
        (UInt64(0x3d5d7e89aac18806), "4.1913904357146522E-13"),
        (UInt64(0x4112d4074be160a3), "308481.82410193438"),
        (UInt64(0x3ae67fe397d6a7a6), "5.8160016366246621E-25"),
        (UInt64(0x3e44ec4d749872a2), "9.7430575994733359E-9"),
        (UInt64(0x40ed1a25705d0656), "59601.169966232657"),
        (UInt64(0xc01b374bb4a89a16), "-6.8039997318178589"),
        (UInt64(0xc3c5cc5fef67838d), "-3.141471703767915E+18"),
        (UInt64(0x3e6017f75b131c4b), "2.9976699686368232E-8"),
        (UInt64(0x42d1bb34b3f1be18), "77982963058424.375"),
        (UInt64(0xc11253647964063f), "-300249.1185456253"),
        (UInt64(0xc53c6961723d0e26), "-3.434756899583733E+25"),
        (UInt64(0x3d656d03e59e09c1), "6.0895901903640361E-13"),
        (UInt64(0x3b18c16be66e159e), "5.1193283064754909E-24"),
        (UInt64(0xc392fce7c60e12a3), "-3.4205580615985786E+17"),
        (UInt64(0x3ed071d8e01b9fb2), "0.0000039207257047437666"),
        (UInt64(0xc39efabbc2caa714), "-5.5807575265337472E+17"),
        (UInt64(0xbe07e3e1f9ea4a6b), "-6.9529536627365931E-10"),
        (UInt64(0x415e6625f0869c2a), "7968919.7582159434"),
        (UInt64(0xc47fb62898ed1e20), "-9.3595996086903599E+21"),
        (UInt64(0x3fe64e2b2aa81784), "0.69704206782692824"),
        (UInt64(0xba4cf6d6287df86a), "-7.311593346408905E-28"),
        (UInt64(0xc22ae9a7ecbf8b2b), "-57794623071.771812"),
        (UInt64(0xbd6936cf309eb2fb), "-7.166277943983036E-13"),
        (UInt64(0xb9e7d92882dfb7fc), "-9.4064856664609372E-30"),
        (UInt64(0xbbbcd99068bdff1c), "-6.1091954348307685E-21"),
        (UInt64(0xba3149c78b303112), "-2.1820777481967945E-28"),
        (UInt64(0xbb5650cf58882e22), "-7.3836337959479418E-23"),
        (UInt64(0xbee33a1ea063d5c2), "-0.0000091681622618006154"),
        (UInt64(0xba94985ba2568906), "-1.6636628247192054E-26"),
        (UInt64(0x40db21fa6fe0930f), "27783.913078445064"),
        (UInt64(0xc46d2c5c32d47ec7), "-4.3052165108907571E+21"),
        (UInt64(0x6a40df4db4d66a3a), "6.6124262589900218E+203"),
        (UInt64(0x5bc86d40fc891b4a), "1.3870565959144347E+134"),
        (UInt64(0x624a7605aec6f024), "3.0475741911740054E+165"),
        (UInt64(0x752ddf5d616499c9), "2.8033554534609047E+256"),
        (UInt64(0x26a2c0bd3b1287ff), "1.4184039111272088E-122"),
        (UInt64(0x2d0c9af0153e7c2a), "1.0970759954638775E-91"),
        (UInt64(0x3b61867626bb7dbd), "1.159723123546231E-22"),
        (UInt64(0x3babe9eaa8948c89), "2.9554818496260936E-21"),
        (UInt64(0x7c26847f0316909e), "1.0972036134823183E+290"),
        (UInt64(0x16c0cc5fd4c28c2e), "4.3891373477440384E-199"),
    ])
    func doubleBitPatternsAsLLDBPrintsThem(bits: UInt64, expected: String) {
        #expect(LLDBFloatingPointFormat.string(Double(bitPattern: bits)) == expected)
    }

    @Test(arguments: [
        (UInt32(0x32e1b298), "2.62746624E-8"),
        (UInt32(0x2a24045d), "1.45676399E-13"),
        (UInt32(0x47103d5b), "36925.3555"),
        (UInt32(0x489b9276), "318611.688"),
        (UInt32(0x31ed4077), "6.90493662E-9"),
        (UInt32(0x461478f5), "9502.23925"),
        (UInt32(0x4c80f995), "67620008"),
        (UInt32(0x2ca0aacf), "4.56643707E-12"),
        (UInt32(0x535da0d7), "9.51886217E+11"),
        (UInt32(0x4e3e3a50), "797873152"),
        (UInt32(0x3ecbcfc8), "0.39806962"),
        (UInt32(0x3dd40b41), "0.10353709"),
        (UInt32(0x4c18c1ba), "40044264"),
        (UInt32(0x3390a0be), "6.73476137E-8"),
        (UInt32(0x34ec8f4c), "4.40626877E-7"),
        (UInt32(0x2fbaf24c), "3.40053652E-10"),
        (UInt32(0x2b901623), "1.02379596E-12"),
        (UInt32(0x4813b83c), "151264.938"),
        (UInt32(0x30826c2b), "9.48948808E-10"),
        (UInt32(0x48790837), "255008.859"),
    ])
    func floatBitPatternsAsLLDBPrintsThem(bits: UInt32, expected: String) {
        #expect(LLDBFloatingPointFormat.string(Float(bitPattern: bits)) == expected)
    }
}
