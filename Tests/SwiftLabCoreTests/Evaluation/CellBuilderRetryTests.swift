import Foundation
import Testing

@testable import SwiftLabCore

/// Which compiler outcomes call for which retry: decided without compiling anything.
@Suite("CellBuilder.Retry") struct CellBuilderRetryTests {
    static func failed(_ output: String, linkFailed: Bool = false) -> CellCompiler.Outcome {
        CellCompiler.Outcome(library: nil, output: output, linkFailed: linkFailed)
    }

    /// A cell that imports every earlier declaring cell.
    static let wideCell = CellGenerator.generate(number: 1, input: ParsedInput("1"), context: .init())

    @Test func eachRetryAnswersItsOwnDiagnosticOnly() {
        let link = Self.failed("ld.gold: error: cannot find -lfoo", linkFailed: true)
        let async = Self.failed("input 1:1:1: error: \(CellBuilder.Retry.asyncInSynchronousDisplayDiagnostic)")
        let conformance = Self.failed("error: method 'f()' \(CellBuilder.Retry.crossCellConformanceDiagnostic) 'P'")
        let other = Self.failed("input 1:1:1: error: cannot find 'x' in scope")
        #expect(
            CellBuilder.Retry.allCases.filter { $0.answers(link, of: Self.wideCell) } == [
                .driverAfterFastPathLinkFailure
            ])
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(async, of: Self.wideCell) } == [.awaitingDisplays])
        #expect(
            CellBuilder.Retry.allCases.filter { $0.answers(conformance, of: Self.wideCell) } == [.withoutAccessControl])
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(other, of: Self.wideCell) }.isEmpty)
    }

    @Test func aNarrowCellThatFailsIsCompiledAgainImportingEveryCell() {
        let narrowCell = Self.narrowCell()
        #expect(narrowCell.leavesOutEarlierCells)
        let other = Self.failed("input 2:1:1: error: cannot find 'x' in scope")
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(other, of: narrowCell) } == [.everyEarlierCellImported])
        // Another retry that answers comes first (allCases order); a link failure is the set-up's.
        let conformance = Self.failed("error: method 'f()' \(CellBuilder.Retry.crossCellConformanceDiagnostic) 'P'")
        #expect(
            CellBuilder.Retry.allCases.filter { $0.answers(conformance, of: narrowCell) }.first == .withoutAccessControl
        )
        let link = Self.failed("ld.gold: error: cannot find -lfoo", linkFailed: true)
        #expect(
            CellBuilder.Retry.allCases.filter { $0.answers(link, of: narrowCell) } == [.driverAfterFastPathLinkFailure])
    }

    /// Input 3 (`2 + 2`) after two declaring cells it names nothing of.
    static func narrowCell() -> GeneratedCell {
        var context = CellGenerator.Context()
        context.earlierCells = [
            CellGenerator.generate(number: 1, input: ParsedInput("let a = 1"), context: .init()),
            CellGenerator.generate(number: 2, input: ParsedInput("let b = 1"), context: .init()),
        ]
        return CellGenerator.generate(number: 3, input: ParsedInput("2 + 2"), context: context)
    }

    @Test func aCompiledCellIsNeverRetried() {
        let narrowCell = Self.narrowCell()
        let compiled = CellCompiler.Outcome(
            library: URL(fileURLWithPath: "/tmp/libCell1.so"),
            output: "warning: \(CellBuilder.Retry.asyncInSynchronousDisplayDiagnostic)", linkFailed: true)
        #expect(CellBuilder.Retry.allCases.filter { $0.answers(compiled, of: narrowCell) }.isEmpty)
    }

    @Test func awaitInABindingGetsOneNote() {
        let diagnostic = Diagnostic(
            severity: .error, message: AwaitInBindingAdvice.diagnostic + "; x", input: 1, line: 1, column: 9)
        #expect(AwaitInBindingAdvice.notes(for: [diagnostic]).count == 1)
        #expect(AwaitInBindingAdvice.notes(for: []).isEmpty)
    }
}
