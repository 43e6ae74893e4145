// Combine gives `Optional.Publisher` its own versions of many operators. The publisher
// has at most one value and cannot fail, so each of these runs its closure at once (if
// there is a value), when the operator is applied, and returns another
// `Optional.Publisher` (or a `Just`, or an `Empty`). Their names, return types and
// answers are Combine's, including where they differ from the general operators: on a
// publisher without a value, `count()`, `reduce`, `contains` and `allSatisfy` finish
// without a value too (the general operators would send 0, the initial result, `false`
// and `true`).
//
// One difference from Combine's declarations: the closures of `map`, `filter` and
// `compactMap` here are `@escaping` (Combine's are not). With non-escaping closures,
// Swift finds a chain such as `name.publisher.map { ... }.map { ... }.map { ... }`
// ambiguous next to the fused `Publishers.Map.map`. Closure literals behave the same
// either way; only a non-escaping closure parameter cannot be passed straight to these.

extension Optional.Publisher {
    /// Transforms the value, if any, now.
    ///
    /// ```swift
    /// let name: String? = "ada"
    /// let shout = name.publisher.map { $0.uppercased() }   // Optional<String>.Publisher: "ADA"
    /// ```
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    /// Transforms the value, if any, now; a `nil` result drops it.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    /// Keeps the value, if any, when `isIncluded` accepts it (asked now).
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    /// Folds the value, if any, into `initialResult` now. Without a value the result
    /// finishes without one (Combine's answer; the general `reduce` would send
    /// `initialResult`).
    @inlinable
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Combines the value, if any, with `initialResult` now; the result sends that one
    /// partial result.
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Collects the values into an array: `[value]`, or `[]` without a value.
    @inlinable
    public func collect() -> Optional<[Output]>.Publisher {
        Optional<[Output]>.Publisher(output.map { [$0] } ?? [])
    }

    /// Counts the values: `1` with a value; without one the result finishes without a
    /// value (Combine's answer; the general `count` would send 0).
    @inlinable
    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output.map { _ in 1 })
    }

    /// Whether the value satisfies `predicate` (asked now); without a value the result
    /// finishes without one.
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Whether the value satisfies `predicate` (asked now); without a value the result
    /// finishes without one.
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// The smallest value: the one there is, so this same publisher.
    @inlinable
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        self
    }

    /// The largest value: the one there is, so this same publisher.
    @inlinable
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        self
    }

    /// The first value: this same publisher.
    @inlinable
    public func first() -> Optional<Output>.Publisher {
        self
    }

    /// The value, if any, when `predicate` accepts it (asked now).
    @inlinable
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// The last value: this same publisher.
    @inlinable
    public func last() -> Optional<Output>.Publisher {
        self
    }

    /// The value, if any, when `predicate` accepts it (asked now).
    @inlinable
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// Drops the first `count` values: with `count` of 1 or more, the publisher finishes
    /// without a value.
    ///
    /// - Precondition: `count >= 0`.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "dropFirst: count must not be negative")
        return Optional<Output>.Publisher(count == 0 ? output : nil)
    }

    /// Drops the value, if any, when `predicate` accepts it (asked now).
    @inlinable
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
    }

    /// Keeps at most `maxLength` values: with `maxLength` of 0, the publisher finishes
    /// without a value.
    ///
    /// - Precondition: `maxLength >= 0`.
    @inlinable
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "prefix: maxLength must not be negative")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// Keeps the value, if any, when `predicate` accepts it (asked now).
    @inlinable
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// The value at `index`: there is one only at index 0.
    ///
    /// - Precondition: `index >= 0`.
    @inlinable
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "output(at:): index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The values whose indices are in `range`: the value, if any, when `range`
    /// contains 0.
    ///
    /// - Precondition: the range does not start below 0.
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        let indices = range.relative(to: 0..<Int.max)
        precondition(indices.lowerBound >= 0, "output(in:): range must not start below 0")
        return Optional<Output>.Publisher(indices.contains(0) ? output : nil)
    }

    /// Removes repeated values: one value never repeats, so this is the same publisher.
    @inlinable
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        self
    }

    /// Replaces a failure with `output`: this publisher never fails, so this is the same
    /// publisher.
    @inlinable
    public func replaceError(with output: Output) -> Optional<Output>.Publisher {
        self
    }

    /// Replaces "no value" with `output`: the result is a `Just` of the value, or of
    /// `output`.
    ///
    /// ```swift
    /// let nickname: String? = nil
    /// let shown = nickname.publisher.replaceEmpty(with: "anonymous")   // Just<String>
    /// ```
    @inlinable
    public func replaceEmpty(with output: Output) -> Just<Output> {
        Just<Output>(self.output ?? output)
    }

    /// Resubscribes after a failure: this publisher never fails, so this is the same
    /// publisher.
    @inlinable
    public func retry(_ times: Int) -> Optional<Output>.Publisher {
        self
    }

    /// Drops the value, if any, and only finishes.
    @inlinable
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty<Output, Failure>()
    }
}

extension Optional.Publisher where Wrapped: Equatable {
    /// Whether the value equals `output`; without a value the result finishes without
    /// one.
    @inlinable
    public func contains(_ output: Output) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(self.output.map { $0 == output })
    }

    /// Removes repeated values: one value never repeats, so this is the same publisher.
    @inlinable
    public func removeDuplicates() -> Optional<Output>.Publisher {
        self
    }
}

extension Optional.Publisher where Wrapped: Comparable {
    /// The smallest value: the one there is, so this same publisher.
    @inlinable
    public func min() -> Optional<Output>.Publisher {
        self
    }

    /// The largest value: the one there is, so this same publisher.
    @inlinable
    public func max() -> Optional<Output>.Publisher {
        self
    }
}
