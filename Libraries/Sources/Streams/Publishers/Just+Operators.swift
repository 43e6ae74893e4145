// Combine gives `Just` its own versions of many operators. A `Just` has exactly one value
// and cannot fail, so each of these computes its answer at once, when the operator is
// applied (calling its closure then, if the answer needs it), and returns the simplest
// publisher of that answer: another `Just`, an `Optional.Publisher` (the value may be
// dropped), a `Result.Publisher` (a closure may throw), a `Publishers.Sequence` or an
// `Empty`. Their names and return types are Combine's, so code written against them
// ports unchanged.
//
// One difference from Combine's declarations: the closures of `map`, `filter`,
// `compactMap` and `tryMap` here are `@escaping` (Combine's are not). With non-escaping
// closures, Swift finds a chain such as `Just(1).map { ... }.map { ... }.map { ... }`
// ambiguous next to the fused `Publishers.Map.map`. Closure literals behave the same
// either way; only a non-escaping closure parameter cannot be passed straight to these.

extension Just {
    /// Transforms the value now; the result is a `Just` of the new value.
    ///
    /// ```swift
    /// let label: Just<String> = Just(7).map { "#\($0)" }   // sends "#7"
    /// ```
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    /// Transforms the value now with a closure that may throw; the result sends the new
    /// value, or fails with the thrown error.
    ///
    /// ```swift
    /// let number = Just("x").tryMap { text -> Int in
    ///     guard let number = Int(text) else { throw ParseError.notANumber(text) }
    ///     return number
    /// }   // Result<Int, any Error>.Publisher: fails with notANumber("x")
    /// ```
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try transform(output) })
    }

    /// Gives the publisher the failure type `E`; `transform` is never called, because a
    /// `Just` cannot fail.
    @inlinable
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// Gives the publisher the failure type `failureType`, so it fits where a failing
    /// publisher is expected.
    ///
    /// ```swift
    /// let fallback = Just(0).setFailureType(to: URLError.self)   // Result<Int, URLError>.Publisher
    /// ```
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// Keeps the value if `isIncluded` accepts it (asked now); otherwise the publisher
    /// finishes without a value.
    ///
    /// ```swift
    /// let even = Just(3).filter { $0.isMultiple(of: 2) }   // Optional<Int>.Publisher: finishes empty
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    /// Transforms the value now; a `nil` result makes a publisher that finishes without
    /// a value.
    ///
    /// ```swift
    /// let number = Just("42").compactMap { Int($0) }   // Optional<Int>.Publisher: sends 42
    /// ```
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    /// Folds the one value into `initialResult` now; the result sends the total.
    ///
    /// ```swift
    /// let total = Just(5).reduce(10, +)   // Result<Int, Never>.Publisher: sends 15
    /// ```
    @inlinable
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(nextPartialResult(initialResult, output))
    }

    /// Folds the one value into `initialResult` now with a closure that may throw; the
    /// result sends the total, or fails with the thrown error.
    @inlinable
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    ) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// Combines the one value with `initialResult` now; the result sends that one
    /// partial result. (With one value, `scan` and `reduce` agree.)
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(nextPartialResult(initialResult, output))
    }

    /// Combines the one value with `initialResult` now with a closure that may throw; the
    /// result sends that partial result, or fails with the thrown error.
    @inlinable
    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    ) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// Collects the one value into an array: a `Just` of `[output]`.
    @inlinable
    public func collect() -> Just<[Output]> {
        Just<[Output]>([output])
    }

    /// Counts the values: a `Just` of `1`.
    @inlinable
    public func count() -> Just<Int> {
        Just<Int>(1)
    }

    /// Whether the value satisfies `predicate` (asked now), as a `Just`.
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// Whether the value satisfies a predicate that may throw (asked now); a thrown
    /// error makes a publisher that fails with it.
    @inlinable
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try predicate(output) })
    }

    /// Whether every value (here: the one value) satisfies `predicate`, asked now.
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// Whether the value satisfies a predicate that may throw (asked now); a thrown
    /// error makes a publisher that fails with it.
    @inlinable
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try predicate(output) })
    }

    /// The smallest value by `areInIncreasingOrder`: the one value, so the closure is
    /// never called.
    @inlinable
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// The largest value by `areInIncreasingOrder`: the one value, so the closure is
    /// never called.
    @inlinable
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// The first value: this same `Just`.
    @inlinable
    public func first() -> Just<Output> {
        self
    }

    /// The value if `predicate` accepts it (asked now); otherwise the publisher finishes
    /// without a value.
    @inlinable
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The last value: this same `Just`.
    @inlinable
    public func last() -> Just<Output> {
        self
    }

    /// The value if `predicate` accepts it (asked now); otherwise the publisher finishes
    /// without a value.
    @inlinable
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Drops the first `count` values: with `count` of 1 or more the one value is
    /// dropped and the publisher finishes empty.
    ///
    /// - Precondition: `count >= 0`.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "dropFirst: count must not be negative")
        return Optional<Output>.Publisher(count > 0 ? nil : output)
    }

    /// Drops the value if `predicate` accepts it (asked now).
    @inlinable
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// Keeps at most `maxLength` values: with `maxLength` of 0 the publisher finishes
    /// empty.
    ///
    /// - Precondition: `maxLength >= 0`.
    @inlinable
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "prefix: maxLength must not be negative")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// Keeps the value if `predicate` accepts it (asked now).
    @inlinable
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The value at `index`: there is one only at index 0.
    ///
    /// - Precondition: `index >= 0`.
    @inlinable
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "output(at:): index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The values whose indices are in `range`: the one value if `range` starts at 0.
    ///
    /// As in Combine, only the lower bound is looked at, so an empty range that starts at
    /// 0 (`0..<0`) still keeps the value.
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
    }

    /// Removes repeated values: one value never repeats, so this is the same `Just` and
    /// `predicate` is never called.
    @inlinable
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// Removes repeated values with a predicate that may throw: one value never repeats,
    /// so the publisher sends it. As in Combine, `predicate` is still asked once, now,
    /// comparing the value with itself, and an error it throws makes a publisher that
    /// fails with that error.
    @inlinable
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool)
        -> Result<Output, any Error>.Publisher
    {
        Result<Output, any Error>.Publisher(
            Result {
                _ = try predicate(output, output)
                return output
            })
    }

    /// Replaces a failure with `output`: a `Just` never fails, so this is the same `Just`.
    @inlinable
    public func replaceError(with output: Output) -> Just<Output> {
        self
    }

    /// Replaces an empty stream with `output`: a `Just` is never empty, so this is the
    /// same `Just`.
    @inlinable
    public func replaceEmpty(with output: Output) -> Just<Output> {
        self
    }

    /// Resubscribes after a failure: a `Just` never fails, so this is the same `Just`.
    @inlinable
    public func retry(_ times: Int) -> Just<Output> {
        self
    }

    /// Drops the value and only finishes.
    @inlinable
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty<Output, Failure>()
    }

    /// Sends `elements` before the value.
    ///
    /// ```swift
    /// let countdown = Just(1).prepend(3, 2)   // Publishers.Sequence<[Int], Never>: 3, 2, 1
    /// ```
    @inlinable
    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Failure> {
        Publishers.Sequence(sequence: elements + [output])
    }

    /// Sends the elements of `elements` before the value.
    @inlinable
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Failure>
    where Output == S.Element {
        Publishers.Sequence(sequence: Array(elements) + [output])
    }

    /// Sends `elements` after the value.
    @inlinable
    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Failure> {
        Publishers.Sequence(sequence: [output] + elements)
    }

    /// Sends the elements of `elements` after the value.
    @inlinable
    public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Failure>
    where Output == S.Element {
        Publishers.Sequence(sequence: [output] + Array(elements))
    }
}

extension Just where Output: Comparable {
    /// The smallest value: the one value, as this same `Just`.
    @inlinable
    public func min() -> Just<Output> {
        self
    }

    /// The largest value: the one value, as this same `Just`.
    @inlinable
    public func max() -> Just<Output> {
        self
    }
}

extension Just where Output: Equatable {
    /// Whether the value equals `output`, as a `Just`.
    @inlinable
    public func contains(_ output: Output) -> Just<Bool> {
        Just<Bool>(self.output == output)
    }

    /// Removes repeated values: one value never repeats, so this is the same `Just`.
    @inlinable
    public func removeDuplicates() -> Just<Output> {
        self
    }
}
