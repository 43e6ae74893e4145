import Streams
import StreamsTesting
import Testing

@Suite struct TimeoutTests {
    struct TimedOut: Error {}

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

@Suite struct TimeOperatorCancelTests {
    @Test func cancellingStopsTheTimersOfTimeoutAndCollectByTime() {
        let scheduler = TestScheduler()
        let timeout = scheduler.record(scheduler.hot("-a-----|").timeout(2, scheduler: scheduler))
        let collect = scheduler.record(scheduler.hot("-a-----|").collect(.byTime(scheduler, 2)))
        scheduler.advance(by: 1)
        timeout.cancel()
        collect.cancel()
        // Bounded: a timer left repeating would keep run() going forever.
        scheduler.advance(to: VirtualTime.zero.advanced(by: 20))
        #expect(timeout.marbles == "-a")
        #expect(collect.marbles == "")
        // Only the hot sources' own events were left to run: no timer repeats forever.
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func cancellingAThrottleDropsTheValueWaiting() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("ab|").throttle(for: 3, scheduler: scheduler, latest: true))
        scheduler.advance(by: 1)
        recording.cancel()
        scheduler.run()
        #expect(recording.marbles == "a")
    }
}
