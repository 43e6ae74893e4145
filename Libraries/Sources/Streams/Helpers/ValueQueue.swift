/// A first-in, first-out queue of values: appending and taking from the front are O(1)
/// (amortised), where `Array.removeFirst()` moves every remaining element.
///
/// Module-internal building block for operators that hold values back until the
/// downstream asks for them (`flatMap`, `buffer`); keep it behind the operator's ``Lock``.
@usableFromInline
struct ValueQueue<Element> {
    /// Taken slots hold `nil`, so a taken value is never released here, under the
    /// operator's lock, but by whoever took it.
    @usableFromInline var storage: [Element?] = []
    /// Index of the front element in `storage`; the elements before it were taken.
    @usableFromInline var head = 0

    @inlinable
    init() {}

    /// How many values are queued.
    @inlinable
    var count: Int { storage.count - head }

    @inlinable
    var isEmpty: Bool { head == storage.count }

    @inlinable
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Takes the front value. The queue must not be empty.
    @inlinable
    mutating func removeFirst() -> Element {
        let element = storage[head].take()!
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            // Taken slots outnumber the queued values: drop them so memory stays bounded.
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Empties the queue and returns what it held, so the caller can release the values
    /// after unlocking (a value's deinit may send into the stream).
    /// The queued values, oldest first (for mirrors).
    var elements: [Element] { storage[head...].map { $0! } }

    @inlinable
    mutating func removeAll() -> [Element] {
        let taken = storage[head...].map { $0! }
        storage = []
        head = 0
        return taken
    }
}
