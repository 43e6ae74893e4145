import Testing

@testable import SwiftLabRuntime

/// A type as the learner wrote it, shown as the compiler (compact) or LLDB prints it.
@Suite struct WrittenTypeNameTests {
    @Test func writtenTypesAreSugaredAndKeepTheirNestedNames() {
        #expect(TypeNameSugar.sugaredWrittenType("Foo.X", style: .compact) == "Foo.X")
        #expect(TypeNameSugar.sugaredWrittenType("Optional<Celsius>", style: .compact) == "Celsius?")
        #expect(TypeNameSugar.sugaredWrittenType("Array<Swift.Int>", style: .lldb) == "[Int]")
        #expect(TypeNameSugar.sugaredWrittenType("[String:Celsius]", style: .compact) == "[String: Celsius]")
        #expect(TypeNameSugar.sugaredWrittenType("[String :  Celsius]", style: .lldb) == "[String : Celsius]")
        #expect(TypeNameSugar.sugaredWrittenType("(a: Celsius, b: Int)", style: .lldb) == "(a: Celsius, b: Int)")
    }

    @Test func theWrittenTypeReplacesTheRuntimesButNotAnExistentialsDynamicType() {
        #expect(SwiftLabRuntime.describe(20.0, named: "t", style: .lldb, writtenType: "Celsius") == "t: Celsius = 20")
        #expect(
            SwiftLabRuntime.describe(20.0, named: "t", style: .compact, width: 80, writtenType: "Celsius")
                == "t: Celsius = 20.0")
        // `as` keeps the existential from being opened into `T`, as the display call does.
        let value: any CustomStringConvertible = 1
        #expect(
            SwiftLabRuntime.describe(
                value as any CustomStringConvertible, named: "d", style: .lldb, writtenType: "Described")
                == "d: Int = 1")
    }
}
