#if os(Linux)
import Synchronization
#endif

/// A flag that is set once, when a subscriber completes or is cancelled, and read on
/// every value without taking a lock: on Linux an atomic load (a plain load on x86), so
/// a subscriber on the hot path can ignore values after its end at no measurable cost.
/// Elsewhere (where `Atomic` needs a newer system than the package supports) it sits
/// behind a ``Lock``.
///
/// Module-internal building block: set it when the subscriber's own lock-guarded state
/// ends; a value racing with the end may still pass, as in Combine.
@usableFromInline
struct TerminationFlag: ~Copyable, @unchecked Sendable {
    #if os(Linux)
    @usableFromInline let state: Atomic<Bool>

    @inlinable
    init() {
        state = Atomic(false)
    }

    /// Whether the subscriber has ended.
    @inlinable @inline(__always)
    var isSet: Bool { state.load(ordering: .acquiring) }

    /// Marks the subscriber as ended.
    @inlinable @inline(__always)
    func set() {
        state.store(true, ordering: .releasing)
    }
    #else
    @usableFromInline let lock = Lock()
    @usableFromInline let storage: UnsafeMutablePointer<Bool>

    @inlinable
    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: false)
    }

    @inlinable
    deinit {
        storage.deallocate()
    }

    /// Whether the subscriber has ended.
    @inlinable
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage.pointee
    }

    /// Marks the subscriber as ended.
    @inlinable
    func set() {
        lock.lock()
        storage.pointee = true
        lock.unlock()
    }
    #endif
}
