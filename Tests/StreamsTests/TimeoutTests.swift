import Streams
import StreamsTesting
import Testing

@Suite struct TimeoutTests {
    struct TimedOut: Error {}

    @Test func finishesWhenTheUpstreamIsSilentTooLong() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("a-b----c|").timeout(3, scheduler: scheduler))
        scheduler.run()
        try recording.verify("a-b--|")
    }

    @Test func failsWithTheCustomError() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("a-b----c|", error: TimedOut())
                .timeout(3, scheduler: scheduler, customError: { TimedOut() }))
        scheduler.run()
        try recording.verify("a-b--#")
    }

    @Test func countsFromTheSubscriptionForTheFirstValue() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-----a|").timeout(2, scheduler: scheduler))
        scheduler.run()
        try recording.verify("--|")
    }

    @Test func anUpstreamInTimeIsUntouched() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-a-b|").timeout(2, scheduler: scheduler))
        scheduler.run()
        try recording.verify("-a-b|")
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func passesDemandUpstream() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("abc|").timeout(5, scheduler: scheduler), demand: .max(2))
        scheduler.run()
        try recording.verify("ab-|")
    }
}
