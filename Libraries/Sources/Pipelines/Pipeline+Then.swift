extension Pipeline {
    /// Returns a pipeline that runs this pipeline and then `next` on each of its outputs.
    ///
    /// Composition lets you name and reuse the parts of a longer transformation.
    ///
    /// ```swift
    /// let evens = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }
    /// let labelled = Pipeline<Int, Int>().map { "#\($0)" }
    /// evens.then(labelled).run([1, 2, 3, 4])  // ["#2", "#4"]
    /// ```
    ///
    /// When `next` finishes early (say it ends in ``prefix(_:)``), the combined pipeline
    /// stops pulling input too.
    ///
    /// - Complexity: O(*k* + *m*) to build, where *k* and *m* are the numbers of steps in this
    ///   pipeline and in `next`; in a run, O(1) per output on top of the two pipelines' own
    ///   work.
    @inlinable
    public func then<NewOutput>(_ next: Pipeline<Output, NewOutput>) -> Pipeline<Input, NewOutput> {
        let pushFirst = startPush
        let pushSecond = next.startPush
        let pullFirst = startPull
        let pullSecond = next.startPull
        return Pipeline<Input, NewOutput>(
            stepNames: stepNames + next.stepNames,
            push: { consumer in
                guard let second = pushSecond(consumer) else { return nil }
                return pushFirst(second)
            },
            pull: {
                let first = pullFirst()
                let second = pullSecond()
                return { upstream in
                    second { first(upstream) }
                }
            }
        )
    }
}
