extension LazyPipelineSequence {
    /// Returns the result of combining the outputs with `nextPartialResult`, starting from
    /// `initialResult`: the standard `reduce(_:_:)`, run as one push-driven loop.
    ///
    /// ```swift
    /// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
    /// [1, 2, 3, 4].lazy.through(evensDoubled).reduce(0, +)  // 12
    /// ```
    ///
    /// Same result as `Sequence.reduce(_:_:)`, which a throwing closure still gets. This
    /// overload drives the pipeline from the base sequence's loop instead of pulling one
    /// output at a time through an iterator, which keeps steps that produce several
    /// outputs per element (`flatMap`) as fast as the rest.
    ///
    /// - Complexity: O(*n*), where *n* is the number of base elements pulled.
    @inlinable
    public func reduce<Result>(
        _ initialResult: Result,
        _ nextPartialResult: (Result, Element) -> Result
    ) -> Result {
        pipeline.run(base, into: initialResult) { $0 = nextPartialResult($0, $1) }
    }

    /// Returns the result of folding the outputs into `initialResult` in place: the
    /// standard `reduce(into:_:)`, run as one push-driven loop.
    ///
    /// ```swift
    /// let words = Pipeline<String, String>().map { $0.lowercased() }
    /// ["A", "b", "a"].lazy.through(words).reduce(into: [:]) { $0[$1, default: 0] += 1 }
    /// // ["a": 2, "b": 1]
    /// ```
    ///
    /// Same result as `Sequence.reduce(into:_:)`, which a throwing closure still gets; see
    /// ``reduce(_:_:)`` for why this overload exists.
    ///
    /// - Complexity: O(*n*), where *n* is the number of base elements pulled.
    @inlinable
    public func reduce<Result>(
        into initialResult: Result,
        _ updateAccumulatingResult: (inout Result, Element) -> Void
    ) -> Result {
        pipeline.run(base, into: initialResult, updateAccumulatingResult)
    }
}
