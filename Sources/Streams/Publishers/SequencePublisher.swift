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
            var iterator = sequence.makeIterator()
            guard let first = iterator.next() else {
                subscriber.receiveEmptySubscription(completing: .finished)
                return
            }
            subscriber.receive(
                subscription: SequenceSubscription(first: first, rest: iterator, downstream: subscriber))
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

/// Walks an iterator on demand. Only the thread that holds the `isEmitting` role touches
/// the iterator, so `next()` (which may be user code) runs without the lock.
@usableFromInline
final class SequenceSubscription<Iterator: IteratorProtocol, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Iterator.Element {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var pending: Iterator.Element?
    @usableFromInline @exclusivity(unchecked) var iterator: Iterator
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var isEmitting = false

    @inlinable
    init(first: Iterator.Element, rest: Iterator, downstream: Downstream) {
        self.pending = first
        self.iterator = rest
        self.downstream = downstream
    }

    @usableFromInline var description: String { "Sequence" }

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
            lock.unlock()
            finishing?.receive(completion: .finished)
            return
        }
        lock.unlock()
    }

    @inlinable
    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}
