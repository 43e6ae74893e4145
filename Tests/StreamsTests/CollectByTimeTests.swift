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

    @Test func byTimeOrCountPublishesAFullGroupAtOnceAndRestartsThePeriod() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("abc---d|").collect(.byTimeOrCount(scheduler, 4, 2)))
        scheduler.run()
        #expect(recording.values == [["a", "b"], ["c"], ["d"]])
        #expect(recording.marbles == "-a---b-(c|)")
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
}
