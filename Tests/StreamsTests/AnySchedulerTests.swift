import Dispatch
import Foundation
import Streams
import StreamsFoundation
import StreamsTesting
import Testing

/// `AnyScheduler` passes every call to the scheduler it wraps, and the one made from a
/// `TestScheduler` puts a dispatch-queue clock on the test scheduler's virtual time.
@Suite struct AnySchedulerTests {
    @Test func forwardsToTheWrappedScheduler() {
        let clock = TestScheduler()
        let erased: AnySchedulerOf<TestScheduler> = clock.eraseToAnyScheduler()
        var ran: [String] = []
        erased.schedule { ran.append("now") }
        erased.schedule(after: VirtualTime(nanoseconds: 5_000_000_000)) { ran.append("at 5 s") }
        #expect(ran.isEmpty)  // nothing runs until the test scheduler does
        clock.advance(by: .seconds(5))
        #expect(ran == ["now", "at 5 s"])
        #expect(erased.now == clock.now)
    }

    @Test func aDispatchQueueSchedulerOnATestSchedulersClock() {
        let clock = TestScheduler()
        let scheduler = AnySchedulerOf<DispatchQueue>(clock)
        let start = scheduler.now
        #expect(start == AnySchedulerOf<DispatchQueue>.dispatchOrigin)
        var ran: [Int] = []
        scheduler.schedule(after: start.advanced(by: .milliseconds(300))) { ran.append(clock.now.nanoseconds) }
        clock.advance(by: .milliseconds(299))
        #expect(ran.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(ran == [300_000_000])
        #expect(start.distance(to: scheduler.now) == .milliseconds(300))
    }

    @Test func aRepeatingActionOnTheTestClockStopsWhenCancelled() {
        let clock = TestScheduler()
        let scheduler = AnySchedulerOf<DispatchQueue>(clock)
        var ticks = 0
        let repeating = scheduler.schedule(
            after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)
        ) { ticks += 1 }
        clock.advance(by: .seconds(3))
        #expect(ticks == 3)
        repeating.cancel()
        clock.advance(by: .seconds(3))
        #expect(ticks == 3)
    }

    @Test func debounceRunsOnVirtualTimeThroughTheErasedScheduler() {
        let clock = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.debounce(for: .milliseconds(300), scheduler: AnySchedulerOf<DispatchQueue>(clock))
            .sink { received.append($0) }
        subject.send(1)
        clock.advance(by: .milliseconds(200))
        subject.send(2)
        clock.advance(by: .milliseconds(299))
        #expect(received.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(received == [2])
        subscription.cancel()
    }

    @Test func immediateSchedulersRunEveryActionAtOnce() {
        var ran: [String] = []
        AnySchedulerOf<DispatchQueue>.immediate.schedule(after: .init(.now() + .seconds(60))) { ran.append("queue") }
        AnySchedulerOf<ImmediateScheduler>.immediate.schedule { ran.append("immediate") }
        AnySchedulerOf<RunLoop>.immediate.schedule(after: .init(Date.distantFuture)) { ran.append("run loop") }
        let once = AnySchedulerOf<OperationQueue>.immediate.schedule(
            after: .init(Date()), interval: .seconds(1)
        ) { ran.append("operation queue") }
        once.cancel()
        #expect(ran == ["queue", "immediate", "run loop", "operation queue"])
    }

    @Test func mainWrapsTheMainQueue() async {
        // Marks the main queue, so that the action can tell which queue runs it (the
        // thread that drains the main queue under the test runner need not be the main one).
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let queue: String? = await withCheckedContinuation { continuation in
            AnySchedulerOf<DispatchQueue>.main.schedule {
                continuation.resume(returning: DispatchQueue.getSpecific(key: key))
            }
        }
        #expect(queue == "main")
    }
}
