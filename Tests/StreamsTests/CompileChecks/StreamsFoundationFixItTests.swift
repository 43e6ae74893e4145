import Testing

/// With `import Streams` alone, Combine code that uses Foundation's schedulers and coders
/// gets an error that names `import StreamsFoundation` (the stand-ins in
/// Operators/StreamsFoundationFixIts.swift), and with it the same code compiles.
@Suite(.serialized) struct StreamsFoundationFixItTests {
    private static let schedulerFix =
        "not a Scheduler: RunLoop and OperationQueue become schedulers with `import StreamsFoundation`"

    @Test func receiveOnARunLoopNamesTheImport() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Foundation
            import Streams
            let values = Just(1).receive(on: RunLoop.main)
            """)
        #expect(!outcome.compiled)
        #expect(
            outcome.messages.contains("'receive(on:options:)' is unavailable: \(Self.schedulerFix)"),
            "\(outcome.messages)")
    }

    @Test func decodingWithAJSONDecoderNamesTheImport() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Foundation
            import Streams
            struct Post: Decodable { let title: String }
            let posts = Just(Data()).decode(type: Post.self, decoder: JSONDecoder())
            """)
        #expect(!outcome.compiled)
        #expect(
            outcome.messages.contains("'decode(type:decoder:)' is unavailable: not a TopLevelDecoder"),
            "\(outcome.messages)")
        #expect(outcome.messages.contains("with `import StreamsFoundation`"), "\(outcome.messages)")
    }

    @Test func encodingWithAJSONEncoderNamesTheImport() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Foundation
            import Streams
            let data = Just(1).encode(encoder: JSONEncoder())
            """)
        #expect(!outcome.compiled)
        #expect(
            outcome.messages.contains("'encode(encoder:)' is unavailable: not a TopLevelEncoder"), "\(outcome.messages)"
        )
    }

    @Test func withStreamsFoundationTheSameCodeCompiles() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Foundation
            import StreamsFoundation
            struct Post: Decodable { let title: String }
            let onRunLoop = Just(1).receive(on: RunLoop.main).subscribe(on: OperationQueue.main)
            let onQueue = Just(1).receive(on: DispatchQueue.main, options: nil)
            let posts = Just(Data()).decode(type: Post.self, decoder: JSONDecoder())
            let data = Just(1).encode(encoder: JSONEncoder())
            """)
        #expect(outcome.compiled, "\(outcome.messages)")
    }
}
