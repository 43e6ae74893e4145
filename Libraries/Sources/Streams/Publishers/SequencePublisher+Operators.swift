// Combine gives `Publishers.Sequence` its own versions of many operators. They work on the
// sequence itself, at once, when the operator is applied (the sequence is walked then,
// and every closure runs then), and return the simplest publisher of the answer: another
// `Publishers.Sequence`, a `Result.Publisher`, an `Optional.Publisher`, a `Just` or an
// `Empty`. Their names and return types are Combine's, so code written against them
// ports unchanged.
//
// As in Combine, this means that on an endless sequence most of them never return:
// `(1...).publisher.filter { ... }` walks `1...` for ever. `prefix(_:)` and `dropFirst(_:)`
// stay lazy, so put a `prefix` first, or use an operator that is not listed here
// (`through`, `flatMap` ...).
//
// One difference from Combine's declarations: the closures of `map`, `filter` and
// `compactMap` here are `@escaping` (Combine's are not). With non-escaping closures,
// Swift finds a chain such as `[1, 2].publisher.map { ... }.map { ... }.map { ... }`
// ambiguous next to the fused `Publishers.Map.map`. Closure literals behave the same
// either way; only a non-escaping closure parameter cannot be passed straight to these.

extension Publishers.Sequence {
    /// Transforms every element now; the result publishes the transformed array.
    ///
    /// ```swift
    /// let squares = [1, 2, 3].publisher.map { $0 * $0 }   // Publishers.Sequence<[Int], Never>: 1, 4, 9
    /// ```
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
    }

    /// Keeps the elements `isIncluded` accepts (all asked now).
    ///
    /// ```swift
    /// let evens = (1...6).publisher.filter { $0.isMultiple(of: 2) }   // Publishers.Sequence<[Int], Never>: 2, 4, 6
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Sequence<[Output], Failure> {
        Publishers.Sequence<[Output], Failure>(sequence: sequence.filter(isIncluded))
    }

    /// Transforms every element now and keeps the non-`nil` results.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    /// Replaces every `nil` element with `output`.
    @inlinable
    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Output], Failure> where Output == T? {
        Publishers.Sequence<[Output], Failure>(sequence: sequence.map { $0 ?? output })
    }

    /// Folds the elements into `initialResult` now; the result sends the total.
    ///
    /// ```swift
    /// let total = [1, 2, 3].publisher.reduce(0, +)   // Result<Int, Never>.Publisher: 6
    /// ```
    @inlinable
    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
    }

    /// Folds the elements into `initialResult` now with a closure that may throw; the
    /// result sends the total, or fails with the first thrown error.
    @inlinable
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
    }

    /// Computes every partial result now; the result publishes them in order.
    ///
    /// ```swift
    /// let running = [1, 2, 3].publisher.scan(0, +)   // Publishers.Sequence<[Int], Never>: 1, 3, 6
    /// ```
    @inlinable
    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Sequence<[T], Failure> {
        var partial = initialResult
        var partials: [T] = []
        for element in sequence {
            partial = nextPartialResult(partial, element)
            partials.append(partial)
        }
        return Publishers.Sequence<[T], Failure>(sequence: partials)
    }

    /// Collects the elements now; the result sends them as one array.
    @inlinable
    public func collect() -> Result<[Output], Failure>.Publisher {
        Result<[Output], Failure>.Publisher(Array(sequence))
    }

    /// Whether any element satisfies `predicate` (asked now, stopping at the first).
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
    }

    /// Whether any element satisfies a predicate that may throw; a thrown error makes a
    /// publisher that fails with it.
    @inlinable
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
    }

    /// Whether every element satisfies `predicate` (asked now, stopping at the first
    /// that does not).
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
    }

    /// Whether every element satisfies a predicate that may throw; a thrown error makes
    /// a publisher that fails with it.
    @inlinable
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
    }

    /// Skips the first `count` elements (lazily: the sequence's own `dropFirst`).
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
    }

    /// Skips elements while `predicate` accepts them (asked now, up to the first element
    /// it rejects).
    @inlinable
    public func drop(while predicate: (Output) -> Bool) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    /// Keeps at most the first `maxLength` elements (lazily: the sequence's own
    /// `prefix`).
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
    }

    /// Keeps elements while `predicate` accepts them (asked now, up to the first element
    /// it rejects).
    @inlinable
    public func prefix(while predicate: (Output) -> Bool) -> Publishers.Sequence<[Output], Failure> {
        Publishers.Sequence<[Output], Failure>(sequence: Array(sequence.prefix(while: predicate)))
    }

    /// Drops every element and only finishes.
    @inlinable
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty<Output, Failure>()
    }

    /// The same sequence with the failure type `failureType`, so it fits where a failing
    /// publisher is expected.
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }
}

