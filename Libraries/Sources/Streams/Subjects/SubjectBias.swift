#if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The C target CAsymmetricFence (linked with Streams), declared here rather than imported:
// an import would make every client of Streams, the REPL's cells included, need that
// module's module map (Streams is built without library evolution). The C side declares
// them with the Swift calling convention.
@usableFromInline @_silgen_name("asymmetric_fence_light")
func asymmetricFenceLight()
@_silgen_name("asymmetric_fence_register")
func asymmetricFenceRegister() -> Int32
@_silgen_name("asymmetric_fence_heavy")
func asymmetricFenceHeavy() -> Int32
#endif

/// A subject's bias to one thread: on Linux, the thread that sends into a subject with one
/// subscriber of unlimited demand becomes its owner, and its later sends deliver with no
/// lock and no atomic read-modify-write at all. (On other platforms, or where the kernel
/// lacks `membarrier(2)`, the bias never starts and every send takes the lock. A build
/// with the compilation condition `STREAMS_NO_SUBJECT_BIAS`, which `SWIFTLAB_SUBJECT_BIAS=off`
/// sets in Libraries/Package.swift, leaves it out as other platforms do, so that the locked
/// protocol alone can be tested on Linux: `make test` runs StreamsTests and the stress
/// suite that way too.)
///
/// Why: with the lock, a send costs two uncontended locked read-modify-writes (one to
/// claim the delivery, one to end it), about 10 ns each on x86, most of the cost of
/// `subject.map.filter.sink`. Any protocol that keeps the subjects' promises (a sender
/// never waits for a delivery under way on another thread; deliveries to one subscriber
/// never overlap; a re-entrant send is queued; a subscriber is never released while it is
/// called) needs a store-load ordering on each side of a send, which takes a fence or a
/// read-modify-write. The bias makes that fence asymmetric: the owner pays a compiler
/// barrier, and a thread that comes to the subject later pays one `membarrier` call, once
/// in the subject's life, to revoke the bias for good.
///
/// ## The words
/// - ``owner``: `0` while nobody owns the subject, the owner's `pthread_self()`, or
///   ``revoked`` (for good). Set under the subject's lock only.
/// - ``phase``: the owner's phase in a biased send: ``idle``, ``claiming`` (reading and
///   updating the subject's state without the lock: a few instructions, no user code) or
///   ``delivering`` (calling the subscriber, touching no subject state). Written by the
///   owner only, with plain stores.
/// - ``attention``: ``revokedBit`` (another thread revoked the bias) and ``inheritedBit``
///   (a lock holder turned the owner's biased delivery into an ordinary delivery under way,
///   which the owner must end under the lock). Written under the lock only.
///
/// ## The protocol
/// The owner's biased send (``SubjectCore/sendBiased(_:)``): `phase = claiming`; light
/// fence; if `attention == 0` and the one-subscriber path applies with its conduit idle,
/// it stores the current value (a current-value subject), sets `phase = delivering`
/// (release), calls the subscriber, sets `phase = idle` (release); light fence; if
/// `attention != 0`, it takes the lock and, if ``inheritedBit`` is set, ends the delivery
/// as the delivering thread (``SubjectCore/finishDeliveryLocked(to:returned:)``).
/// If the check fails it sets `phase = idle` and takes the lock like any other thread.
///
/// Every other access to the subject's state takes the lock through
/// ``SubjectCore/lockReconcilingBias()``, which, while the subject is owned:
/// - on another thread, revokes: `owner = revoked`, `attention |= revokedBit` (release),
///   heavy fence (`membarrier`), then reads `phase` (acquire), waiting while it is
///   ``claiming``;
/// - on the owner thread, reads its own `phase` (only ``delivering`` is possible there: the
///   lock holder is below a biased delivery on its own stack);
/// and if `phase == delivering` (and the delivery was not inherited already), marks the
/// subscriber's conduit `busyWithNews` and sets ``inheritedBit``. From then on the usual
/// rules of a delivery under way apply: values queue behind it, a cancel or completion
/// retires the subscriber (the conduit keeps it for the owner) and keeps the conduit
/// alive, and the owner ends the delivery under the lock. A re-entrant send on the owner
/// thread finds `phase != idle` and takes the lock, so it queues.
///
/// ## Why it is correct
/// The light fence keeps the compiler from reordering the owner's store of `phase` and
/// its load of `attention`; `membarrier` makes every running thread of the process
/// execute a full memory barrier before it returns, so the hardware cannot reorder them
/// either, relative to the revoker's store of `attention` and load of `phase`: of the two
/// loads, at least one sees the other side's store (Dekker's argument, with the owner's
/// barrier placed wherever the interrupt struck). Case by case, for a revoker R:
/// - The owner is idle, before a biased send: if R reads `idle`, the owner's next
///   `phase = claiming` is later than what R read, so the owner's load of `attention` sees
///   ``revokedBit`` and it takes the lock (after R releases it). It never touches the
///   state R is about to change.
/// - The owner is claiming (it read `attention == 0`, or not yet): R reads `claiming` and
///   waits until the owner stores `delivering` (it passed the check: R then inherits the
///   delivery) or `idle` (it failed the check, touched nothing, and takes the lock). The
///   release stores and R's acquire load order the owner's unlocked reads and writes
///   before R's changes.
/// - The owner is delivering: R reads `delivering` and inherits the delivery. The owner's
///   `phase = idle` at the end is not visible to R, so the owner's barrier fell before
///   it, and its load of `attention` after it sees ``revokedBit``: it takes the lock and
///   ends the delivery there, delivering what R queued, or the completion, or releasing
///   the retired subscriber.
/// - The owner has finished (`phase = idle` visible): R changes the state freely; the
///   owner, if it sees `attention`, takes the lock, finds no ``inheritedBit`` and touches
///   nothing (not the conduit, which R may have released).
/// On the owner thread itself there is no reordering to fear; a lock holder below a
/// biased delivery inherits it as above, and the delivery's end finds ``inheritedBit``.
/// ThreadSanitizer sees the same happens-before through the release stores of `phase`
/// and the acquire loads that read them, and through the lock.
///
/// If the owner thread exits, its `pthread_self()` value may be reused by a new thread,
/// which then acts as the owner. That is sound: the old thread is gone (its `phase` is
/// idle, as it returned from every send), so there is still one owner at a time, and the
/// new thread's view of the state is ordered after the old one's by the thread's
/// creation, which reuses the old thread's descriptor only after it finished.
@usableFromInline
struct SubjectBias: ~Copyable, @unchecked Sendable {
    #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
    /// `0`: not owned yet; ``revoked``: never again; else the owner's `pthread_self()`.
    @usableFromInline let owner = Atomic<UInt>(0)
    /// The owner's ``idle``, ``claiming`` or ``delivering``; written by the owner only.
    @usableFromInline let phase = Atomic<UInt8>(0)
    /// ``revokedBit`` and ``inheritedBit``; written under the subject's lock only.
    @usableFromInline let attention = Atomic<UInt8>(0)

