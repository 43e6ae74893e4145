import Streams
import Testing

/// handleEvents, print, catch, tryCatch, retry, flatMap.
@Suite struct FlowOperatorTests {
    @Test func handleEventsCallsEachClosureBeforePassingOn() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        recorder.onValue = { log.append("downstream \($0)") }
        subject.handleEvents(
            receiveSubscription: { _ in log.append("subscription") },
            receiveOutput: { log.append("output \($0)") },
            receiveCompletion: { _ in log.append("completion") },
            receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request \($0)") }
        ).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(log == ["subscription", "request max(2)", "output 1", "downstream 1", "completion"])
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test func handleEventsSeesCancelOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        let recorder = Recorder<Int, Never>()
        subject.handleEvents(receiveCancel: { cancels += 1 }).subscribe(recorder)
        recorder.cancel()
        recorder.cancel()
        subject.send(1)
        #expect(cancels == 1)
        #expect(recorder.history == [.subscription])
    }

    @Test func printLogsEveryEvent() {
        var output = ""
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        [1, 2].publisher.print("n", to: TextSink { output += $0 }).subscribe(recorder)
        #expect(
            output == """
                n: receive subscription: ([1, 2])
                n: request max: (1)
                n: receive value: (1)
                n: request max: (1) (synchronous)
                n: receive value: (2)
                n: request max: (1) (synchronous)
                n: receive finished

                """)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])

        var failed = ""
        let cancelled = Recorder<Int, TestError>()
        let subject = PassthroughSubject<Int, TestError>()
        subject.print(to: TextSink { failed += $0 }).subscribe(cancelled)
        cancelled.cancel()
        #expect(failed.hasSuffix("request unlimited\nreceive cancel\n"))
    }

    @Test func catchSwitchesToTheReplacementKeepingDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(3))
        subject.catch { _ in [10, 20, 30].publisher }.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .value(10), .value(20)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(10), .value(20), .value(30), .finished])
    }

    @Test func catchPassesFinishAndCancel() {
        let finished = Recorder<Int, Never>()
        Just(1).setFailureType(to: TestError.self).catch { _ in Just(2) }.subscribe(finished)
        #expect(finished.history == [.subscription, .value(1), .finished])

        let subject = PassthroughSubject<Int, TestError>()
        let replacement = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.catch { _ in replacement }.subscribe(recorder)
        subject.send(completion: .failure(.oops))
        replacement.send(5)
        recorder.cancel()
        replacement.send(6)
        #expect(recorder.history == [.subscription, .value(5)])
    }

    @Test func catchReplacementFailureEnds() {
        let recorder = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .oops).catch { _ in Fail<Int, TestError>(error: .other) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("other")])
    }

    @Test func tryCatchThrowingFails() {
        let recorder = Recorder<Int, any Error>()
        Fail<Int, TestError>(error: .oops)
            .tryCatch { error -> Just<Int> in throw TestError.other }
            .subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("other")])
        let recovered = Recorder<Int, any Error>()
        Fail<Int, TestError>(error: .oops).tryCatch { _ in Just(3) }.subscribe(recovered)
        #expect(recovered.history == [.subscription, .value(3), .finished])
    }

    @Test func retryResubscribesThenGivesUp() {
        var attempts = 0
        let failing = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            return [attempts].publisher.setFailureType(to: TestError.self)
                .append(failure: .oops)
        }
        let recorder = Recorder<Int, TestError>()
        failing.retry(2).subscribe(recorder)
        #expect(attempts == 3)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .failure("oops")])
    }

    @Test func retryKeepsDemandAndStopsOnSuccess() {
        var attempts = 0
        let flaky = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            if attempts < 2 {
                return Fail(error: .oops).eraseToAnyPublisher()
            }
            return [7, 8].publisher.setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        flaky.retry(5).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(7)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(7), .value(8), .finished])
        #expect(attempts == 2)
    }

    @Test func flatMapMergesAndFinishesWhenAllHaveFinished() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let recorder = Recorder<Int, Never>()
        outer.flatMap { inners[$0] }.subscribe(recorder)
        outer.send(0)
        outer.send(1)
        inners[0].send(1)
        inners[1].send(2)
        outer.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        inners[1].send(3)
        inners[1].send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test func flatMapHonoursDemandAcrossInners() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(3))
        [1, 2].publisher.flatMap { value in [value * 10, value * 10 + 1].publisher }.subscribe(recorder)
        #expect(recorder.values == [10, 11, 20])
        recorder.request(.max(5))
        #expect(recorder.history == [.subscription, .value(10), .value(11), .value(20), .value(21), .finished])
    }

    @Test func flatMapMaxPublishersLimitsLiveInners() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        var subscribed: [Int] = []
        let recorder = Recorder<Int, Never>()
        outer.flatMap(maxPublishers: .max(1)) { index in
            inners[index].handleEvents(receiveSubscription: { _ in subscribed.append(index) })
        }.subscribe(recorder)
        outer.send(0)
        outer.send(1)
        #expect(subscribed == [0], "the second value is not requested while one inner is live")
        inners[0].send(completion: .finished)
        outer.send(1)
        #expect(subscribed == [0, 1])
        inners[1].send(5)
        #expect(recorder.values == [5])
    }

    @Test func flatMapFailureFromAnInnerFailsAndCancelsTheRest() {
        let outer = PassthroughSubject<Int, TestError>()
        let other = PassthroughSubject<Int, TestError>()
        var otherCancelled = false
        let recorder = Recorder<Int, TestError>()
        outer.flatMap { value -> AnyPublisher<Int, TestError> in
            if value == 0 {
                return other.handleEvents(receiveCancel: { otherCancelled = true }).eraseToAnyPublisher()
            }
            return Fail(error: .oops).eraseToAnyPublisher()
        }.subscribe(recorder)
        outer.send(0)
        outer.send(1)
        other.send(9)
        #expect(recorder.history == [.subscription, .failure("oops")])
        #expect(otherCancelled)
    }

    @Test func flatMapCancel() {
        let outer = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        outer.flatMap { _ in inner }.subscribe(recorder)
        outer.send(0)
        inner.send(1)
        recorder.cancel()
        inner.send(2)
        outer.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test func flatMapReentrantValuesStaySerial() {
        let outer = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        var depth = 0
        var maximumDepth = 0
        var values: [Int] = []
        let cancellable = outer.flatMap { _ in inner }.sink { value in
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            values.append(value)
            if value < 3 { inner.send(value + 1) }
            depth -= 1
        }
        outer.send(0)
        inner.send(1)
        #expect(values == [1, 2, 3])
        #expect(maximumDepth == 1, "a re-entrant value is queued, not delivered inside the current one")
        cancellable.cancel()
    }
}

