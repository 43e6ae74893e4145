import Foundation
import Streams

/// A subscriber that records everything it receives, for assertions on event histories.
/// It requests `initialDemand` when subscribed and `demandPerValue` after each value,
/// and lets the test request more or cancel. Thread-safe, so operators that deliver on
/// other threads can be checked too.
final class EventRecorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // `@unchecked`: all mutable state is guarded by `lock`.
    enum Event {
        case subscription
        case value(Input)
        case finished
        case failure(Failure)
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private let onValue: (@Sendable (Input) -> Void)?

    init(initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none,
         onValue: (@Sendable (Input) -> Void)? = nil) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
        self.onValue = onValue
    }

    func receive(subscription: any Subscription) {
        lock.withLock {
            recorded.append(.subscription)
            self.subscription = subscription
        }
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recorded.append(.value(input)) }
        onValue?(input)
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            switch completion {
            case .finished: recorded.append(.finished)
            case .failure(let error): recorded.append(.failure(error))
            }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription }?.cancel()
    }

    var events: [Event] { lock.withLock { recorded } }

    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    var completionCount: Int {
        events.filter { if case .value = $0 { false } else if case .subscription = $0 { false } else { true } }.count
    }

    /// Waits (polling, generous bound) until `condition` holds for the recorder.
    func wait(timeout: TimeInterval = 10, until condition: (EventRecorder) -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(self) && Date() < deadline {
            usleep(1_000)
        }
    }
}

extension EventRecorder.Event: Equatable where Input: Equatable, Failure: Equatable {}

/// The error used by failing test publishers.
struct TestError: Error, Equatable, Sendable {
    var code = 1
}
