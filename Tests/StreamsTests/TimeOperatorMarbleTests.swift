import Streams
import StreamsTesting
import Testing

/// The time-based operators that existed before the test scheduler, drawn as marbles
/// (each documented operator's headline diagram is in OperatorMarbles, which
/// OperatorMarbleTests checks).
@Suite struct TimeOperatorMarbleTests {
    @Test func debounceOfAHotSource() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.hot("-x^a-b---c|").debounce(for: 2, scheduler: scheduler))
        scheduler.run()
        // b replaces a at frame 3, c still waits when the source finishes at frame 8.
        try recording.verify("-----b--|")
    }

    @Test func receiveOnDeliversAtTheSameFrames() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-a-b|").receive(on: scheduler))
        scheduler.run()
        try recording.verify("-a-b|")
    }

    @Test func subscribeOnSubscribesWhenTheSchedulerRuns() throws {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b|")
        let recording = scheduler.record(source.subscribe(on: scheduler))
        scheduler.advance(to: VirtualTime.zero.advanced(by: 2))
        let late = scheduler.record(source.subscribe(on: scheduler))
        scheduler.run()
        try recording.verify("-a-b|")
        try late.verify("---a-b|")
    }
}
