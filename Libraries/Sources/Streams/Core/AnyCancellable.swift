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
    /// Set by ``cancel()``, under the lock, once the action is gone. From then on nothing
    /// reaches this cancellable but its owners: the sink that
    /// ``Publisher/sink(receiveCompletion:receiveValue:)`` made either took the action
    /// itself (under the lock, which ``cancel()`` then waited for) or was cancelled by it,
    /// which makes it forget this cancellable. So deinit reads it without the lock.
    @usableFromInline @exclusivity(unchecked) var isCancelled = false
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
        // Cancelled already: no action left, and no sink that could still reach this
        // cancellable (see `isCancelled`); skipping the lock saves an atomic operation on
        // the common path, `cancel()` then release.
        if isCancelled { return }
        // Under the lock: the sink that `sink(...)` made may take the action away from
        // another thread when it ends (`releaseAction(cancelling:)`), without holding a
        // reference.
        releaseAction(cancelling: false)?()
    }

    /// Takes the action away under the lock without running it, so that it runs at most
    /// once: ``cancel()`` (`cancelling`, which also sets ``isCancelled``) and deinit run
    /// what they get; the sink that ``Publisher/sink(receiveCompletion:receiveValue:)``
    /// made, which has ended, drops it, so this cancellable no longer keeps that sink (and
    /// its closures) alive, and releases it after unlocking its own lock.
    @inlinable
    func releaseAction(cancelling: Bool) -> (() -> Void)? {
        lock.lock()
        let action = cancelAction.take()
        if cancelling { isCancelled = true }
        lock.unlock()
        return action
    }

    /// Cancels the wrapped work, once.
    @inlinable
    public func cancel() {
        releaseAction(cancelling: true)?()
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