/// A `TextOutputStream` that hands what is written to a closure.
struct TextSink: TextOutputStream {
    let write: (String) -> Void

    init(_ write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func write(_ string: String) {
        write(string)
    }
}

extension Publisher {
    /// The values of this publisher followed by a failure instead of its completion.
    func append(failure: Failure) -> AnyPublisher<Output, Failure> {
        ConcatFailure(upstream: self, failure: failure).eraseToAnyPublisher()
    }
}

/// Sends the upstream's values, then fails instead of finishing (a test fixture).
private struct ConcatFailure<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    let failure: Failure

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let failure = failure
        upstream.subscribe(
            AnySubscriber<Output, Failure>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { subscriber.receive($0) },
                receiveCompletion: { _ in subscriber.receive(completion: .failure(failure)) }))
    }
}

@Suite struct FlatMapFailureTypeTests {
    @Test func neverFailingUpstreamIntoFailingInners() {
        let recorder = Recorder<Int, TestError>()
        [1, 2].publisher
            .flatMap { value -> AnyPublisher<Int, TestError> in
                value == 1
                    ? Just(10).setFailureType(to: TestError.self).eraseToAnyPublisher()
                    : Fail(error: .oops).eraseToAnyPublisher()
            }
            .subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(10), .failure("oops")])
    }

    @Test func failingUpstreamIntoNeverFailingInners() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.flatMap { Just($0 * 2) }.subscribe(recorder)
        subject.send(4)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(8), .failure("oops")])
    }

    @Test func neitherSideFails() {
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.flatMap { Just($0 + 1) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(2), .value(3), .finished])
    }
}
