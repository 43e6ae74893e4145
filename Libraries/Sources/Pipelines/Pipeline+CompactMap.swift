extension Pipeline {
    /// Returns a pipeline that transforms each output with `transform` and keeps only the
    /// non-`nil` results.
    ///
    /// ```swift
    /// let numbers = Pipeline<String, String>().compactMap { Int($0) }
    /// numbers.run(["1", "two", "3"])  // [1, 3]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `transform` per output.
    @inlinable
    public func compactMap<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput?
    ) -> Pipeline<Input, NewOutput> {
        then(
            Pipeline<Output, NewOutput>(
                step: "compactMap",
                push: { consumer in
                    { value in
                        guard let transformed = transform(value) else { return true }
                        return consumer(transformed)
                    }
                },
                pull: {
                    { upstream in
                        while let value = upstream() {
                            if let transformed = transform(value) { return transformed }
                        }
                        return nil
                    }
                }
            ))
    }
}
