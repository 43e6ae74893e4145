import Foundation
import Streams
import TestWaiting
import Testing

/// A value buffered by a fan-in operator (`merge`, `combineLatest`, `zip`,
/// `switchToLatest`) may be the last reference to an object whose deinit is user code.
/// When the subscription ends, such values must be released after the operator's lock
/// is released: a deinit that sends into one of the operator's upstreams then finds the
/// subscription ended instead of a lock its own thread holds.
@Suite struct FanInReleaseTests {
    @Test func mergeCancelledWithABufferedValueWhoseDeinitSendsDoesNotDeadlock() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        let c = PassthroughSubject<Token, Never>()
        let recorder = Recorder<Token, Never>()
        let first = Token()
        recorder.onValue = { value in
            guard value == first else { return }
            // Sent while merge delivers `first`: merge buffers it. Its deinit sends into
            // C, whose subject is idle, so the send reaches merge at once.
            b.send(Token { c.send(Token()) })
            recorder.cancel()
        }
        a.merge(with: b, c).subscribe(recorder)
        #expect(finishesInTime { a.send(first) })
        #expect(recorder.values == [first])
    }

    @Test func combineLatestCancelledWithABufferedValueWhoseDeinitSendsDoesNotDeadlock() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        let recorder = Recorder<Token, Never>()
        let combined = a.combineLatest(b).map { $0.0 }
        combined.subscribe(recorder)
        // Only A has a value: combineLatest keeps it, waiting for B.
        do { a.send(Token { a.send(Token()) }) }
        #expect(finishesInTime { recorder.cancel() })
        #expect(recorder.values.isEmpty)
    }

    @Test func zipCancelledWithABufferedValueWhoseDeinitSendsDoesNotDeadlock() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        let recorder = Recorder<Token, Never>()
        a.zip(b).map { $0.0 }.subscribe(recorder)
        do { a.send(Token { a.send(Token()) }) }
        #expect(finishesInTime { recorder.cancel() })
        #expect(recorder.values.isEmpty)
    }

    // A value stays in the operator's buffer after it has been delivered, until the
    // buffer is emptied: then the buffer may hold the last reference to it.

    @Test func mergeReleasesBufferedValuesItDeliveredOutsideTheLock() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        let c = PassthroughSubject<Token, Never>()
        let first = Token()
        let probe = ProbeSubscriber<Token, Never>(onValue: { value in
            guard value == first else { return }
            // Both buffered behind `first`; the first one's deinit sends into idle C
            // once the buffer is emptied after delivering the second.
            b.send(Token { c.send(Token()) })
            b.send(Token())
        })
        a.merge(with: b, c).subscribe(probe)
        #expect(finishesInTime { a.send(first) })
        #expect(probe.received == 4)
    }

    @Test func zipReleasesQueuedValuesItDeliveredOutsideTheLock() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Int, Never>()
        let probe = ProbeSubscriber<(Token, Int), Never>()
        a.zip(b).subscribe(probe)
        // A's queue holds both; the first, once zipped and delivered, is released when
        // the second empties the queue. Its deinit sends into A, which is idle then.
        do {
            a.send(Token { a.send(Token()) })
            a.send(Token())
        }
        b.send(1)
        #expect(finishesInTime { b.send(2) })
        #expect(probe.received == 2)
    }

    @Test func combineLatestReleasesTheValueItReplacesOutsideTheLock() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Int, Never>()
        let probe = ProbeSubscriber<(Token, Int), Never>()
        a.combineLatest(b).subscribe(probe)
        // Kept as A's latest value until the next one replaces it; its deinit sends
        // into B.
        do { a.send(Token { b.send(1) }) }
        #expect(finishesInTime { a.send(Token()) })
        #expect(probe.received == 1)
    }

    @Test func switchToLatestReleasesQueuedValuesItDeliveredOutsideTheLock() {
        let outer = PassthroughSubject<ControlledPublisher<Token, Never>, Never>()
        let inner = ControlledPublisher<Token, Never>()
        let first = Token()
        let probe = ProbeSubscriber<Token, Never>(onValue: { value in
            guard value == first else { return }
            // Sent while `first` is delivered (the controlled publisher calls straight
            // in): both queued. The first one's deinit switches to a new inner.
            inner.send(Token { outer.send(ControlledPublisher()) })
            inner.send(Token())
        })
        outer.switchToLatest().subscribe(probe)
        outer.send(inner)
        #expect(finishesInTime { inner.send(first) })
        #expect(probe.received == 3)
    }

    @Test func mergeReleasesASubscriberThatCancelsDuringDeliveryOutsideTheLock() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let handle = SubscriptionHandle()
        // Cancelling lets go of the subscriber, but the delivering thread still holds
        // it: its last reference goes when that delivery returns. Its deinit cancels
        // again, as an object that owns its subscription does.
        a.merge(with: b).subscribe(
            ProbeSubscriber<Int, Never>(
                handle: handle, onValue: { _ in handle.cancel() }, onDeinit: { handle.cancel() }))
        #expect(finishesInTime { a.send(1) })
    }
}
