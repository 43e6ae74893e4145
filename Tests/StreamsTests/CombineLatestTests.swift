import Dispatch
import Streams
import Testing

/// Tuples are not Equatable, so the tests record them as strings.
private func pair(_ a: Int, _ b: String) -> String { "\(a)\(b)" }

@Suite struct CombineLatestTests {
    @Test func publishesLatestPairsOnceBothHaveAValue() {
        let numbers = PassthroughSubject<Int, TestError>()
        let letters = PassthroughSubject<String, TestError>()
        let recorder = Recorder<String, TestError>()
        numbers.combineLatest(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        numbers.send(2)
        letters.send("a")
        numbers.send(3)
        letters.send("b")
        #expect(recorder.values == ["2a", "3a", "3b"])
        numbers.send(completion: .finished)
        letters.send("c")
        #expect(recorder.values == ["2a", "3a", "3b", "3c"])
        #expect(recorder.completionCount == 0, "waits for every upstream to finish")
        letters.send(completion: .finished)
        #expect(recorder.history.last == .finished)
    }

    @Test func failsAsSoonAsEitherFails() {
        let numbers = PassthroughSubject<Int, TestError>()
        let letters = PassthroughSubject<String, TestError>()
        let recorder = Recorder<String, TestError>()
        numbers.combineLatest(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        letters.send("a")
        letters.send(completion: .failure(TestError.oops))
        numbers.send(2)
        #expect(recorder.history == [.subscription, .value("1a"), .failure("oops")])
    }

    @Test func respectsDemandAndPublishesTheLatestWhenDemandArrives() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>(initialDemand: .max(1))
        numbers.combineLatest(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        letters.send("a")
        #expect(recorder.values == ["1a"])
        // Subjects drop values sent without demand, and the upstreams were asked for one
        // value each; the next demand lets new values through.
        recorder.request(.max(1))
        numbers.send(2)
        #expect(recorder.values == ["1a", "2a"])
    }

    @Test func combinesSequencesUnderBoundedDemand() {
        let recorder = Recorder<String, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.combineLatest(["a", "b"].publisher).map(pairString).subscribe(recorder)
        #expect(recorder.values.count == 2)
        recorder.request(.unlimited)
        #expect(recorder.values.last == "3b")
        #expect(recorder.history.last == .finished)
    }

    @Test func nothingArrivesAfterCancel() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>()
        numbers.combineLatest(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        letters.send("a")
        recorder.cancel()
        numbers.send(2)
        letters.send(completion: .finished)
        numbers.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value("1a")])
    }

    @Test func combinesFourUpstreams() {
        let recorder = Recorder<Int, Never>()
        Just(1).combineLatest(Just(2), Just(3), Just(4)).map { $0 + $1 + $2 + $3 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(10), .finished])
        let three = Recorder<Int, Never>()
        Just(1).combineLatest(Just(2), Just(3)).map { $0 * $1 * $2 }.subscribe(three)
        #expect(three.history == [.subscription, .value(6), .finished])
    }
}

@Suite struct ZipTests {
    @Test func pairsValuesOldestWithOldest() {
        let numbers = PassthroughSubject<Int, TestError>()
        let letters = PassthroughSubject<String, TestError>()
        let recorder = Recorder<String, TestError>()
        numbers.zip(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        numbers.send(2)
        numbers.send(3)
        letters.send("a")
        letters.send("b")
        #expect(recorder.values == ["1a", "2b"])
        letters.send(completion: .finished)
        #expect(recorder.history.last == .finished, "no more pairs can be formed")
        numbers.send(4)
        #expect(recorder.values == ["1a", "2b"])
        #expect(recorder.completionCount == 1)
    }

    @Test func finishesOnlyWhenTheFinishedSidesQueueIsEmpty() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>()
        numbers.zip(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        numbers.send(2)
        numbers.send(completion: .finished)
        #expect(recorder.completionCount == 0)
        letters.send("a")
        #expect(recorder.completionCount == 0)
        letters.send("b")
        #expect(recorder.history == [.subscription, .value("1a"), .value("2b"), .finished])
    }

    @Test func failsAsSoonAsEitherFails() {
        let numbers = PassthroughSubject<Int, TestError>()
        let letters = PassthroughSubject<String, TestError>()
        let recorder = Recorder<String, TestError>()
        numbers.zip(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        numbers.send(completion: .failure(TestError.oops))
        letters.send("a")
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func respectsDemand() {
        let recorder = Recorder<String, Never>(initialDemand: .max(2))
        [1, 2, 3, 4].publisher.zip(["a", "b", "c", "d"].publisher).map(pairString).subscribe(recorder)
        #expect(recorder.values == ["1a", "2b"])
        recorder.request(.max(1))
        #expect(recorder.values == ["1a", "2b", "3c"])
        recorder.request(.unlimited)
        #expect(recorder.history.suffix(2) == [.value("4d"), .finished])
    }

    @Test func nothingArrivesAfterCancel() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>()
        numbers.zip(letters).map(pairString).subscribe(recorder)
        numbers.send(1)
        recorder.cancel()
        letters.send("a")
        letters.send(completion: .finished)
        #expect(recorder.history == [.subscription])
    }

    @Test func zipsFourUpstreams() {
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.zip([10, 20].publisher, [100, 200].publisher, [1000].publisher)
            .map { $0 + $1 + $2 + $3 }
            .subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1111), .finished])
    }

    @Test func concurrentSendsFormEveryPairExactlyOnce() {
        let left = PassthroughSubject<Int, Never>()
        let right = PassthroughSubject<Int, Never>()
        let overlaps = OverlapDetector()
        let recorder = Recorder<Int, Never>(onValue: { _ in
            overlaps.enter()
            overlaps.leave()
        })
        left.zip(right).map { $0 * 10_000 + $1 }.subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for value in 0..<2_000 {
                (side == 0 ? left : right).send(value)
            }
        }
        #expect(recorder.values == (0..<2_000).map { $0 * 10_000 + $0 })
        #expect(overlaps.overlapCount == 0)
    }
}

private func pairString(_ a: Int, _ b: String) -> String { pair(a, b) }

@Suite struct CombiningTransformTests {
    @Test func transformVariantsApplyTheClosure() {
        let latest = Recorder<Int, Never>()
        Just(2).combineLatest(Just(3)) { $0 * $1 }.subscribe(latest)
        #expect(latest.history == [.subscription, .value(6), .finished])
        let latest4 = Recorder<Int, Never>()
        Just(1).combineLatest(Just(2), Just(3), Just(4)) { $0 + $1 + $2 + $3 }.subscribe(latest4)
        #expect(latest4.values == [10])
        let zipped = Recorder<String, Never>()
        [1, 2].publisher.zip(["a", "b"].publisher) { "\($0)\($1)" }.subscribe(zipped)
        #expect(zipped.history == [.subscription, .value("1a"), .value("2b"), .finished])
        let zipped3 = Recorder<Int, Never>()
        [1].publisher.zip([2].publisher, [3].publisher) { $0 + $1 + $2 }.subscribe(zipped3)
        #expect(zipped3.values == [6])
    }
}
