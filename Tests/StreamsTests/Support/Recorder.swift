import Foundation
import Streams

/// One event a ``Recorder`` saw. Failures are recorded by description so that histories
/// of any failure type (including `any Error`) compare with `==`.
enum Event<Value: Equatable>: Equatable, CustomStringConvertible {
    case subscription
    case value(Value)
    case finished
    case failure(String)

    var description: String {
        switch self {
        case .subscription: "subscription"
        case .value(let value): "value(\(value))"
        case .finished: "finished"
        case .failure(let error): "failure(\(error))"
        }
    }
}

/// A subscriber that records every event, with demand under the test's control.
///
/// - `initialDemand` is requested when the subscription arrives (`.none`: nothing).
/// - `demandPerValue` is returned from every `receive(_:)`.
/// - `onValue` runs inside `receive(_:)`, and `onCompletion` inside
///   `receive(completion:)` (after the completion is recorded), for re-entrancy tests.
final class Recorder<Input: Equatable, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Event<Input>] = []
    private var storedSubscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    var onValue: ((Input) -> Void)?
    var onCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    init(
        initialDemand: Subscribers.Demand = .unlimited,
        demandPerValue: Subscribers.Demand = .none,
        onValue: ((Input) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
        self.onValue = onValue
    }

    /// Everything received so far, in order.
    var history: [Event<Input>] {
        lock.withLock { recorded }
    }

    /// Only the values received so far.
    var values: [Input] {
        history.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    /// The subscription received, for `request` and `cancel`.
    var subscription: (any Subscription)? {
        lock.withLock { storedSubscription }
    }

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        subscription?.cancel()
    }

    func receive(subscription: any Subscription) {
        lock.withLock {
            recorded.append(.subscription)
            storedSubscription = subscription
        }
        if initialDemand != .none {
            subscription.request(initialDemand)
        }
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
            case .failure(let error): recorded.append(.failure("\(error)"))
            }
        }
        onCompletion?(completion)
    }
}

/// The error the tests send through streams.
enum TestError: Error, Equatable, CustomStringConvertible {
    case oops
    case other

    var description: String { self == .oops ? "oops" : "other" }
}
