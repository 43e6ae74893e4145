extension Pipeline {
    /// Runs the pipeline over `input` in one pass and returns the outputs in an array.
    ///
    /// ```swift
    /// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
    /// evensDoubled.run([1, 2, 3, 4])  // [4, 8]
    /// ```
    ///
    /// The array of outputs is the only one built. Input is pulled one element at a time,
    /// and no more once the pipeline has finished (see ``prefix(_:)``), so `input` may be
    /// infinite when the pipeline ends.
    ///
    /// - Complexity: O(*n*) calls of each step's closure, where *n* is the number of
    ///   elements pulled from `input`.
    @inlinable
    public func run<Source: Sequence>(_ input: Source) -> [Output] where Source.Element == Input {
        run(input, into: []) { $0.append($1) }
    }

    /// Runs the pipeline over `input` in one pass, folding each output into a result that
    /// starts as `initialResult`: `reduce(into:_:)` without the array in between.
    ///
    /// ```swift
    /// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
    /// evensDoubled.run([1, 2, 3, 4], into: 0, +=)  // 12
    /// evensDoubled.run([1, 2, 3, 4], into: Set()) { $0.insert($1) }  // [4, 8] as a Set
    /// ```
    ///
    /// The spelling follows the standard library's `reduce(into:_:)`, whose closure updates
    /// the result in place: that is what lets `+=` or `append` work without copying.
    ///
    /// - Complexity: O(*n*) calls of each step's closure and of
    ///   `updateAccumulatingResult`, where *n* is the number of elements pulled from `input`.
    @inlinable
    public func run<Source: Sequence, Result>(
        _ input: Source,
        into initialResult: Result,
        _ updateAccumulatingResult: (_ partialResult: inout Result, Output) -> Void
    ) -> Result where Source.Element == Input {
        var result = initialResult
        // The consumer reaches the result through a pointer: a `var` captured by a closure
        // that the steps keep (even only for this run, as here) gets a dynamic exclusivity
        // check on every access, which measured as a quarter of the time of a pipeline
        // built out of the optimiser's sight.
        withUnsafeMutablePointer(to: &result) { result in
            // The steps keep the consumer only for this run, so it never escapes.
            withoutActuallyEscaping({ (output: Output) -> Bool in
                updateAccumulatingResult(&result.pointee, output)
                return true
            }) { consumer in
                guard let push = startPush(consumer) else { return }
                for element in input where !push(element) {
                    break
                }
            }
        }
        return result
    }
}
