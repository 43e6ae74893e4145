import Streams
import StreamsTesting
import Testing

@Suite struct ThrottleTests {
    @Test func withoutLatestPublishesTheFirstValueOfEachInterval() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("ab-c---d|").throttle(for: 3, scheduler: scheduler, latest: false))
        scheduler.run()
        try recording.verify("a--b---d|")
    }

    @Test func theCompletionFollowsAValueStillToBePublished() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("ab|").throttle(for: 3, scheduler: scheduler, latest: true))
        scheduler.run()
        try recording.verify("a--(b|)")
    }

    @Test func aFailureWithNothingWaitingArrivesAtOnce() throws {
        struct Boom: Error {}
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("a---#", error: Boom()).throttle(for: 2, scheduler: scheduler, latest: true))
        scheduler.run()
        try recording.verify("a---#")
    }

    @Test func valuesArrivingWithoutDemandAreDropped() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("abc|").throttle(for: 1, scheduler: scheduler, latest: true), demand: .max(1))
        scheduler.run()
        try recording.verify("a--|")
    }
}
