import Foundation
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Compiling the input being typed before Enter (issue 31): the REPL hands the session
// the text whenever the learner pauses on a complete input, and the cell is built in the
// background exactly as the input would be built now (``SpeculativeBuild``). Nothing of
// it shows and nothing in the session changes until the input comes, which uses the
// build only if it was made of the same text against the same state.
extension Session {
    /// What a speculative build was made of: the input's text and the session's state
    /// (``stateGeneration``) at the time.
    struct SpeculationKey: Equatable, Sendable {
        var text: String
        var state: Int
    }

    /// Compiles `text` in the background as it would be compiled if it were entered now,
    /// without running it and without changing the session; its diagnostics never show.
    /// Called while the learner pauses on a complete input; a later call with another text
    /// supersedes it. Does nothing when speculation is off or `text` holds no code.
    public func speculate(on text: String) {
        guard let speculation else { return }
        let input = ParsedInput(text)
        guard input.hasCode else {
            speculation.supersede()
            return
        }
        let job = SpeculativeCellJob(
            builder: builder, number: nextNumber, input: input, context: context(.recorded),
            log: configuration.speculationLog)
        speculation.start(SpeculationKey(text: text, state: stateGeneration)) { job.build($0) }
    }

    /// The input being typed changed: a build of what it was is no longer wanted.
    public func supersedeSpeculation() {
        speculation?.supersede()
    }

    /// The speculative build of `input`, if one was made (or is under way: it is waited
    /// for) of the same text against the session as it is; otherwise nil, and every
    /// speculative build has been stopped, so the builder is free.
    func takeSpeculativeBuild(of input: ParsedInput, mode: Mode) -> CellBuilder.Build? {
        guard let speculation else { return nil }
        guard mode == .recorded else {
            speculation.cancel()
            return nil
        }
        guard let build = speculation.take(matching: SpeculationKey(text: input.text, state: stateGeneration))
        else { return nil }
        SpeculativeCellJob.log("\(build.cell.moduleName) used", to: configuration.speculationLog)
        return build
    }
}

/// One speculative build of a cell, with what it needs taken from the session when the
/// learner paused (the session itself is not touched from the build's thread).
private struct SpeculativeCellJob: @unchecked Sendable {
    let builder: CellBuilder
    let number: Int
    let input: ParsedInput
    let context: CellGenerator.Context
    let log: String?

    func build(_ cancellation: CompileCancellation) -> CellBuilder.Build {
        let build = builder.build(number: number, input: input, context: context, cancellation: cancellation)
        let ending =
            cancellation.isCancelled ? "cancelled" : build.outcome.library != nil ? "compiled" : "failed"
        Self.log("\(build.cell.moduleName) \(ending)", to: log)
        return build
    }

    /// Appends `line` to the speculation log at `path`, if any.
    static func log(_ line: String, to path: String?) {
        guard let path else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        FileDescriptorWriter.write(line + "\n", to: descriptor)
        close(descriptor)
    }
}
