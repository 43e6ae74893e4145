/// A cancellable that cancels its work when it is deallocated.
///
/// Keep the `AnyCancellable` that `sink` and `assign` return for as long as you want the
/// subscription to run; dropping it cancels the subscription.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// var cancellable: AnyCancellable? = subject.sink { print($0) }
/// subject.send(1)     // prints 1
/// cancellable = nil   // cancels
/// subject.send(2)     // prints nothing
/// ```
///
/// The cancel action runs at most once, however many times and from however many
/// threads ``cancel()`` is called.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var cancelAction: (() -> Void)?

    /// Wraps a closure to run on the first ``cancel()`` or on deinit.
    @inlinable
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Wraps another cancellable, cancelling it on the first ``cancel()`` or on deinit.
    @inlinable
    public init<OtherCancellable: Cancellable>(_ canceller: OtherCancellable) {
        if let other = canceller as? AnyCancellable {
            cancelAction = other.cancel
        } else {
            cancelAction = canceller.cancel
        }
    }

    deinit {
        // Under the lock: the sink that `sink(...)` made may take the action away from
        // another thread when it ends (`releaseAction()`), without holding a reference.
        releaseAction()?()
    }

    /// Takes the action away under the lock without running it, so that it runs at most
    /// once: ``cancel()`` and deinit run what they get; the sink that
    /// ``Publisher/sink(receiveCompletion:receiveValue:)`` made, which has ended, drops it,
    /// so this cancellable no longer keeps that sink (and its closures) alive, and releases
    /// it after unlocking its own lock.
    @inlinable
    func releaseAction() -> (() -> Void)? {
        lock.lock()
        let action = cancelAction.take()
        lock.unlock()
        return action
    }

    /// Cancels the wrapped work, once.
    @inlinable
    public func cancel() {
        releaseAction()?()
    }

    /// Keeps this cancellable in `set`.
    @inlinable
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Keeps this cancellable in a collection such as an array.
    @inlinable
    public func store<Cancellables: RangeReplaceableCollection>(
        in collection: inout Cancellables
    ) where Cancellables.Element == AnyCancellable {
        collection.append(self)
    }

    /// Whether both are the same instance.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
