import Foundation
import Streams
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

    /// Runs `body` on another thread; `false` if it has not returned after 5 seconds (a
    /// deadlocked thread is left spinning: the test has failed either way).
    private func finishesInTime(_ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + 5) == .success
    }
}

/// A value whose deinit runs `onDeinit`.
private final class Token: Equatable, @unchecked Sendable {
    let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void = {}) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }

    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
}
