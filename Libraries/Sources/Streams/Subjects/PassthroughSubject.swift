/// A subject that broadcasts the values you send to its current subscribers, without
/// remembering them.
///
/// A value sent while nobody is subscribed, or to a subscriber whose demand is used up,
/// is dropped for that subscriber. After a completion, sends are ignored and a new
/// subscriber receives the completion at once.
///
/// ```swift
/// let taps = PassthroughSubject<Int, Never>()
/// taps.send(0)                                   // nobody listening: dropped
/// let cancellable = taps.sink { print("tap", $0) }
/// taps.send(1)                                   // tap 1
/// ```
///
/// It is safe to send, subscribe and cancel from several threads at once. A subscriber
/// is never called from two threads at the same time, as Combine requires (so
/// `subject.scan(0, +)` fed from several threads is safe): a value sent while another is
/// being delivered to that subscriber waits for it, and is then delivered by the thread
/// that was delivering. Which of several concurrent sends goes first is not defined;
/// serialise the sends when their order matters.
///
/// A value sent from inside a subscriber's `receive` (a re-entrant send) is delivered to
/// that subscriber right after the current `receive` returns, not from inside it, so each
/// subscriber sees values in the order they were sent:
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let cancellable = subject.sink { value in
///     print("start", value)
///     if value == 1 { subject.send(2) }   // queued until this closure returns
///     print("end", value)
/// }
/// subject.send(1)                         // start 1, end 1, start 2, end 2
/// ```
///
/// (With several subscribers, one that the outer value has not reached yet when the
/// re-entrant send happens receives the re-entrant value first.)
///
/// A completion sent while a value is being delivered reaches the subscriber after that
/// value (and after the values queued before it), never during it.
///
/// Sending costs least when one thread does it: on Linux, a subject with one subscriber
/// of unlimited demand (a `sink`, say) becomes biased to the thread that sends into it,
/// whose sends then take no lock and no atomic read-modify-write. The first time another
/// thread uses the subject (sends, subscribes, cancels, completes), it ends the bias for
/// good, at the cost of one `membarrier` system call, and every send takes a short lock
/// from then on, as on other platforms. Either way the guarantees above hold. (Streams
/// built with the compilation condition `STREAMS_NO_SUBJECT_BIAS`, for example with
/// `-Xswiftc -DSTREAMS_NO_SUBJECT_BIAS`, leaves the bias out and always takes the lock.)
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    @usableFromInline let core = SubjectCore<Output, Failure>(current: nil)

    /// Makes a subject with no subscribers.
    @inlinable
    public init() {}

    /// Attaches `subscriber`; it receives values sent from now on, up to its demand.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber)
    }

    /// Sends `value` to every subscriber with outstanding demand.
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
