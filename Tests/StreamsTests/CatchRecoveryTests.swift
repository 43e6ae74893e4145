import Streams
import Testing

/// `catch` and `tryCatch` around recovery, as Combine has them (as OpenCombine's
/// compatibility tests record them): the demand the replacement is asked for, requests
/// and cancels while the replacement subscribes, and what passes after a cancel.
@Suite struct CatchRecoveryTests {
    typealias Source = ControlledPublisher<Int, TestError>

    /// `catch` (index 0) or `tryCatch` (index 1), so every test checks both.
    private static func operators(
        _ index: Int
    ) -> (String, (Source, @escaping (TestError) -> Source) -> AnyPublisher<Int, any Error>) {
        index == 0
            ? ("catch", { $0.catch($1).mapError { $0 as any Error }.eraseToAnyPublisher() })
            : ("tryCatch", { $0.tryCatch($1).eraseToAnyPublisher() })
    }

    @Test(arguments: 0..<2) func theReplacementIsAskedForTheOutstandingDemand(index: Int) {
        let (_, make) = Self.operators(index)
        let (upstream, replacement) = (Source(), Source())
        let recorder = Recorder<Int, any Error>(initialDemand: .max(12), demandPerValue: .max(3))
        make(upstream) { _ in replacement }.subscribe(recorder)
        recorder.request(.max(5))
        for value in 1...8 {
            #expect(upstream.send(value) == .max(3))
        }
        upstream.send(completion: .failure(.oops))
        #expect(upstream.requests == [.max(12), .max(5)])
        // 12 + 5 asked for, 8 received, 8 × 3 more returned.
        #expect(replacement.requests == [.max(33)])
    }

    @Test(arguments: 0..<2) func aRequestWhileTheReplacementSubscribesIsAddedToWhatItIsAskedFor(index: Int) {
        let (_, make) = Self.operators(index)
        let upstream = Source()
        let recorder = Recorder<Int, any Error>(initialDemand: .max(3))
        let replacement = Source(willSubscribe: { recorder.request(.max(10)) })
        make(upstream) { _ in replacement }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(replacement.requests == [.max(12)])
    }

    @Test(arguments: 0..<2) func aCancelWhileTheReplacementSubscribesIsIgnoredAsInCombine(index: Int) {
        let (_, make) = Self.operators(index)
        let upstream = Source()
        let recorder = Recorder<Int, any Error>(initialDemand: .max(3))
        let replacement = Source(willSubscribe: { recorder.cancel() })
        make(upstream) { _ in replacement }.subscribe(recorder)
        upstream.send(completion: .failure(.oops))
        #expect(replacement.requests == [.max(3)])
        #expect(replacement.cancelCount == 0)
        replacement.send(completion: .finished)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test(arguments: 0..<2) func valuesTheUpstreamSendsAfterACancelStillPassWithTheirDemand(index: Int) {
        let (_, make) = Self.operators(index)
        let upstream = Source()
        var recoveries = 0
        let recorder = Recorder<Int, any Error>(initialDemand: .max(1), demandPerValue: .max(3))
        make(upstream) { _ in
            recoveries += 1
            return Source()
        }.subscribe(recorder)
        recorder.cancel()
        recorder.request(.max(199))
        #expect(upstream.send(1) == .max(3))
        upstream.send(completion: .failure(.oops))
        #expect(upstream.requests == [.max(1)])
        #expect(upstream.cancelCount == 1)
        #expect(recoveries == 0)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test(arguments: 0..<2) func afterRecoveryACancelReachesTheReplacementAndItsLateValuesStillPass(index: Int) {
        let (_, make) = Self.operators(index)
        let (upstream, replacement) = (Source(), Source())
        let recorder = Recorder<Int, any Error>(initialDemand: .none, demandPerValue: .max(3))
        make(upstream) { _ in replacement }.subscribe(recorder)
        upstream.send(completion: .failure(.oops))
        recorder.cancel()
        #expect(replacement.cancelCount == 1)
        #expect(replacement.send(1) == .max(3))
        replacement.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(upstream.requests == [])
        #expect(replacement.requests == [])
    }

    @Test(arguments: 0..<2) func eventsAfterTheUpstreamFinishedAreIgnored(index: Int) {
        let (_, make) = Self.operators(index)
        let upstream = Source()
        var recoveries = 0
        let recorder = Recorder<Int, any Error>()
        make(upstream) { _ in
            recoveries += 1
            return Source()
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(recoveries == 0)
    }

    @Test func afterTheHandlerThrowsTheUpstreamsLaterValuesPassButNotItsCompletions() {
        let upstream = Source()
        var handled = 0
        let recorder = Recorder<Int, any Error>()
        upstream.tryCatch { (error: TestError) -> Source in
            handled += 1
            throw TestError.other
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        // As in Combine: a value the upstream still sends passes, its completions do not.
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .failure("other"), .value(2)])
        #expect(handled == 1)
    }

    @Test func aValueBeforeTheUpstreamsSubscriptionStopsTheProgramAsInCombine() async {
        await #expect(processExitsWith: .failure) {
            let upstream = SubscriptionlessPublisher()
            _ = upstream.catch { _ in Just(0) }.sink { _ in }
            upstream.send(1)
        }
    }

