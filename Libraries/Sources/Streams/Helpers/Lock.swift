#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if os(Linux)
import Synchronization
#endif

/// The one mutual-exclusion primitive of the Streams module.
///
/// Every type in the module that has shared mutable state guards it with a `Lock`, and
/// holds it only for the few instructions that read or change that state: never while
/// calling user code, a downstream subscriber or an upstream subscription. That rule is
/// what makes re-entrant sends work and keeps `deinit` from deadlocking.
///
/// - On Linux it is a test-and-set spin lock on a `Synchronization.Atomic` stored inline
///   (no allocation; locking is one compare-and-swap and unlocking one store, both
///   inlined; ThreadSanitizer understands the acquire/release orderings). Critical
///   sections are a handful of instructions, so a waiter spins briefly, then yields.
/// - On Darwin it wraps `os_unfair_lock` in heap storage with a stable address (no
///   macOS 15 requirement, unlike `Synchronization.Mutex` and `Atomic`); elsewhere a
///   pthread mutex the same way.
///
/// It is non-copyable: store it as `let lock = Lock()` in a class.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
    #if os(Linux)
    @usableFromInline let state: Atomic<UInt32>

    @inlinable
    init() {
        state = Atomic(0)
    }

    /// Blocks until the lock is acquired. Never call it twice on one thread.
    @inlinable @inline(__always)
    func lock() {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            return
        }
        lockContended()
    }

    @inlinable @inline(never)
    func lockContended() {
        var spins = 0
        while true {
            if state.load(ordering: .relaxed) == 0,
                state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
            spins += 1
            if spins >= 64 {
                sched_yield()
                spins = 0
            }
        }
    }

    /// Releases the lock acquired by this thread's `lock()`.
    @inlinable @inline(__always)
    func unlock() {
        state.store(0, ordering: .releasing)
    }
    #elseif canImport(Darwin)
    @usableFromInline let storage: UnsafeMutablePointer<os_unfair_lock_s>

    @inlinable
    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: os_unfair_lock_s())
    }

    @inlinable
    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Blocks until the lock is acquired. Never call it twice on one thread.
    @inlinable @inline(__always)
    func lock() {
        os_unfair_lock_lock(storage)
    }

    /// Releases the lock acquired by this thread's `lock()`.
    @inlinable @inline(__always)
    func unlock() {
        os_unfair_lock_unlock(storage)
    }
    #else
    // Other platforms: a default pthread mutex in heap storage with a stable address.
    @usableFromInline let storage: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: pthread_mutex_t())
        pthread_mutex_init(storage, nil)
    }

    @inlinable
    deinit {
        pthread_mutex_destroy(storage)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Blocks until the lock is acquired. Never call it twice on one thread.
    @inlinable @inline(__always)
    func lock() {
        pthread_mutex_lock(storage)
    }

    /// Releases the lock acquired by this thread's `lock()`.
    @inlinable @inline(__always)
    func unlock() {
        pthread_mutex_unlock(storage)
    }
    #endif

    /// Runs `body` with the lock held. `body` must not call out of the module's own code.
    @inlinable @inline(__always)
    func withLock<Result, E: Error>(_ body: () throws(E) -> Result) throws(E) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
