#if os(Linux)
import Synchronization
#endif

#if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
// CAsymmetricFence's light fence that also tells which thread calls it (declared here, not
// imported, for the reason SubjectBias.swift gives).
@usableFromInline @_silgen_name("asymmetric_fence_light_current_thread")
func asymmetricFenceLightCurrentThread() -> UInt
#endif

/// How a ``Subscribers/Sink`` knows, when it ends, whether a value is being delivered to
/// its closures, so that it releases them then (as Combine's sink does) without freeing
/// one that is still running, and without a lock, an atomic read-modify-write or a
/// retain per value.
///
/// Module-internal building block: the sink keeps one next to its ``Lock``.
///
/// ## The words
/// - `depth`: how many deliveries of a value are under way: one, or more when a closure's
///   own code makes the upstream deliver again on the same thread. Written only by the
///   delivering thread (deliveries to one subscriber never overlap: the Subscriber
///   contract), with plain stores.
/// - `owner` (Linux with `membarrier(2)`): the thread that delivers without the lock (its
///   thread pointer), or `0`. Written under the sink's lock only: when the subscription
///   arrives (the subscribing thread), and when a value arrives on another thread (which
///   takes the lock once to take over).
///
/// ## The protocol on Linux
/// A delivery: `depth += 1`; light fence (a compiler barrier, one call that also returns
/// the calling thread); on the owner thread, if the sink has not ended, call the closure
/// (read without retaining it); `depth -= 1` (release); light fence; if the sink has ended
/// and `depth` is `0`, release the closures (under the lock, once). Any other thread counts
/// itself out at once, takes the lock, ignores the value if the sink has ended (releasing
/// the closures if nobody is left to), and becomes the owner.
///
/// The end (a completion or a cancel) sets the sink's end flag under the lock, then:
/// - a completion, or a cancel on the owner thread (or before any owner): deliveries are
///   ordered before it (the Subscriber contract; program order on the owner thread;
///   another thread would take the lock to deliver and find the end), so `depth` is
///   exact: `0` releases the closures now, more means the end came from inside a
///   closure, whose delivery releases them when it returns;
/// - a cancel on another thread: the heavy fence (`membarrier`), then `depth`: `0`
///   releases the closures, more leaves them to the delivery under way.
///
/// Why it is correct (Dekker's argument, the fence made asymmetric as in ``SubjectBias``):
/// the owner stores `depth` then loads the end flag; the foreign canceller stores the end
/// flag then loads `depth`; the light fence keeps the compiler from swapping the owner's
/// two, and `membarrier` makes the owner's processor execute a full barrier between them
/// wherever it stands, so at least one of the two loads sees the other side's store. If
/// the canceller reads `0`, a delivery starting now sees the end and calls nothing; a
/// delivery that had begun is visible as `1` and releases the closures itself, since the
/// same argument makes its final load of the end flag see the cancel. Both may see each
/// other at the end of a delivery: the lock makes the release happen once. A cancel on
/// the owner thread needs no fence (program order); so the common case, a sink cancelled
/// on the thread that delivers to it, costs nothing more. ThreadSanitizer sees the same
/// order through the release stores and acquire loads of `depth` and the end flag.
///
/// ## Elsewhere
/// Without `membarrier` (other platforms, an old kernel, a sandbox that forbids it, or a
/// build with `STREAMS_NO_SUBJECT_BIAS`, which `SWIFTLAB_SUBJECT_BIAS=off` sets so that
/// Linux tests this path too) there is never an owner: every value takes the lock to count
/// itself in `depth` and again to count itself out, as Combine's sink takes a lock per
/// value, and the end reads `depth` under the lock.
@usableFromInline
struct SinkDelivery: ~Copyable, @unchecked Sendable {
    #if os(Linux)
    @usableFromInline let owner = Atomic<UInt>(0)
    @usableFromInline let depth = Atomic<UInt>(0)

    @inlinable
    init() {}

    /// Deliveries under way, read under the lock or by the delivering thread.
    @inlinable @inline(__always)
    var current: UInt { depth.load(ordering: .acquiring) }

    /// Sets the count of deliveries under way (delivering thread, or under the lock in
    /// the locked protocol).
    @inlinable @inline(__always)
    func setCurrent(_ count: UInt) {
        depth.store(count, ordering: .releasing)
    }
    #else
    @usableFromInline let storage: UnsafeMutablePointer<UInt>

    @inlinable
    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
    }

    @inlinable
    deinit {
        storage.deallocate()
    }

    /// Deliveries under way; under the sink's lock.
    @inlinable @inline(__always)
    var current: UInt { storage.pointee }

    /// Sets the count of deliveries under way; under the sink's lock.
    @inlinable @inline(__always)
    func setCurrent(_ count: UInt) {
        storage.pointee = count
    }
    #endif

    #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
    /// Counts a delivery in, then fences and tells whether the calling thread is the
    /// owner (it may then call the closure if the sink has not ended). Returns the count
    /// before. A thread that is not the owner counts itself out at once with
    /// ``leave(restoring:)`` and takes the lock: its count, seen or not by an end on
    /// another thread, never covers a call (the lock path finds the end, and releases the
    /// closures if the end left them to it).
    @inlinable @inline(__always)
    func enter() -> (before: UInt, isOwner: Bool) {
        let before = depth.load(ordering: .relaxed)
        depth.store(before &+ 1, ordering: .relaxed)
        let thread = asymmetricFenceLightCurrentThread()
        return (before, owner.load(ordering: .relaxed) == thread)
    }

    /// Counts a delivery out (`before` is what ``enter()`` returned) and fences.
    @inlinable @inline(__always)
    func leave(restoring before: UInt) {
        depth.store(before, ordering: .releasing)
        SubjectBias.lightFence()
    }

    /// Makes the calling thread the owner if the heavy fence is available (lock held).
    /// Returns whether it did: if not, values take the locked protocol.
    @usableFromInline
    func takeOverLocked() -> Bool {
        guard SubjectBias.heavyFenceIsAvailable else { return false }
        owner.store(asymmetricFenceLightCurrentThread(), ordering: .relaxed)
        return true
    }

    /// Makes the subscribing thread the owner if nobody is (lock held).
    @usableFromInline
    func adoptLocked() {
        guard owner.load(ordering: .relaxed) == 0 else { return }
        _ = takeOverLocked()
    }

    /// Whether a cancel on the calling thread must fence before it reads ``current``: a
    /// thread other than the caller owns the deliveries (lock held).
    @inlinable @inline(__always)
    var needsFenceToEndLocked: Bool {
        let holder = owner.load(ordering: .relaxed)
        return holder != 0 && holder != asymmetricFenceLightCurrentThread()
    }

    /// The foreign canceller's side: the heavy fence, then whether no delivery is under
    /// way (the closures may be released now; otherwise the delivery releases them).
    @usableFromInline
    func isIdleAfterFence() -> Bool {
        precondition(asymmetricFenceHeavy() == 0, "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) failed")
        return current == 0
    }
    #else
    /// Never: without the heavy fence every value takes the lock.
    @inlinable @inline(__always)
    func takeOverLocked() -> Bool { false }

    /// Nothing: there is no owner.
    @inlinable @inline(__always)
    func adoptLocked() {}

    /// Never: every delivery counts itself under the lock.
    @inlinable @inline(__always)
    var needsFenceToEndLocked: Bool { false }

    /// Not reached: ``needsFenceToEndLocked`` is `false`.
    @inlinable
    func isIdleAfterFence() -> Bool { current == 0 }
    #endif
}
