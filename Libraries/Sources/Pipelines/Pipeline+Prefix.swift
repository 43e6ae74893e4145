extension Pipeline {
    /// Returns a pipeline that passes on at most the first `maxLength` outputs, then
    /// finishes: a run stops pulling input as soon as it has them, so a prefix of an
    /// infinite sequence is finite.
    ///
    /// ```swift
    /// let firstThree = Pipeline<Int, Int>().prefix(3)
    /// firstThree.run(1...)  // [1, 2, 3]
    /// ```
    ///
    /// - Precondition: `maxLength >= 0`.
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, O(1) per output; the run stops pulling input after
    ///   `maxLength` outputs.
    @inlinable
    public func prefix(_ maxLength: Int) -> Pipeline<Input, Output> {
        precondition(maxLength >= 0, "Can't take a prefix of negative length from a pipeline")
        return then(
            Pipeline<Output, Output>(
                step: "prefix(\(maxLength))",
                push: { consumer in
                    // Nothing to take: finish before pulling a single element.
                    guard maxLength > 0 else { return nil }
                    let remaining = RunState(maxLength)
                    return { value in
                        remaining.pointer.pointee -= 1
                        return consumer(value) && remaining.pointer.pointee > 0
                    }
                },
                pull: {
                    let remaining = RunState(maxLength)
                    return { upstream in
                        // Checked before pulling, so the run ends without pulling once done.
                        guard remaining.pointer.pointee > 0, let value = upstream() else { return nil }
                        remaining.pointer.pointee -= 1
                        return value
                    }
                }
            ))
    }

    /// Returns a pipeline that passes on outputs while `predicate` holds, and finishes at
    /// the first output that fails it (which is dropped).
    ///
    /// ```swift
    /// let small = Pipeline<Int, Int>().prefix(while: { $0 < 3 })
    /// small.run([1, 2, 3, 1])  // [1, 2]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `predicate` per output; the run stops pulling
    ///   input at the first output that fails it.
    @inlinable
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Pipeline<Input, Output> {
        then(
            Pipeline<Output, Output>(
                step: "prefix(while:)",
                push: { consumer in { value in predicate(value) && consumer(value) } },
                pull: {
                    { upstream in
                        // The run ends at the first failure; the iterator won't call again.
                        guard let value = upstream(), predicate(value) else { return nil }
                        return value
                    }
                }
            ))
    }
}
