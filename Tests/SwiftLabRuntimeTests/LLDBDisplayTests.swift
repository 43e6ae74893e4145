import Testing

@testable import SwiftLabRuntime

// The expected texts are the LLDB Swift REPL's own output for the same values
// (swift-6.3.1, `lldb --repl`), except where a comment says otherwise.

final class LLDBBar {
    var bar = 2
    var baaz = 3
}
enum LLDBFoo { case patatino }
protocol A {}
struct B: A {}
struct LLDBP {
    var x = 1
    var y = "s"
}
final class LLDBNode {
    var next: LLDBNode?
    var v = 1
}
enum Payload {
    case a(Int)
    case b(x: String, y: Int)
}
class K {
    var a = 1
    var s = "x"
}
final class Sub: K { var t = 3 }
struct W {
    var k = K()
    var n = 2
}

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
        #expect(
            lldb(["a": 1])
                == "$R0: [String : Int] = 1 key/value pair {\n  [0] = {\n    key = \"a\"\n    value = 1\n  }\n}")
        #expect(lldb([Int]()) == "$R0: [Int] = 0 values")
        #expect(lldb([String: Int]()) == "$R0: [String : Int] = 0 key/value pairs")
        #expect(lldb(Set([1])) == "$R0: Set<Int> = 1 value {\n  [0] = 1\n}")
        #expect(
            lldb([[1, 2], [3]]) == """
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
        (Float(1e-5), "0.00000999999974"), (Float(16_777_216), "16777216"), (Float(1e8), "1.0E+8"),
    ])
    func floatsAsLLDBPrintsThem(value: Float, expected: String) {
        #expect(LLDBFloatingPointFormat.string(value) == expected)
    }

    /// Random bit patterns, each checked against the LLDB REPL's output for it.
    @Test(arguments: [
        (UInt64(0xbdda_0e02_6f16_55b2), "-9.4786536060906323E-11"),
        (UInt64(0x41f1_fcf3_c3aa_e656), "4828642362.6812344"),
        (UInt64(0x3e6f_49c7_013e_9583), "5.8278800590335508E-8"),
        (UInt64(0xb9e5_ca4b_5d60_2fcf), "-8.5947233689171677E-30"),
        (UInt64(0xba67_d588_2ca5_e5d2), "-2.4066300012702502E-27"),
        (UInt64(0x3a50_60a3_6c1f_4083), "8.2685212467203802E-28"),
        (UInt64(0x4606_8a97_8c44_22cc), "2.2323896460701455E+29"),
        (UInt64(0x4121_de8a_d864_521e), "585541.42264038674"),
        (UInt64(0x3c55_7b83_2236_5776), "4.6582680617756277E-18"),
        (UInt64(0x3d5d_7e89_aac1_8806), "4.1913904357146522E-13"),
        (UInt64(0x4112_d407_4be1_60a3), "308481.82410193438"),
        (UInt64(0x3ae6_7fe3_97d6_a7a6), "5.8160016366246621E-25"),
        (UInt64(0x3e44_ec4d_7498_72a2), "9.7430575994733359E-9"),
        (UInt64(0x40ed_1a25_705d_0656), "59601.169966232657"),
        (UInt64(0xc01b_374b_b4a8_9a16), "-6.8039997318178589"),
        (UInt64(0xc3c5_cc5f_ef67_838d), "-3.141471703767915E+18"),
        (UInt64(0x3e60_17f7_5b13_1c4b), "2.9976699686368232E-8"),
        (UInt64(0x42d1_bb34_b3f1_be18), "77982963058424.375"),
        (UInt64(0xc112_5364_7964_063f), "-300249.1185456253"),
        (UInt64(0xc53c_6961_723d_0e26), "-3.434756899583733E+25"),
        (UInt64(0x3d65_6d03_e59e_09c1), "6.0895901903640361E-13"),
        (UInt64(0x3b18_c16b_e66e_159e), "5.1193283064754909E-24"),
        (UInt64(0xc392_fce7_c60e_12a3), "-3.4205580615985786E+17"),
        (UInt64(0x3ed0_71d8_e01b_9fb2), "0.0000039207257047437666"),
        (UInt64(0xc39e_fabb_c2ca_a714), "-5.5807575265337472E+17"),
        (UInt64(0xbe07_e3e1_f9ea_4a6b), "-6.9529536627365931E-10"),
        (UInt64(0x415e_6625_f086_9c2a), "7968919.7582159434"),
        (UInt64(0xc47f_b628_98ed_1e20), "-9.3595996086903599E+21"),
        (UInt64(0x3fe6_4e2b_2aa8_1784), "0.69704206782692824"),
        (UInt64(0xba4c_f6d6_287d_f86a), "-7.311593346408905E-28"),
        (UInt64(0xc22a_e9a7_ecbf_8b2b), "-57794623071.771812"),
        (UInt64(0xbd69_36cf_309e_b2fb), "-7.166277943983036E-13"),
        (UInt64(0xb9e7_d928_82df_b7fc), "-9.4064856664609372E-30"),
        (UInt64(0xbbbc_d990_68bd_ff1c), "-6.1091954348307685E-21"),
        (UInt64(0xba31_49c7_8b30_3112), "-2.1820777481967945E-28"),
        (UInt64(0xbb56_50cf_5888_2e22), "-7.3836337959479418E-23"),
        (UInt64(0xbee3_3a1e_a063_d5c2), "-0.0000091681622618006154"),
        (UInt64(0xba94_985b_a256_8906), "-1.6636628247192054E-26"),
        (UInt64(0x40db_21fa_6fe0_930f), "27783.913078445064"),
        (UInt64(0xc46d_2c5c_32d4_7ec7), "-4.3052165108907571E+21"),
        (UInt64(0x6a40_df4d_b4d6_6a3a), "6.6124262589900218E+203"),
        (UInt64(0x5bc8_6d40_fc89_1b4a), "1.3870565959144347E+134"),
        (UInt64(0x624a_7605_aec6_f024), "3.0475741911740054E+165"),
        (UInt64(0x752d_df5d_6164_99c9), "2.8033554534609047E+256"),
        (UInt64(0x26a2_c0bd_3b12_87ff), "1.4184039111272088E-122"),
        (UInt64(0x2d0c_9af0_153e_7c2a), "1.0970759954638775E-91"),
        (UInt64(0x3b61_8676_26bb_7dbd), "1.159723123546231E-22"),
        (UInt64(0x3bab_e9ea_a894_8c89), "2.9554818496260936E-21"),
        (UInt64(0x7c26_847f_0316_909e), "1.0972036134823183E+290"),
        (UInt64(0x16c0_cc5f_d4c2_8c2e), "4.3891373477440384E-199"),
    ])
    func doubleBitPatternsAsLLDBPrintsThem(bits: UInt64, expected: String) {
        #expect(LLDBFloatingPointFormat.string(Double(bitPattern: bits)) == expected)
    }

    @Test(arguments: [
        (UInt32(0x32e1_b298), "2.62746624E-8"),
        (UInt32(0x2a24_045d), "1.45676399E-13"),
        (UInt32(0x4710_3d5b), "36925.3555"),
        (UInt32(0x489b_9276), "318611.688"),
        (UInt32(0x31ed_4077), "6.90493662E-9"),
        (UInt32(0x4614_78f5), "9502.23925"),
        (UInt32(0x4c80_f995), "67620008"),
        (UInt32(0x2ca0_aacf), "4.56643707E-12"),
        (UInt32(0x535d_a0d7), "9.51886217E+11"),
        (UInt32(0x4e3e_3a50), "797873152"),
        (UInt32(0x3ecb_cfc8), "0.39806962"),
        (UInt32(0x3dd4_0b41), "0.10353709"),
        (UInt32(0x4c18_c1ba), "40044264"),
        (UInt32(0x3390_a0be), "6.73476137E-8"),
        (UInt32(0x34ec_8f4c), "4.40626877E-7"),
        (UInt32(0x2fba_f24c), "3.40053652E-10"),
        (UInt32(0x2b90_1623), "1.02379596E-12"),
        (UInt32(0x4813_b83c), "151264.938"),
        (UInt32(0x3082_6c2b), "9.48948808E-10"),
        (UInt32(0x4879_0837), "255008.859"),
    ])
    func floatBitPatternsAsLLDBPrintsThem(bits: UInt32, expected: String) {
        #expect(LLDBFloatingPointFormat.string(Float(bitPattern: bits)) == expected)
    }
}