    @Test func tryCatchStopsTheProgramOnAValueBeforeTheUpstreamsSubscriptionToo() async {
        await #expect(processExitsWith: .failure) {
            let upstream = SubscriptionlessPublisher()
            _ = upstream.tryCatch { _ in Just(0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            upstream.send(1)
        }
    }

    // Where Combine's catch and tryCatch stop the program on a misbehaving upstream.

    @Test func catchStopsTheProgramOnAValueBeyondTheDemand() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ControlledPublisher<Int, TestError>()
            upstream.catch { _ in Just(0) }.subscribe(Recorder<Int, Never>(initialDemand: .none))
            upstream.send(1)
        }
    }

    @Test func tryCatchStopsTheProgramOnAValueBeyondTheDemand() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ControlledPublisher<Int, TestError>()
            upstream.tryCatch { _ in Just(0) }.subscribe(Recorder<Int, any Error>(initialDemand: .max(1)))
            upstream.send(1)
            upstream.send(2)
        }
    }

    @Test func catchStopsTheProgramOnASecondFailureWhileTheReplacementIsLive() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ControlledPublisher<Int, TestError>()
            let replacement = ControlledPublisher<Int, TestError>()
            upstream.catch { _ in replacement }.subscribe(Recorder<Int, TestError>())
            upstream.send(completion: .failure(.oops))
            upstream.send(completion: .failure(.oops))
        }
    }

    @Test func tryCatchStopsTheProgramOnASecondFailureWhileTheReplacementIsLive() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ControlledPublisher<Int, TestError>()
            let replacement = ControlledPublisher<Int, TestError>()
            upstream.tryCatch { _ in replacement }.subscribe(Recorder<Int, any Error>())
            upstream.send(completion: .failure(.oops))
            upstream.send(completion: .failure(.other))
        }
    }

    @Test func catchStopsTheProgramOnAFailureSentFromInsideItsHandler() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ControlledPublisher<Int, TestError>()
            upstream.catch { _ -> Just<Int> in
                upstream.send(completion: .failure(.oops))
                return Just(0)
            }.subscribe(Recorder<Int, Never>())
            upstream.send(completion: .failure(.oops))
        }
    }

    @Test func tryCatchStopsTheProgramOnAFailureSentFromInsideItsHandler() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ControlledPublisher<Int, TestError>()
            upstream.tryCatch { _ -> Just<Int> in
                upstream.send(completion: .failure(.oops))
                return Just(0)
            }.subscribe(Recorder<Int, any Error>())
            upstream.send(completion: .failure(.oops))
        }
    }

    @Test func catchStopsTheProgramOnAFailureBeforeTheUpstreamsSubscription() async {
        await #expect(processExitsWith: .failure) {
            let upstream = SubscriptionlessPublisher()
            upstream.catch { _ in Just(0) }.subscribe(Recorder<Int, Never>())
            upstream.send(completion: .failure(.oops))
        }
    }

    @Test(arguments: 0..<2) func valuesWithinTheDemandStillPassAfterACancel(index: Int) {
        let (_, make) = Self.operators(index)
        let upstream = Source()
        let recorder = Recorder<Int, any Error>(initialDemand: .max(2))
        make(upstream) { _ in Source() }.subscribe(recorder)
        #expect(upstream.send(1) == .none)
        recorder.cancel()
        #expect(upstream.send(2) == .none, "the second unit of demand")
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
    }
}

/// A misbehaving publisher that keeps its subscriber without ever giving it a
/// subscription, and sends to it when told.
private final class SubscriptionlessPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    private var subscriber: AnySubscriber<Int, TestError>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        self.subscriber = AnySubscriber(subscriber)
    }

    func send(_ value: Int) {
        _ = subscriber?.receive(value)
    }

    func send(completion: Subscribers.Completion<TestError>) {
        subscriber?.receive(completion: completion)
    }
}