    @usableFromInline static var revoked: UInt { .max }
    @usableFromInline static var idle: UInt8 { 0 }
    @usableFromInline static var claiming: UInt8 { 1 }
    @usableFromInline static var delivering: UInt8 { 2 }
    @usableFromInline static var revokedBit: UInt8 { 1 }
    @usableFromInline static var inheritedBit: UInt8 { 2 }

    @inlinable
    init() {}

    /// The calling thread's identity: `pthread_self()`, never `0` nor ``revoked``.
    @inlinable @inline(__always)
    static var currentThread: UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }

    /// Whether the calling thread owns the subject (read without the lock: only the
    /// owner thread ever stores its own identity, so a stale read can only miss it).
    @inlinable @inline(__always)
    var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == Self.currentThread
    }

    /// Whether the subject is owned (and not revoked). Lock held.
    @inlinable @inline(__always)
    var isOwned: Bool {
        let holder = owner.load(ordering: .relaxed)
        return holder != 0 && holder != Self.revoked
    }

    /// Whether a lock holder must call ``reconcileLocked()``: the subject is owned by
    /// another thread (to revoke), or by this one and a biased delivery is under way below
    /// (to inherit). The owner thread's own locked operations outside a delivery (its
    /// subscribe, cancel, first send) pass with two loads. Lock held.
    @inlinable @inline(__always)
    var needsReconciling: Bool {
        let holder = owner.load(ordering: .relaxed)
        guard holder != 0, holder != Self.revoked else { return false }
        return holder != Self.currentThread || phase.load(ordering: .relaxed) == Self.delivering
    }

    /// The owner's side of the fence: a compiler barrier, no instruction of its own. An
    /// out-of-line C call: opaque to the optimiser, so no load or store moves across it.
    @inlinable @inline(__always)
    static func lightFence() {
        asymmetricFenceLight()
    }

    /// Whether `membarrier` is usable in this process (registered when the program loaded,
    /// while it had one thread, which is cheap; see CAsymmetricFence).
    static let heavyFenceIsAvailable = asymmetricFenceRegister() == 0

    /// Makes the calling thread the owner if nobody owns the subject yet and biasing is
    /// possible. Called under the lock by a send that takes the one-subscriber path.
    @usableFromInline
    func adoptLocked() {
        guard owner.load(ordering: .relaxed) == 0, Self.heavyFenceIsAvailable else { return }
        owner.store(Self.currentThread, ordering: .relaxed)
    }

    /// Brings the bias in line before a lock holder touches the subject's state (see the
    /// type's documentation). Returns `true` if a biased delivery is under way and was
    /// just inherited: the caller marks the subscriber's conduit as delivering. Lock held;
    /// ``needsReconciling``.
    @usableFromInline
    func reconcileLocked() -> Bool {
        var current = phase.load(ordering: .acquiring)
        if owner.load(ordering: .relaxed) != Self.currentThread {
            owner.store(Self.revoked, ordering: .relaxed)
            attention.store(attention.load(ordering: .relaxed) | Self.revokedBit, ordering: .releasing)
            precondition(asymmetricFenceHeavy() == 0, "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) failed")
            current = phase.load(ordering: .acquiring)
            var spins = 0
            while current == Self.claiming {
                spins += 1
                if spins >= 64 {
                    sched_yield()
                    spins = 0
                }
                current = phase.load(ordering: .acquiring)
            }
        }
        let marks = attention.load(ordering: .relaxed)
        guard current == Self.delivering, marks & Self.inheritedBit == 0 else { return false }
        attention.store(marks | Self.inheritedBit, ordering: .releasing)
        return true
    }

    /// Whether the delivery the owner is ending was inherited by a lock holder; clears
    /// the mark. Lock held, on the owner thread, after a biased delivery.
    @usableFromInline
    func takeInheritedLocked() -> Bool {
        let marks = attention.load(ordering: .relaxed)
        guard marks & Self.inheritedBit != 0 else { return false }
        attention.store(marks & ~Self.inheritedBit, ordering: .releasing)
        return true
    }

    /// Gives the bias up for good (or never takes it), without a fence: for a subject
    /// nobody owns yet, so that it runs the locked protocol only. Lock held. (The tests
    /// run the same checks with and without the bias.)
    func forgoLocked() {
        precondition(!isOwned, "forgo the bias before the first send")
        owner.store(Self.revoked, ordering: .relaxed)
    }
    #else
    @inlinable
    init() {}
    #endif
}

/// What the tests look at and set: whether the bias can start at all here, who holds it,
/// and a way to run the locked protocol only.
extension SubjectCore {
    /// Whether subjects can be biased in this process (Linux with `membarrier`).
    static var biasIsSupported: Bool {
        #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
        return SubjectBias.heavyFenceIsAvailable
        #else
        return false
        #endif
    }

    /// Whether the calling thread owns the subject's bias.
    var isBiasedToCurrentThread: Bool {
        #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
        return bias.isHeldByCurrentThread
        #else
        return false
        #endif
    }

    /// Whether another thread revoked the bias (or ``forgoBias()`` gave it up).
    var isBiasRevoked: Bool {
        #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
        return bias.owner.load(ordering: .relaxed) == SubjectBias.revoked
        #else
        return false
        #endif
    }

    /// Makes the subject run the locked protocol only; before its first send.
    func forgoBias() {
        #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
        lock.lock()
        bias.forgoLocked()
        lock.unlock()
        #endif
    }
}
