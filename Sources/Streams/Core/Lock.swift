#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one mutual-exclusion primitive of the Streams module.
///
/// Every type in the module that has shared mutable state guards it with a `Lock`, and
/// holds it only for the few instructions that read or change that state: never while
/// calling user code, a downstream subscriber or an upstream subscription. That rule is
/// what makes re-entrant sends work and keeps `deinit` from deadlocking.
///
/// It wraps `os_unfair_lock` on Darwin and a default (non-recursive) `pthread_mutex_t`
/// elsewhere; both are understood by ThreadSanitizer. The storage is heap-allocated so
/// that its address is stable, and the type is non-copyable so that it is freed exactly
/// once, by its owner's deinitialiser. It does not need macOS 15, unlike
/// `Synchronization.Mutex`.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline let storage: UnsafeMutablePointer<os_unfair_lock_s>
    #else
    @usableFromInline let storage: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    @inlinable
    init() {
        storage = .allocate(capacity: 1)
        #if canImport(Darwin)
        storage.initialize(to: os_unfair_lock_s())
        #else
        storage.initialize(to: pthread_mutex_t())
        pthread_mutex_init(storage, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(storage)
        #endif
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Blocks until the lock is acquired. Never call it twice on one thread.
    @inlinable @inline(__always)
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(storage)
        #else
        pthread_mutex_lock(storage)
        #endif
    }

    /// Releases the lock acquired by this thread's `lock()`.
    @inlinable @inline(__always)
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(storage)
        #else
        pthread_mutex_unlock(storage)
        #endif
    }

    /// Runs `body` with the lock held. `body` must not call out of the module's own code.
    @inlinable @inline(__always)
    func withLock<Result, E: Error>(_ body: () throws(E) -> Result) throws(E) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
