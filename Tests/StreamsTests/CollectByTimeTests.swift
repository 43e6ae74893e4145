import Streams
import StreamsTesting
import Testing

@Suite struct CollectByTimeTests {
    @Test func byTimePublishesWhatEachPeriodGathered() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("ab-c-d---|").collect(.byTime(scheduler, 3)))
        scheduler.run()
        #expect(recording.values == [["a", "b"], ["c", "d"]])
        try recording.verify("---x--y--|", values: ["x": ["a", "b"], "y": ["c", "d"]])
    }

    @Test func byTimeOrCountPublishesAFullGroupAtOnceWithoutMovingThePeriods() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("---abcdefghij|").collect(.byTimeOrCount(scheduler, 5, 2)))
        scheduler.run()
        // Periods end at frames 5 and 10, counted from the subscription, full groups or not.
        #expect(recording.values == [["a", "b"], ["c", "d"], ["e", "f"], ["g"], ["h", "i"], ["j"]])
        #expect(recording.marbles == "----a-b-c-de-(f|)")
    }

    @Test func aFailureDropsWhatWasGathered() throws {
        struct Boom: Error {}
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("ab#", error: Boom()).collect(.byTime(scheduler, 5)))
        scheduler.run()
        try recording.verify("--#")
    }

    @Test func groupsFallingDueWithoutDemandAreDropped() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("a-b-c|").collect(.byTime(scheduler, 2)), demand: .max(1))
        scheduler.run()
        #expect(recording.values == [["a"]])
        #expect(recording.marbles == "--a--|")
    }

    @Test func byTimeOrCountAsksTheUpstreamForCountValuesPerGroupRequested() {
        let scheduler = TestScheduler()
        let upstream = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<[Int], TestError>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.collect(.byTimeOrCount(scheduler, 10, 3)).subscribe(recorder)
        #expect(upstream.requests == [.max(6)])
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        scheduler.advance()
        #expect(recorder.values == [[1, 2, 3]])
        // The subscriber asked for one more group when it received this one.
        #expect(upstream.requests == [.max(6), .max(3)])
        recorder.request(.unlimited)
        #expect(upstream.requests == [.max(6), .max(3), .unlimited])
    }

    @Test func byTimeAsksTheUpstreamForEverything() {
        let scheduler = TestScheduler()
        let upstream = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<[Int], TestError>(initialDemand: .max(1))
        upstream.collect(.byTime(scheduler, 10)).subscribe(recorder)
        recorder.request(.max(1))
        #expect(upstream.requests == [.unlimited])
    }
}
