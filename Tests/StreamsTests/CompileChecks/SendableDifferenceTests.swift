import Testing

/// The code that Streams accepts and Combine rejects in Swift 6, one test a case, as the
/// article "Porting from Combine" lists them under "Sendable": if Streams stops accepting
/// one, its test fails and the article must change with it. The control case shows that
/// the checks run with strict concurrency: a non-Sendable stored property is refused.
@Suite(.serialized) struct SendableDifferenceTests {
    @Test func aFuturesPromiseMayBeCalledFromASendableClosure() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Dispatch
            import Streams
            let future = Future<Int, Never> { promise in
                DispatchQueue.global().async { promise(.success(1)) }
            }
            """)
        #expect(outcome.compiled, "\(outcome.messages)")
    }

    @Test func aSendableTypeMayHoldASubject() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Streams
            struct Events: Sendable {
                let taps = PassthroughSubject<Int, Never>()
                let count = CurrentValueSubject<Int, Never>(0)
            }
            """)
        #expect(outcome.compiled, "\(outcome.messages)")
    }

    @Test func aSubjectMayBeSentToFromASendableClosure() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Dispatch
            import Streams
            let subject = PassthroughSubject<Int, Never>()
            DispatchQueue.global().async { subject.send(1) }
            """)
        #expect(outcome.compiled, "\(outcome.messages)")
    }

    @Test func anAnyCancellableMayCrossIntoASendableClosureOrType() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Dispatch
            import Streams
            final class Subscriptions: Sendable {
                let all: [AnyCancellable]
                init(_ all: [AnyCancellable]) { self.all = all }
            }
            let cancellable = Just(1).sink { _ in }
            DispatchQueue.global().async { cancellable.cancel() }
            """)
        #expect(outcome.compiled, "\(outcome.messages)")
    }

    @Test func anObservableObjectsPublisherMayCrossIntoASendableClosure() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Dispatch
            import Streams
            let changes = ObservableObjectPublisher()
            DispatchQueue.global().async { changes.send() }
            """)
        #expect(outcome.compiled, "\(outcome.messages)")
    }

    @Test func aNonSendableStoredPropertyIsRefused() async throws {
        let outcome = try await SwiftCompilerCheck.typecheck(
            """
            import Streams
            struct Feed: Sendable {
                let items: AnyPublisher<Int, Never>
            }
            """)
        #expect(!outcome.compiled)
        #expect(outcome.messages.contains("non-Sendable type 'AnyPublisher<Int, Never>'"), "\(outcome.messages)")
    }
}
