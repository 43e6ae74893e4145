import Streams
import Testing

/// scan, reduce, collect, prefix, dropFirst, first, last, removeDuplicates.
@Suite struct StatefulOperatorTests {
    @Test func scanSendsRunningResults() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].generalPublisher.scan(0, +).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(3)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(3), .value(6), .finished])
    }

    @Test func scanFailureAndCancel() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.scan(0, +).subscribe(recorder)
        subject.send(2)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(2), .failure("oops")])

        let other = PassthroughSubject<Int, Never>()
        let cancelled = Recorder<Int, Never>()
        other.scan(0, +).subscribe(cancelled)
        other.send(1)
        cancelled.cancel()
        other.send(1)
        #expect(cancelled.history == [.subscription, .value(1)])
    }

    @Test func tryScanFails() {
        let recorder = Recorder<Int, any Error>()
        [1, 2, 3].publisher.tryScan(0) { sum, value in
            if value == 3 { throw TestError.oops }
            return sum + value
        }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(3), .failure("oops")])
    }

    @Test func reduceSendsOneResultWhenDemanded() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        subject.reduce(0, +).subscribe(recorder)
        (1...4).forEach(subject.send)
        #expect(recorder.history == [.subscription])
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(10), .finished])
    }

    @Test func reduceWaitsForDemandAfterFinishing() {
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        Empty<Int, Never>().reduce(5, +).subscribe(recorder)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(5), .finished])
    }

    @Test func reduceFailureAndTryReduce() {
        let failing = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .oops).reduce(0, +).subscribe(failing)
        #expect(failing.history == [.subscription, .failure("oops")])
        let throwing = Recorder<Int, any Error>()
        [1, 2].generalPublisher.tryReduce(0) { _, _ in throw TestError.other }.subscribe(throwing)
        #expect(throwing.history == [.subscription, .failure("other")])
    }

    @Test func reduceCancelled() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.reduce(0, +).subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription])
    }

    @Test func collectEverythingOrInBatches() {
        let all = Recorder<[Int], Never>()
        (1...5).generalPublisher.collect().subscribe(all)
        #expect(all.history == [.subscription, .value([1, 2, 3, 4, 5]), .finished])
        let batches = Recorder<[Int], Never>(initialDemand: .max(1))
        (1...5).publisher.collect(2).subscribe(batches)
        #expect(batches.history == [.subscription, .value([1, 2])])
        batches.request(.unlimited)
        #expect(batches.history == [.subscription, .value([1, 2]), .value([3, 4]), .value([5]), .finished])
    }

    @Test func collectFailureDiscards() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<[Int], TestError>()
        subject.collect().subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func prefixFinishesAndCancelsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        var cancelled = 0
        let recorder = Recorder<Int, Never>()
        subject.handleEvents(receiveCancel: { cancelled += 1 }).prefix(2).subscribe(recorder)
        (1...4).forEach(subject.send)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(cancelled == 1)
    }

    @Test func prefixDemandAndEarlyCompletion() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].generalPublisher.prefix(5).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.request(.unlimited)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
        let ranged = Recorder<Int, Never>()
        (0..<10).generalPublisher.output(in: 3..<5).subscribe(ranged)
        #expect(ranged.history == [.subscription, .value(3), .value(4), .finished])
        let single = Recorder<Int, Never>()
        (0..<10).generalPublisher.output(at: 7).subscribe(single)
        #expect(single.values == [7])
    }

    @Test func dropFirstSkipsAndKeepsDemand() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        (1...4).generalPublisher.dropFirst(2).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(3), .value(4), .finished])
        let failing = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .oops).dropFirst().subscribe(failing)
        #expect(failing.history == [.subscription, .failure("oops")])
    }

    @Test func firstAndFirstWhere() {
        let first = Recorder<Int, Never>()
        (1...3).generalPublisher.first().subscribe(first)
        #expect(first.history == [.subscription, .value(1), .finished])
        let matching = Recorder<Int, Never>()
        (1...5).generalPublisher.first { $0 > 3 }.subscribe(matching)
        #expect(matching.history == [.subscription, .value(4), .finished])
        let none = Recorder<Int, Never>()
        (1...3).generalPublisher.first { $0 > 3 }.subscribe(none)
        #expect(none.history == [.subscription, .finished])
        let throwing = Recorder<Int, any Error>()
        (1...3).publisher.tryFirst { _ in throw TestError.oops }.subscribe(throwing)
        #expect(throwing.history == [.subscription, .failure("oops")])
    }

    @Test func firstWaitsForDemand() {
        // As in Combine, first() asks the upstream for everything at once, takes the first
        // value even before the downstream's request, and holds it until that request.
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        subject.first().subscribe(recorder)
        subject.send(1)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        subject.send(2)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test func lastAndLastWhere() {
        let last = Recorder<Int, Never>()
        (1...3).generalPublisher.last().subscribe(last)
        #expect(last.history == [.subscription, .value(3), .finished])
        let matching = Recorder<Int, Never>()
        (1...5).generalPublisher.last { $0 < 3 }.subscribe(matching)
        #expect(matching.history == [.subscription, .value(2), .finished])
        let empty = Recorder<Int, Never>()
        Empty<Int, Never>().last().subscribe(empty)
        #expect(empty.history == [.subscription, .finished])
        let failing = PassthroughSubject<Int, TestError>()
        let failed = Recorder<Int, TestError>()
        failing.last().subscribe(failed)
        failing.send(1)
        failing.send(completion: .failure(.oops))
        #expect(failed.history == [.subscription, .failure("oops")])
    }

    @Test func removeDuplicates() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        [1, 1, 2, 2, 2, 1, 3].generalPublisher.removeDuplicates().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        recorder.request(.unlimited)
        #expect(recorder.values == [1, 2, 1, 3])
        #expect(recorder.history.last == .finished)
        let custom = Recorder<Int, Never>()
        [1, 3, 4, 6].publisher.removeDuplicates { $0 % 2 == $1 % 2 }.subscribe(custom)
        #expect(custom.values == [1, 4])
        let throwing = Recorder<Int, any Error>()
        [1, 2].publisher.tryRemoveDuplicates { _, _ in throw TestError.oops }.subscribe(throwing)
        #expect(throwing.history == [.subscription, .value(1), .failure("oops")])
    }
}
