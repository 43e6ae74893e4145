// Combine gives `Result.Publisher` its own versions of many operators. The publisher
// either sends one value or fails at once, so each of these works on the result itself,
// at once, when the operator is applied (a closure runs then, if there is a value), and
// returns another `Result.Publisher` (or an `Empty`). Their names and return types are
// Combine's, so code written against them ports unchanged.
//
// One difference from Combine's declarations: the closures of `map` and `tryMap` here are
// `@escaping` (Combine's are not). With non-escaping closures, Swift finds a chain such
// as `result.publisher.map { ... }.map { ... }.map { ... }` ambiguous next to the fused
// `Publishers.Map.map`. Closure literals behave the same either way; only a non-escaping
// closure parameter cannot be passed straight to these.

extension Result.Publisher {
    /// Transforms the success value, if any, now; a failure stays the failure.
    ///
    /// ```swift
    /// let parsed: Result<Int, ParseError> = .success(7)
    /// let doubled = parsed.publisher.map { $0 * 2 }   // Result<Int, ParseError>.Publisher: 14
    /// ```
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    /// Transforms the success value, if any, now with a closure that may throw; a thrown
    /// error, or the original failure, becomes the failure.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(result.attempt(transform))
    }

    /// Transforms the failure, if any, now.
    @inlinable
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(result.mapError(transform))
    }

    /// Folds the success value, if any, into `initialResult` now.
    @inlinable
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Folds the success value, if any, into `initialResult` now with a closure that may
    /// throw.
    @inlinable
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    ) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(result.attempt { try nextPartialResult(initialResult, $0) })
    }

    /// Combines the success value, if any, with `initialResult` now; the result sends
    /// that one partial result.
    @inlinable
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Combines the success value, if any, with `initialResult` now with a closure that
    /// may throw.
    @inlinable
    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    ) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(result.attempt { try nextPartialResult(initialResult, $0) })
    }

    /// Collects the success value into an array: `[value]`.
    @inlinable
    public func collect() -> Result<[Output], Failure>.Publisher {
        Result<[Output], Failure>.Publisher(result.map { [$0] })
    }

    /// Counts the values: `1` on success.
    @inlinable
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(result.map { _ in 1 })
    }

    /// Whether the success value satisfies `predicate` (asked now).
    @inlinable
    public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Whether the success value satisfies a predicate that may throw (asked now).
    @inlinable
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(result.attempt(predicate))
    }

    /// Whether the success value satisfies `predicate` (asked now).
    @inlinable
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Whether the success value satisfies a predicate that may throw (asked now).
    @inlinable
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(result.attempt(predicate))
    }

    /// The smallest value: the one there is, so this same publisher.
    @inlinable
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The smallest value by a predicate that may throw. As in Combine, the predicate is
    /// asked once, now, comparing the success value with itself; an error it throws
    /// becomes the failure.
    @inlinable
    public func tryMin(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher
    {
        Result<Output, any Error>.Publisher(
            result.attempt { value in
                _ = try areInIncreasingOrder(value, value)
                return value
            })
    }

    /// The largest value: the one there is, so this same publisher.
    @inlinable
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The largest value by a predicate that may throw. As in Combine, the predicate is
    /// asked once, now, comparing the success value with itself; an error it throws
    /// becomes the failure.
    @inlinable
    public func tryMax(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher
    {
        Result<Output, any Error>.Publisher(
            result.attempt { value in
                _ = try areInIncreasingOrder(value, value)
                return value
            })
    }

    /// The first value: this same publisher.
    @inlinable
    public func first() -> Result<Output, Failure>.Publisher {
        self
    }

    /// The last value: this same publisher.
    @inlinable
    public func last() -> Result<Output, Failure>.Publisher {
        self
    }

    /// Removes repeated values: one value never repeats, so this is the same publisher.
    @inlinable
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// Removes repeated values with a predicate that may throw. As in Combine, the
    /// predicate is asked once, now, comparing the success value with itself; an error it
    /// throws becomes the failure.
    @inlinable
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool)
        -> Result<Output, any Error>.Publisher
    {
        Result<Output, any Error>.Publisher(
            result.attempt { value in
                _ = try predicate(value, value)
                return value
            })
    }

    /// Replaces a failure with `output`: the result always succeeds.
    ///
    /// ```swift
    /// let saved: Result<Int, DiskError> = .failure(.full)
    /// let count = saved.publisher.replaceError(with: 0)   // Result<Int, Never>.Publisher: 0
    /// ```
    @inlinable
    public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
        switch result {
        case .success(let value): Result<Output, Never>.Publisher(value)
        case .failure: Result<Output, Never>.Publisher(output)
        }
    }

    /// Replaces an empty stream with `output`: this publisher is never empty (it sends a
    /// value or fails), so this is the same publisher.
    @inlinable
    public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher {
        self
    }

    /// Resubscribes after a failure: every subscription gets the same result, so this is
    /// the same publisher.
    @inlinable
    public func retry(_ times: Int) -> Result<Output, Failure>.Publisher {
        self
    }

    /// Drops the value and only finishes. As in Combine, the result is an `Empty`, so it
    /// finishes even when this result is a failure.
    @inlinable
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty<Output, Failure>()
    }
}

extension Result.Publisher where Success: Equatable {
    /// Whether the success value equals `output`.
    @inlinable
    public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map { $0 == output })
    }

    /// Removes repeated values: one value never repeats, so this is the same publisher.
    @inlinable
    public func removeDuplicates() -> Result<Output, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Success: Comparable {
    /// The smallest value: the one there is, so this same publisher.
    @inlinable
    public func min() -> Result<Output, Failure>.Publisher {
        self
    }

    /// The largest value: the one there is, so this same publisher.
    @inlinable
    public func max() -> Result<Output, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Failure == Never {
    /// The same result with the failure type `failureType`, so it fits where a failing
    /// publisher is expected.
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        switch result {
        case .success(let value): Result<Output, E>.Publisher(value)
        }
    }
}

extension Result {
    /// Applies a throwing transformation to the success value; a thrown error, or the
    /// original failure, becomes an `any Error` failure. (The `try` operators above all
    /// work this way.)
    @inlinable
    func attempt<T>(_ transform: (Success) throws -> T) -> Result<T, any Error> {
        switch self {
        case .success(let value): Result<T, any Error> { try transform(value) }
        case .failure(let error): .failure(error)
        }
    }
}
