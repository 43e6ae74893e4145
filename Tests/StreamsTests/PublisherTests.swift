import Streams
import Testing

@Suite struct PublisherTests {
    @Test func justSendsOnDemandThenFinishes() {
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        Just(7).subscribe(recorder)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(7), .finished])
    }

    @Test func justCancelledSendsNothing() {
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        Just(7).subscribe(recorder)
        recorder.cancel()
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription])
    }

    @Test func emptyAndFail() {
        let finished = Recorder<Int, TestError>()
        Empty<Int, TestError>().subscribe(finished)
        #expect(finished.history == [.subscription, .finished])
        let silent = Recorder<Int, TestError>()
        Empty<Int, TestError>(completeImmediately: false).subscribe(silent)
        #expect(silent.history == [.subscription])
        let failed = Recorder<Int, TestError>(initialDemand: .none)
        Fail<Int, TestError>(error: .oops).subscribe(failed)
        #expect(failed.history == [.subscription, .failure("oops")])
    }

    @Test func sequenceHonoursDemand() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        [1, 2, 3, 4].publisher.subscribe(recorder)
        #expect(recorder.values == [1, 2])
        recorder.request(.max(5))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .value(4), .finished])
    }

    @Test func sequenceRequestFromInsideReceiveContinues() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        recorder.onValue = { _ in recorder.request(.max(1)) }
        (1...3).publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test func sequenceCancelStops() {
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { if $0 == 2 { recorder.cancel() } }
        (1...5).publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
    }

    @Test func emptySequenceFinishesAtOnce() {
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        [Int]().publisher.subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test func optionalAndResultPublishers() {
        let some = Recorder<Int, Never>()
        Optional(3).publisher.subscribe(some)
        #expect(some.history == [.subscription, .value(3), .finished])
        let none = Recorder<Int, Never>(initialDemand: .none)
        Int?.none.publisher.subscribe(none)
        #expect(none.history == [.subscription, .finished])
        let success = Recorder<Int, TestError>()
        Result<Int, TestError>.success(4).publisher.subscribe(success)
        #expect(success.history == [.subscription, .value(4), .finished])
        let failure = Recorder<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.failure(.oops).publisher.subscribe(failure)
        #expect(failure.history == [.subscription, .failure("oops")])
    }

    @Test func futureRunsAtOnceAndReplays() {
        var runs = 0
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { promise in
            runs += 1
            fulfil = promise
        }
        #expect(runs == 1)
        let early = Recorder<Int, Never>()
        future.subscribe(early)
        #expect(early.history == [.subscription])
        fulfil?(.success(5))
        fulfil?(.success(6))
        let late = Recorder<Int, Never>()
        future.subscribe(late)
        #expect(early.history == [.subscription, .value(5), .finished])
        #expect(late.history == early.history)
        #expect(runs == 1)
    }

    @Test func futureWaitsForDemandAndFailsWithoutIt() {
        let future = Future<Int, Never> { $0(.success(1)) }
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        future.subscribe(recorder)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .finished])
        let failing = Future<Int, TestError> { $0(.failure(.oops)) }
        let failed = Recorder<Int, TestError>(initialDemand: .none)
        failing.subscribe(failed)
        #expect(failed.history == [.subscription, .failure("oops")])
    }

    @Test func futureCancelledBeforeFulfilmentGetsNothing() {
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil = $0 }
        let recorder = Recorder<Int, Never>()
        future.subscribe(recorder)
        recorder.cancel()
        fulfil?(.success(1))
        #expect(recorder.history == [.subscription])
    }

    @Test func deferredCreatesPerSubscriber() {
        var created = 0
        let deferred = Deferred { () -> Just<Int> in
            created += 1
            return Just(created)
        }
        #expect(created == 0)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(first.values == [1])
        #expect(second.values == [2])
    }

    @Test func anyPublisherAndAnySubscriberForward() {
        let subject = PassthroughSubject<Int, Never>()
        let erased = subject.map { $0 + 1 }.eraseToAnyPublisher()
        let recorder = Recorder<Int, Never>()
        erased.subscribe(AnySubscriber(recorder))
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(2), .finished])
        #expect(AnyPublisher(erased).description == "AnyPublisher")

        var seen: [Int] = []
        let closures = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.max(1)) },
            receiveValue: {
                seen.append($0)
                return .none
            })
        [5, 6].publisher.subscribe(closures)
        #expect(seen == [5])
    }

    @Test func sinkForms() {
        var values: [Int] = []
        var completions: [Subscribers.Completion<TestError>] = []
        let failing = PassthroughSubject<Int, TestError>()
        let cancellable = failing.sink(
            receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        failing.send(1)
        failing.send(completion: .failure(.oops))
        #expect(values == [1])
        #expect(completions == [.failure(.oops)])
        cancellable.cancel()

        var neverValues: [Int] = []
        let never = [1, 2].publisher.sink { neverValues.append($0) }
        #expect(neverValues == [1, 2])
        never.cancel()
    }

    @Test func sinkCancelStopsAndReleasesUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable? = subject.sink { values.append($0) }
        subject.send(1)
        cancellable = nil
        subject.send(2)
        #expect(values == [1])
        _ = cancellable
    }
}
