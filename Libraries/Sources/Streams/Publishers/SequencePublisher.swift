extension Publishers {
    /// A publisher that sends the elements of a sequence, as fast as demand allows, then
    /// finishes. Made with `sequence.publisher`.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher.sink { print($0) }   // 1, 2, 3
    /// ```
    ///
    /// Each subscriber iterates the sequence afresh.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        /// The sequence's element type.
        public typealias Output = Elements.Element

        /// The sequence sent to every subscriber.
        public let sequence: Elements

        /// Makes a publisher of `sequence`'s elements.
        @inlinable
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Attaches `subscriber`; an empty sequence finishes it at once.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription.start(sequence, endingWith: .finished, isRecording: false, for: subscriber)
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

extension Sequence {
    /// A publisher that sends this sequence's elements, then finishes.
    ///
    /// ```swift
    /// let cancellable = "abc".publisher.sink { print($0) }   // a, b, c
    /// ```
    @inlinable
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

/// Walks a sequence on demand, then ends with `ending` (`.finished` for
/// ``Publishers/Sequence``, the recorded completion for ``Record``). Only the thread that
/// holds the `isEmitting` role touches the iterator, so `next()` (which may be user code)
/// runs without the lock.
@usableFromInline
final class SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Elements.Element {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var pending: Elements.Element?
    @usableFromInline @exclusivity(unchecked) var iterator: Elements.Iterator
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var isEmitting = false
    /// The sequence, until the subscription ends: for the description and mirror only.
    @usableFromInline @exclusivity(unchecked) var sequence: Elements?
    @usableFromInline let ending: Subscribers.Completion<Downstream.Failure>
    /// Whether a ``Record`` plays it (its mirror also shows the completion).
    @usableFromInline let isRecording: Bool

    @inlinable
    init(
        sequence: Elements, first: Elements.Element, rest: Elements.Iterator,
        ending: Subscribers.Completion<Downstream.Failure>, isRecording: Bool, downstream: Downstream
    ) {
        self.sequence = sequence
        self.pending = first
        self.iterator = rest
        self.ending = ending
        self.isRecording = isRecording
        self.downstream = downstream
    }

    /// Subscribes `subscriber` to `sequence`'s elements followed by `ending`; an empty
    /// sequence gets the empty subscription and `ending` at once, as in Combine.
    @inlinable
    static func start(
        _ sequence: Elements, endingWith ending: Subscribers.Completion<Downstream.Failure>, isRecording: Bool,
        for subscriber: Downstream
    ) {
        var iterator = sequence.makeIterator()
        guard let first = iterator.next() else {
            subscriber.receiveEmptySubscription(completing: ending)
            return
        }
        subscriber.receive(
            subscription: SequenceSubscription(
                sequence: sequence, first: first, rest: iterator, ending: ending, isRecording: isRecording,
                downstream: subscriber))
    }

    /// The sequence, as Combine describes the subscription while it lasts; afterwards
    /// `"Sequence"` (a record's: `"Cancelled Events"`).
    @usableFromInline var description: String {
        lock.lock()
        let current = sequence
        lock.unlock()
        guard let current else { return isRecording ? "Cancelled Events" : "Sequence" }
        return String(describing: current)
    }

    /// The sequence (empty once ended), and a record's completion, as Combine's mirror
    /// shows them.
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let current: Any = sequence.map { $0 as Any } ?? [Elements.Element]()
        lock.unlock()
        var children: [Mirror.Child] = [("sequence", current)]
        if isRecording { children.append(("completion", ending)) }
        return Mirror(self, children: children)
    }

    @inlinable
    func request(_ additional: Subscribers.Demand) {
        guard additional.rawValue != 0 else { return }
        lock.lock()
        demand += additional
        // A request from inside `receive` (or another thread) only raises the demand: the
        // emitting loop below picks it up.
        guard !isEmitting, downstream != nil else {
            lock.unlock()
            return
        }
        isEmitting = true
        while let receiver = downstream {
            if demand.rawValue == 0 {
                isEmitting = false
                lock.unlock()
                return
            }
            if !demand.isUnlimited {
                demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
            }
            if let element = pending.take() {
                lock.unlock()
                // Consumed, so that the element and the receiver (which a cancel during
                // the call may have let go of) are released before locking again: a
                // deinit may call back into this subscription.
                let more = (consume receiver).receive(consume element)
                let next = iterator.next()
                lock.lock()
                demand += more
                pending = next
                if next != nil { continue }
            }
            // The sequence is exhausted.
            let finishing = downstream
            downstream = nil
            let played = sequence
            sequence = nil
            lock.unlock()
            withExtendedLifetime(played) {}
            finishing?.receive(completion: ending)
            return
        }
        lock.unlock()
    }

    @inlinable
    func cancel() {
        lock.lock()
        let released = (downstream, sequence)
        downstream = nil
        sequence = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}