extension Publishers.Sequence where Failure == Never {
    /// The smallest element by `areInIncreasingOrder`; an empty sequence finishes
    /// without a value.
    @inlinable
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.min(by: areInIncreasingOrder))
    }

    /// The largest element by `areInIncreasingOrder`; an empty sequence finishes without
    /// a value.
    @inlinable
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.max(by: areInIncreasingOrder))
    }

    /// The first element `predicate` accepts (asked now, stopping there), if any.
    @inlinable
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence where Output: Equatable {
    /// Drops every element equal to the one before it.
    ///
    /// ```swift
    /// let changes = [1, 1, 2, 2, 1].publisher.removeDuplicates()   // Publishers.Sequence<[Int], Never>: 1, 2, 1
    /// ```
    @inlinable
    public func removeDuplicates() -> Publishers.Sequence<[Output], Failure> {
        var kept: [Output] = []
        for element in sequence where element != kept.last {
            kept.append(element)
        }
        return Publishers.Sequence<[Output], Failure>(sequence: kept)
    }

    /// Whether the sequence contains `output`.
    @inlinable
    public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(output))
    }
}

extension Publishers.Sequence where Failure == Never, Output: Comparable {
    /// The smallest element; an empty sequence finishes without a value.
    @inlinable
    public func min() -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.min())
    }

    /// The largest element; an empty sequence finishes without a value.
    @inlinable
    public func max() -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.max())
    }
}

extension Publishers.Sequence where Elements: Collection {
    /// The number of elements.
    @inlinable
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(sequence.count)
    }

    /// The elements at the positions in `range`.
    ///
    /// - Precondition: `range` lies within the collection's indices.
    @inlinable
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Output], Failure> {
        Publishers.Sequence<[Output], Failure>(sequence: Array(sequence[range]))
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    /// The first element, if any.
    @inlinable
    public func first() -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.first)
    }

    /// The element at `index`; an index outside the collection finishes without a value.
    @inlinable
    public func output(at index: Elements.Index) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    /// The number of elements, as a `Just`.
    ///
    /// ```swift
    /// let size = ["a", "b"].publisher.count()   // Just<Int>: 2
    /// ```
    @inlinable
    public func count() -> Just<Int> {
        Just<Int>(sequence.count)
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    /// The last element, if any.
    @inlinable
    public func last() -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.last)
    }

    /// The last element `predicate` accepts (asked now, from the end), if any.
    @inlinable
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(sequence.last(where: predicate))
    }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    /// Sends `elements` before this sequence's elements.
    ///
    /// ```swift
    /// let countdown = [1, 0].publisher.prepend(3, 2)   // Publishers.Sequence<[Int], Never>: 3, 2, 1, 0
    /// ```
    @inlinable
    public func prepend(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
        prepend(contentsOf: elements)
    }

    /// Sends the elements of `elements` before this sequence's elements.
    @inlinable
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where S.Element == Output {
        prepend(contentsOf: elements)
    }

    /// Sends `publisher`'s elements before this sequence's elements.
    @inlinable
    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        prepend(contentsOf: publisher.sequence)
    }

    /// Sends `elements` after this sequence's elements.
    @inlinable
    public func append(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
        append(contentsOf: elements)
    }

    /// Sends the elements of `elements` after this sequence's elements.
    @inlinable
    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where S.Element == Output {
        append(contentsOf: elements)
    }

    /// Sends `publisher`'s elements after this sequence's elements.
    @inlinable
    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(contentsOf: publisher.sequence)
    }

    /// `elements`, then this sequence's elements, in a collection of this sequence's type.
    @inlinable
    func prepend<S: Swift.Sequence>(contentsOf elements: S) -> Publishers.Sequence<Elements, Failure>
    where S.Element == Output {
        var joined = Elements(elements)
        joined.append(contentsOf: sequence)
        return Publishers.Sequence(sequence: joined)
    }

    /// This sequence's elements, then `elements`, in a collection of this sequence's type.
    @inlinable
    func append<S: Swift.Sequence>(contentsOf elements: S) -> Publishers.Sequence<Elements, Failure>
    where S.Element == Output {
        var joined = sequence
        joined.append(contentsOf: elements)
        return Publishers.Sequence(sequence: joined)
    }
}
