import SourceKitInProcess
import Testing

@testable import SwiftLabCore

/// How a compiler completion is listed: functions as Swift calls them.
@Suite struct CompletionCandidateFormTests {
    private func result(name: String, description: String, sourceText: String, type: String) -> SourceKitValue {
        .dictionary([
            "key.name": .string(name), "key.description": .string(description), "key.sourcetext": .string(sourceText),
            "key.kind": .uid("source.lang.swift.decl.function.method.instance"), "key.typename": .string(type),
        ])
    }

    /// `send(value: Int)` was listed, and typing its `value:` does not compile.
    @Test func aFunctionIsListedByItsArgumentLabelsNotItsParameterNames() throws {
        let send = try #require(
            CompilerCompletion.candidate(
                result(
                    name: "send(:)", description: "send(value: Int)", sourceText: "send(<#T##value: Int##Int#>)",
                    type: "Void")))
        #expect(send.display == "send(_:)")
        #expect(send.text == "send(")
        let map = try #require(
            CompilerCompletion.candidate(
                result(
                    name: "map(:)", description: "map(transform: (Int) throws(E) -> T)",
                    sourceText: "map(<#T##transform: (Int) throws(E) -> T##(Int) throws(E) -> T#>)", type: "[T]")))
        #expect(map.display == "map(_:) -> [T]")
        #expect(CompilerCompletion.callForm("sorted(by:)") == "sorted(by:)")
        #expect(CompilerCompletion.callForm("f(:b:)") == "f(_:b:)")
        #expect(CompilerCompletion.callForm("sorted()") == "sorted()")
        #expect(CompilerCompletion.callForm("count") == nil)
    }
}
