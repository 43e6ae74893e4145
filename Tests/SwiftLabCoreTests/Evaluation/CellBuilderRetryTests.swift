import Foundation
import Testing

@testable import SwiftLabCore

/// Which compiler outcomes call for which retry: decided without compiling anything.
@Suite("CellBuilder.Retry") struct CellBuilderRetryTests {
    static func failed(_ output: String, linkFailed: Bool = false) -> CellCompiler.Outcome {
        CellCompiler.Outcome(library: nil, output: output, linkFailed: linkFailed)
    }

    @Test func eachRetryAnswersItsOwnDiagnosticOnly() {
        let link = Self.failed("ld.gold: error: cannot find -lfoo", linkFailed: true)
        let async = Self.failed("input 1:1:1: error: \(CellBuilder.Retry.asyncInSynchronousDisplayDiagnostic)")
        let conformance = Self.failed("error: method 'f()' \(CellBuilder.Retry.crossCellConformanceDiagnostic) 'P'")
        let other = Self.failed("input 1:1:1: error: cannot find 'x' in scope")
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(link) } == [.driverAfterFastPathLinkFailure])
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(async) } == [.awaitingDisplays])
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(conformance) } == [.withoutAccessControl])
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(other) }.isEmpty)
    }

    @Test func aCompiledCellIsNeverRetried() {
        let compiled = CellCompiler.Outcome(
            library: URL(fileURLWithPath: "/tmp/libCell1.so"),
            output: "warning: \(CellBuilder.Retry.asyncInSynchronousDisplayDiagnostic)", linkFailed: true)
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(compiled) }.isEmpty)
    }

    @Test func awaitInABindingGetsOneNote() {
        let diagnostic = Diagnostic(
            severity: .error, message: AwaitInBindingAdvice.diagnostic + "; x", input: 1, line: 1, column: 9)
        #expect(AwaitInBindingAdvice.notes(for: [diagnostic]).count == 1)
        #expect(AwaitInBindingAdvice.notes(for: []).isEmpty)
    }
}
