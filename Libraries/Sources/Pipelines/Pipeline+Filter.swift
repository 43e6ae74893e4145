extension Pipeline {
    /// Returns a pipeline that keeps only the outputs that satisfy `isIncluded`.
    ///
    /// ```swift
    /// let evens = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }
    /// evens.run([1, 2, 3, 4])  // [2, 4]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `isIncluded` per output.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Pipeline<Input, Output> {
        then(
            Pipeline<Output, Output>(
                step: "filter",
                push: { consumer in { value in isIncluded(value) ? consumer(value) : true } },
                pull: {
                    { upstream in
                        while let value = upstream() {
                            if isIncluded(value) { return value }
                        }
                        return nil
                    }
                }
            ))
    }
}
