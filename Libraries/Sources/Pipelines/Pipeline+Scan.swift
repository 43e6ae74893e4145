extension Pipeline {
    /// Returns a pipeline that passes on each partial result of combining the outputs so
    /// far, starting from `initialResult` (which itself is not passed on): a running total.
    ///
    /// This is Combine's `scan(_:_:)`, so a pipeline behaves the same over a sequence and
    /// over a stream.
    ///
    /// ```swift
    /// let runningTotal = Pipeline<Int, Int>().scan(0, +)
    /// runningTotal.run([1, 2, 3, 4])  // [1, 3, 6, 10]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `nextPartialResult` per output.
    @inlinable
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping (Result, Output) -> Result
    ) -> Pipeline<Input, Result> {
        then(
            Pipeline<Output, Result>(
                step: "scan",
                push: { consumer in
                    let partialResult = RunState(initialResult)
                    return { value in
                        partialResult.pointer.pointee = nextPartialResult(partialResult.pointer.pointee, value)
                        return consumer(partialResult.pointer.pointee)
                    }
                },
                pull: {
                    let partialResult = RunState(initialResult)
                    return { upstream in
                        guard let value = upstream() else { return nil }
                        partialResult.pointer.pointee = nextPartialResult(partialResult.pointer.pointee, value)
                        return partialResult.pointer.pointee
                    }
                }
            ))
    }
}
