/// A subject that holds a current value, gives it to each new subscriber, and broadcasts
/// every change.
///
/// A subscriber receives the current value as soon as it first has demand, then every
/// value sent afterwards (if a value arrives while its demand is used up, it receives the
/// newest value when it next asks).
///
/// ```swift
/// let volume = CurrentValueSubject<Int, Never>(5)
/// let cancellable = volume.sink { print("volume", $0) }   // volume 5
/// volume.value = 7                                          // volume 7
/// volume.send(8)                                            // volume 8
/// ```
///
/// Like ``PassthroughSubject``, it is safe to use from several threads, never calls one
/// subscriber from two threads at once, and delivers a value sent from inside a
/// subscriber's `receive` right after that `receive` returns, keeping the order of sends.
/// It is biased to its sending thread in the same way (reading ``value`` from another
/// thread also ends the bias).
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    @usableFromInline let core: SubjectCore<Output, Failure>

    /// Makes a subject whose current value is `value`.
    @inlinable
    public init(_ value: Output) {
        core = SubjectCore(current: value)
    }

    /// The current value. Setting it sends the new value to the subscribers; once the
    /// subject has completed, setting it only stores it (as in Combine, where
    /// ``send(_:)`` after completion changes nothing).
    @inlinable
    public var value: Output {
        get {
            core.lockReconcilingBias()
            defer { core.lock.unlock() }
            // Never nil: a current-value core is created with a value and only replaced.
            return core.current!.value
        }
        set {
            core.send(newValue, storingAfterCompletion: true)
        }
    }

    /// Attaches `subscriber`; it receives the current value at its first demand.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber)
    }

    /// Makes `value` current and sends it to every subscriber with outstanding demand.
    @inlinable
    public func send(_ value: Output) {
        core.send(value)
    }

    /// Completes every subscriber, once; later sends of any kind are ignored.
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }

    /// Keeps `subscription` (from a publisher feeding this subject) and requests
    /// unlimited values from it.
    @inlinable
    public func send(subscription: any Subscription) {
        core.send(subscription: subscription)
    }
}
