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
}
