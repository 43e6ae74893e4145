extension Pipeline {
    /// Returns a pipeline that transforms each output into a sequence and passes on the
    /// sequence's elements, one after another.
    ///
    /// ```swift
    /// let characters = Pipeline<String, String>().flatMap { $0 }
    /// characters.run(["ab", "c"])  // ["a", "b", "c"]
    ///
    /// let withNegatives = Pipeline<Int, Int>().flatMap { [$0, -$0] }
    /// withNegatives.run([1, 2])  // [1, -1, 2, -2]
    /// ```
    ///
    /// The sequences are iterated as they are produced, never collected; when a later step
    /// finishes (as ``prefix(_:)`` does), the rest of the current sequence is not iterated.
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `transform` per output and O(1) per element
    ///   of the sequences it returns.
    @inlinable
    public func flatMap<Segment: Sequence>(
        _ transform: @escaping (Output) -> Segment
    ) -> Pipeline<Input, Segment.Element> {
        then(
            Pipeline<Output, Segment.Element>(
                step: "flatMap",
                push: { consumer in
                    { value in
                        for element in transform(value) where !consumer(element) {
                            return false
                        }
                        return true
                    }
                },
                pull: {
                    // The current segment's iterator, as in `FlattenSequence`: the next call
                    // resumes it where the last one left off.
                    let segment = RunState<Segment.Iterator?>(nil)
                    return { upstream in
                        while true {
                            if let element = segment.pointer.pointee?.next() { return element }
                            guard let value = upstream() else { return nil }
                            segment.pointer.pointee = transform(value).makeIterator()
                        }
                    }
                }
            ))
    }

    /// Returns a pipeline that transforms each output with a closure returning an optional
    /// and keeps the non-`nil` results: the same as ``compactMap(_:)``.
    ///
    /// This overload mirrors `Sequence.flatMap(_:)` in the standard library, which Swift 4.1
    /// deprecated in favour of `compactMap(_:)`: the same call gets the same overload and
    /// the same deprecation warning here, so lessons can show both.
    ///
    /// ```swift
    /// let numbers = Pipeline<String, String>().flatMap { Int($0) }  // warning: use compactMap
    /// numbers.run(["1", "two", "3"])  // [1, 3]
    /// ```
    ///
    /// - Complexity: O(*k*) to build, where *k* is the number of steps in this pipeline (their
    ///   names are copied); in a run, one call of `transform` per output.
    @available(
        swift, deprecated: 4.1, renamed: "compactMap(_:)",
        message: "flatMap with a closure that returns an optional is compactMap(_:); use that name"
    )
    @inlinable
    public func flatMap<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput?
    ) -> Pipeline<Input, NewOutput> {
        compactMap(transform)
    }
}
