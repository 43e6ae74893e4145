import Streams
import Testing

/// `buffer(size:prefetch:whenFull:)`: what it asks its upstream for under each prefetch
/// strategy, what each strategy does when the buffer is full, and when its completion is
/// delivered, as Combine has them (as OpenCombine's compatibility tests record them).
@Suite struct BufferTests {
    typealias Source = ControlledPublisher<Int, TestError>

    @Test func keepFullAsksForTheSizeThenOneMorePerValueDelivered() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        #expect(upstream.requests == [.max(5)])
        for value in 0..<3 {
            #expect(upstream.send(value) == .none)
        }
        recorder.request(.max(2))
        #expect(recorder.values == [0, 1])
        #expect(upstream.requests == [.max(5), .max(2)])
        // Delivered at once: the refill is the demand returned to the upstream.
        recorder.request(.max(2))
        #expect(upstream.send(3) == .max(1))
        #expect(recorder.values == [0, 1, 2, 3])
    }

    @Test func byRequestAsksForEverythingOnce() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>()
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(recorder.values == [1, 2])
        #expect(upstream.requests == [.unlimited])
    }

    @Test func theUpstreamIsAskedBeforeTheDownstreamGetsItsSubscription() {
        let upstream = Source()
        var order: [String] = []
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest)
            .handleEvents(receiveSubscription: { _ in order.append("downstream subscribed \(upstream.requests)") })
            .subscribe(Recorder<Int, TestError>(initialDemand: .none))
        #expect(order == ["downstream subscribed [max(3)]"])
    }

    @Test(arguments: [
        ("dropNewest", [1, 2, 3]),
        ("dropOldest", [3, 4, 5]),
    ])
    func aFullBufferDrops(strategy: String, expected: [Int]) {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        let whenFull: Publishers.BufferingStrategy<TestError> = strategy == "dropNewest" ? .dropNewest : .dropOldest
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: whenFull).subscribe(recorder)
        for value in 1...5 {
            upstream.send(value)
        }
        #expect(recorder.values == [])
        recorder.request(.max(10))
        #expect(recorder.values == expected)
        #expect(upstream.cancelCount == 0)
    }

    @Test func aFullBufferWithACustomErrorCancelsAndFailsAfterTheBufferedValues() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .customError { .other }).subscribe(recorder)
        for value in 1...5 {
            upstream.send(value)
        }
        #expect(upstream.cancelCount == 1)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(3))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .failure("other")])
    }

    @Test func aFinishWaitsForTheBufferedValuesAndForDemand() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        recorder.request(.max(2))
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func valuesSentAfterAFinishThatIsStillWaitingAreBufferedBeforeIt() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(completion: .finished)
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(2))
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(upstream.requests == [.unlimited])
    }

    @Test func valuesSentAfterAFailureAreIgnored() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(completion: .failure(.oops))
        #expect(upstream.send(1) == .none)
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func aFailureWithNoDemandLeftDropsTheBufferedValues() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .failure("oops")])
    }

    @Test func eventsAfterTheCompletionAndASecondSubscriptionAreIgnored() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>()
        let buffer = upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest)
        buffer.subscribe(recorder)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        #expect(second.cancelCount == 1)
        #expect(second.requests == [])
        upstream.send(completion: .finished)
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test func cancelCancelsTheUpstreamAndStopsDelivery() {
        let upstream = Source()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        #expect(upstream.cancelCount == 1)
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription])
    }

    @Test func aValueSentFromInsideReceiveWaitsForTheCurrentDelivery() {
        let upstream = Source()
        var depth = 0
        var deepest = 0
        let recorder = Recorder<Int, TestError>()
        recorder.onValue = { value in
            depth += 1
            deepest = max(deepest, depth)
            if value < 3 { upstream.send(value + 1) }
            depth -= 1
        }
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(1)
        #expect(recorder.values == [1, 2, 3])
        #expect(deepest == 1)
    }
}
