extension Pipeline {
    /// Returns a pipeline that transforms each output with `transform`.
    ///
    /// ```swift
    /// let lengths = Pipeline<String, String>().map { $0.count }
    /// lengths.run(["a", "bcd"])  // [1, 3]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `transform` per output.
    @inlinable
    public func map<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput
    ) -> Pipeline<Input, NewOutput> {
        then(
            Pipeline<Output, NewOutput>(
                step: "map",
                push: { consumer in { value in consumer(transform(value)) } },
                pull: { { upstream in upstream().map(transform) } }
            ))
    }
}
