extension Pipeline {
    /// Returns a pipeline that skips the first `count` outputs and passes on the rest.
    ///
    /// ```swift
    /// let afterTwo = Pipeline<Int, Int>().dropFirst(2)
    /// afterTwo.run([1, 2, 3, 4])  // [3, 4]
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, O(1) per output.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Pipeline<Input, Output> {
        precondition(count >= 0, "Can't drop a negative number of elements from a pipeline")
        return then(
            Pipeline<Output, Output>(
                step: "dropFirst(\(count))",
                push: { consumer in
                    let toSkip = RunState(count)
                    return { value in
                        guard toSkip.pointer.pointee == 0 else {
                            toSkip.pointer.pointee -= 1
                            return true
                        }
                        return consumer(value)
                    }
                },
                pull: {
                    let toSkip = RunState(count)
                    return { upstream in
                        while toSkip.pointer.pointee > 0 {
                            guard upstream() != nil else { return nil }
                            toSkip.pointer.pointee -= 1
                        }
                        return upstream()
                    }
                }
            ))
    }

    /// Returns a pipeline that skips outputs while `predicate` holds and passes on every
    /// output from the first one that fails it (later outputs are not tested).
    ///
    /// ```swift
    /// let fromFirstBig = Pipeline<Int, Int>().drop(while: { $0 < 3 })
    /// fromFirstBig.run([1, 2, 3, 1])  // [3, 1]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `predicate` per output until it first fails,
    ///   O(1) per output after that.
    @inlinable
    public func drop(while predicate: @escaping (Output) -> Bool) -> Pipeline<Input, Output> {
        then(
            Pipeline<Output, Output>(
                step: "drop(while:)",
                push: { consumer in
                    let dropping = RunState(true)
                    return { value in
                        if dropping.pointer.pointee {
                            guard !predicate(value) else { return true }
                            dropping.pointer.pointee = false
                        }
                        return consumer(value)
                    }
                },
                pull: {
                    let dropping = RunState(true)
                    return { upstream in
                        guard dropping.pointer.pointee else { return upstream() }
                        while let value = upstream() {
                            if !predicate(value) {
                                dropping.pointer.pointee = false
                                return value
                            }
                        }
                        return nil
                    }
                }
            ))
    }
}
