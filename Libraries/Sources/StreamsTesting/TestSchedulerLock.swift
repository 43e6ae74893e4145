#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex for ``TestScheduler``'s and ``Recording``'s state.
///
/// StreamsTesting avoids Foundation (every REPL cell imports this module, and importing
/// Foundation's module costs each cell compile time), and Streams' own lock is internal.
final class TestSchedulerLock: @unchecked Sendable {
    // `@unchecked`: the mutex is the synchronisation; it lives at a stable heap address.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex; never call back into user code from `body`.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
