import SwiftLabWorkerProtocol
import Testing

@testable import SwiftLabCore

@Suite("Worker protocol and output handling") struct WorkerProtocolTests {
    @Test func messagesSurviveTheirLineEncoding() {
        let requests: [WorkerRequest] = [
            .run(cell: 7, library: "/a b/libCell7.so", symbol: "cell7_main", quiet: true), .ping,
        ]
        for request in requests {
            #expect(WorkerRequest(line: Substring(request.line)) == request)
        }
        let replies: [WorkerReply] = [
            .ready, .pong, .finished(cell: 3), .failed(cell: 4, message: "no such file"), .trapped(cell: 5, signal: 4),
            .interrupted(cell: 6),
            .result(cell: 5, number: 2, type: "Swift.Dictionary<Swift.String, Cell5.P>"),
        ]
        for reply in replies {
            #expect(WorkerReply(line: Substring(reply.line)) == reply)
        }
        #expect(WorkerReply(line: "finished\tx") == nil)
    }

    @Test func incompleteUTF8SequencesWaitForTheirRest() {
        let bytes = Array("aé".utf8)
        #expect(WorkerProcess.completeUTF8Prefix(bytes) == 3)
        #expect(WorkerProcess.completeUTF8Prefix(Array(bytes.dropLast())) == 1)
    }

    @Test func runtimeStackTracesAreDroppedAndMessagesMapped() {
        var filter = RuntimeErrorFilter(mapper: DiagnosticMapper(input: 1, texts: [1: "xs[9]"]))
        let pieces = filter.consume(
            """
            warning printed by the program
            Cell1/input 1.1:2: Fatal error: Index out of range
            Current stack trace:
            0    libswiftCore.so    0x0000 swift_reportError + 33
            1    libCell1.so        0x0000 <unavailable> + 7404

            """)
        #expect(
            pieces == [
                .init(text: "warning printed by the program\n", isRuntimeMessage: false),
                .init(text: "1: Fatal error: Index out of range\nxs[9]\n", isRuntimeMessage: true),
            ])
        #expect(filter.sawRuntimeMessage)
    }

    /// The frame lines the worker writes as it crashes are read, never shown, and the
    /// message that has no location in the input is marked for locating.
    @Test func crashFramesAreReadAndNotShown() {
        var filter = RuntimeErrorFilter(mapper: DiagnosticMapper(input: 1, texts: [1: "[1][5]"]))
        let pieces = filter.consume(
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range\n"
                + "\u{1E}swiftlab-frame /cache/s/libCell1.so\u{1F}123a\n")
        #expect(
            pieces == [
                .init(
                    text: "Fatal error: Index out of range\n", isRuntimeMessage: true,
                    unlocatedMessage: "Fatal error: Index out of range")
            ])
        #expect(filter.cellFrames == [TrapLocator.Frame(library: "/cache/s/libCell1.so", offset: 0x123a)])
        #expect(filter.cellFrames.first?.cellNumber == 1)
    }

    @Test func runtimeMessagesFromLibrariesLoseTheirLocation() {
        #expect(
            RuntimeErrorFilter.runtimeMessageWithoutLocation(
                "Swift/ContiguousArrayBuffer.swift:705: Fatal error: Index out of range")
                == "Fatal error: Index out of range")
        #expect(
            RuntimeErrorFilter.runtimeMessageWithoutLocation(
                "SwiftLabRuntime/TopLevel.swift:27: Fatal error: Error raised at top level: E()")
                == "Fatal error: Error raised at top level: E()")
        #expect(RuntimeErrorFilter.runtimeMessageWithoutLocation("Fatal error") == "Fatal error")
        #expect(RuntimeErrorFilter.runtimeMessageWithoutLocation("the program says: Fatal error: not really") == nil)
    }
}
