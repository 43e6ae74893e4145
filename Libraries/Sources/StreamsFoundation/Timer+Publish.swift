import Foundation

extension Timer {
    /// A connectable publisher of the current date every `interval` seconds, driven by a
    /// timer on `runLoop` in `mode`.
    ///
    /// ```swift
    /// Timer.publish(every: 1, on: .main, in: .common)
    ///     .autoconnect()
    ///     .sink { print($0) }
    /// ```
    ///
    /// Nothing ticks until `connect()` is called (or `autoconnect()` does it for the first
    /// subscriber); all subscribers share the ticks, and ticks meeting no demand are
    /// dropped. On Linux the run loop must be running for the timer to fire: a
    /// command-line program has to call `RunLoop.main.run()` (or `run(until:)`), and a
    /// background thread's run loop only runs while that thread runs it.
    public static func publish(
        every interval: TimeInterval,
        tolerance: TimeInterval? = nil,
        on runLoop: RunLoop,
        in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A connectable publisher of timer ticks. Created by
    /// `Timer.publish(every:tolerance:on:in:options:)`.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        // `@unchecked`: the connection is guarded by `lock`; ticks go through a
        // thread-safe subject.

        /// The date of each tick.
        public typealias Output = Date
        /// Ticking never fails.
        public typealias Failure = Never

        /// Seconds between ticks.
        public let interval: TimeInterval
        /// How late a tick may fire, if set.
        public let tolerance: TimeInterval?
        /// The run loop the timer is scheduled on.
        public let runLoop: RunLoop
        /// The run loop mode the timer is scheduled in.
        public let mode: RunLoop.Mode
        /// Options (run loops take none; kept for Combine compatibility).
        public let options: RunLoop.SchedulerOptions?

        private let lock = NSLock()
        private let ticks = PassthroughSubject<Date, Never>()
        private var connection: Connection?

        /// Creates a timer publisher; nothing ticks until `connect()`.
        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        /// Adds `subscriber` to the subscribers that receive the ticks.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            ticks.receive(subscriber: subscriber)
        }

        /// Starts the timer (once, however often it is called); cancelling the returned
        /// value stops it, and a later `connect()` starts a new one.
        public func connect() -> any Cancellable {
            lock.lock()
            defer { lock.unlock() }
            if let connection { return connection }
            let ticks = self.ticks
            let timer = Timer(timeInterval: interval, repeats: true) { _ in ticks.send(Date()) }
            if let tolerance { timer.tolerance = tolerance }
            runLoop.add(timer, forMode: mode)
            let connection = Connection(timer: timer) { [weak self] in self?.disconnect() }
            self.connection = connection
            return connection
        }

        private func disconnect() {
            lock.lock()
            connection = nil
            lock.unlock()
        }

        /// One running timer; cancelling invalidates it.
        private final class Connection: Cancellable, @unchecked Sendable {
            // `@unchecked`: `timer` is cleared under `lock`; invalidation is thread-safe.
            private let lock = NSLock()
            private var timer: Timer?
            private let onCancel: () -> Void

            init(timer: Timer, onCancel: @escaping () -> Void) {
                self.timer = timer
                self.onCancel = onCancel
            }

            func cancel() {
                lock.lock()
                let timer = self.timer
                self.timer = nil
                lock.unlock()
                guard let timer else { return }
                timer.invalidate()
                onCancel()
            }
        }
    }
}
