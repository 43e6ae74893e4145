import Streams

/// Every event a publisher sent, each with the virtual time it arrived at. Made by
/// ``TestScheduler/record(_:demand:)``, which subscribes it.
///
/// ```swift
/// let recording = scheduler.record(scheduler.cold("-a-b|", values: ["a": 1, "b": 2]))
/// scheduler.run()
/// recording.marbles      // "-1-2|"
/// recording.values       // [1, 2]
/// try recording.verify("-1-2|")
/// ```
public final class Recording<Output, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // `@unchecked`: all mutable state is guarded by `lock`; upstream is called outside it.
    /// The values recorded.
    public typealias Input = Output

    /// One recorded event.
    public struct Event {
        /// What happened.
        public enum Kind {
            /// A value.
            case value(Output)
            /// The completion.
            case completion(Subscribers.Completion<Failure>)
        }

        /// When it arrived.
        public var time: VirtualTime
        /// What arrived.
        public var kind: Kind
    }

    private let scheduler: TestScheduler
    private let initialDemand: Subscribers.Demand
    private let lock = TestSchedulerLock()
    private var recorded: [Event] = []
    private var subscription: (any Subscription)?

    init(scheduler: TestScheduler, demand: Subscribers.Demand) {
        self.scheduler = scheduler
        initialDemand = demand
    }

    /// The events in the order they arrived.
    public var events: [Event] { lock.withLock { recorded } }

    /// The values in the order they arrived.
    public var values: [Output] {
        events.compactMap { if case .value(let value) = $0.kind { value } else { nil } }
    }

    /// The completion, once it has arrived.
    public var completion: Subscribers.Completion<Failure>? {
        events.lazy.compactMap { if case .completion(let completion) = $0.kind { completion } else { nil } }.first
    }

    /// Whether the publisher has finished or failed.
    public var isComplete: Bool { completion != nil }

    /// The events as a line of marbles, one character per frame of the scheduler: a value
    /// whose description is one character is drawn as itself, others as letters
    /// (``diagram`` adds the legend saying which letter is which).
    public var marbles: String {
        let timeline = self.timeline
        return timeline.marbles(legend: MarbleLegend([timeline]))
    }

    /// ``marbles`` followed by the legend's lines (`a = 10`, `# = SomeError()`), if any.
    public var diagram: String {
        let timeline = self.timeline
        let legend = MarbleLegend([timeline])
        return ([timeline.marbles(legend: legend)] + legend.lines).joined(separator: "\n")
    }

    /// The events at their frames, values described.
    public var timeline: MarbleTimeline {
        MarbleTimeline(
            events.map { event in
                let frame = scheduler.frame(of: event.time)
                switch event.kind {
                case .value(let value): return (frame, .value(String(describing: value)))
                case .completion(.finished): return (frame, .finished)
                case .completion(.failure(let error)): return (frame, .failure(String(describing: error)))
                }
            })
    }

    /// Asks the publisher for `demand` more values.
    public func request(_ demand: Subscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    /// Cancels the subscription; nothing more is recorded.
    public func cancel() {
        let subscription = lock.withLock { () -> (any Subscription)? in
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }

    /// Keeps the subscription and asks for the initial demand.
    public func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    /// Records `input` and asks for nothing more (the initial demand says how many).
    public func receive(_ input: Output) -> Subscribers.Demand {
        let time = scheduler.now
        lock.withLock { recorded.append(Event(time: time, kind: .value(input))) }
        return .none
    }

    /// Records `completion`.
    public func receive(completion: Subscribers.Completion<Failure>) {
        let time = scheduler.now
        lock.withLock {
            recorded.append(Event(time: time, kind: .completion(completion)))
            subscription = nil
        }
    }
}

extension TestScheduler {
    /// Subscribes a ``Recording`` to `publisher` now, asking for `demand` values (all of
    /// them unless told otherwise); run the scheduler, then read the recording.
    public func record<P: Publisher>(
        _ publisher: P, demand: Subscribers.Demand = .unlimited
    ) -> Recording<P.Output, P.Failure> {
        let recording = Recording<P.Output, P.Failure>(scheduler: self, demand: demand)
        publisher.subscribe(recording)
        return recording
    }
}
