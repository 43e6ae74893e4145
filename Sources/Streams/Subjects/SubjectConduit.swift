/// The subscription a subject hands to one subscriber: its demand and its delivery
/// closures. Every stored property is guarded by the owning ``SubjectCore``'s lock.
///
/// The closures are created where the subscriber's concrete type is known, so calling
/// them runs specialised code; they are dropped (releasing the subscriber) on cancel or
/// completion, which is also how "nothing after cancel" is enforced.
@usableFromInline
final class SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline let owner: SubjectCore<Output, Failure>
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var receiveValue: ((Output) -> Subscribers.Demand)?
    @usableFromInline @exclusivity(unchecked) var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    /// A current-value subject owes the subscriber the latest value at its next demand.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool

    @inlinable
    init(
        owner: SubjectCore<Output, Failure>,
        receiveValue: @escaping (Output) -> Subscribers.Demand,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        owesCurrentValue: Bool
    ) {
        self.owner = owner
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
        self.owesCurrentValue = owesCurrentValue
    }

    @usableFromInline var description: String { "Subject subscription" }

    /// Decides whether a value about to be sent reaches this subscriber: returns the
    /// delivery closure and whether demand was unlimited, or `nil` to drop the value
    /// (cancelled, or no demand). Takes one unit of finite demand. Lock held.
    @inlinable @inline(__always)
    func claimDeliveryLocked() -> ((Output) -> Subscribers.Demand)? {
        guard let receive = receiveValue else { return nil }
        if demand.isUnlimited {
            return receive
        }
        if demand.rawValue == 0 {
            // A current-value subject delivers the newest value when demand comes.
            if owner.current != nil { owesCurrentValue = true }
            return nil
        }
        owesCurrentValue = false
        demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
        return receive
    }

    /// Ends the subscription; returns the completion closure to call after unlocking, or
    /// `nil` if it had already ended. Lock held.
    @inlinable
    func terminateLocked() -> ((Subscribers.Completion<Failure>) -> Void)? {
        let receiver = receiveCompletion
        receiveValue = nil
        receiveCompletion = nil
        return receiver
    }

    // `request` and `cancel` are usually reached through `any Subscription`, that is, as
    // unspecialised generic code: they touch only fields whose layout is independent of
    // `Output` and `Failure`, so they need no run-time type metadata.

    @inlinable
    func request(_ additional: Subscribers.Demand) {
        guard additional.rawValue != 0 else { return }
        owner.lock.lock()
        guard let receive = receiveValue else {
            owner.lock.unlock()
            return
        }
        demand += additional
        if demand.isUnlimited {
            owner.refreshFastPathLocked()
        }
        guard owesCurrentValue, let box = owner.current else {
            owner.lock.unlock()
            return
        }
        owesCurrentValue = false
        if !demand.isUnlimited {
            demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
        }
        let value = box.value
        owner.inFlight += 1
        owner.lock.unlock()
        owner.finishDelivery(to: self, returned: receive(value))
    }

    @inlinable
    func cancel() {
        owner.lock.lock()
        let value = receiveValue
        let completion = receiveCompletion
        receiveValue = nil
        receiveCompletion = nil
        owner.removeLocked(self)
        owner.lock.unlock()
        // Releasing the subscriber may run its deinit, which must not find the lock held.
        _fixLifetime(value)
        _fixLifetime(completion)
    }
}
