/// A lazy sequence of the outputs of a pipeline run over a base sequence: elements are
/// computed one at a time as you iterate, in a single pass over the base.
///
/// You get one from `through(_:)` on any lazy sequence:
///
/// ```swift
/// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
/// let outputs = [1, 2, 3, 4].lazy.through(evensDoubled)  // nothing computed yet
/// Array(outputs)                                        // [4, 8]
/// (1...).lazy.through(evensDoubled).first { $0 > 10 }    // 12, pulling only 1 through 6
/// ```
///
/// Every iterator runs the pipeline afresh, so iterating twice gives the same elements.
public struct LazyPipelineSequence<Base: Sequence, Element>: LazySequenceProtocol {
    @usableFromInline
    let base: Base

    @usableFromInline
    let pipeline: Pipeline<Base.Element, Element>

    @inlinable
    init(base: Base, pipeline: Pipeline<Base.Element, Element>) {
        self.base = base
        self.pipeline = pipeline
    }

    /// Pulls elements from the base sequence through the pipeline, one output at a time.
    ///
    /// ```swift
    /// var iterator = [1, 2, 3, 4].lazy.through(Pipeline<Int, Int>().map { $0 * 10 }).makeIterator()
    /// iterator.next()  // Optional(10): only the first base element has been pulled
    /// ```
    public struct Iterator: IteratorProtocol {
        @usableFromInline
        var base: Base.Iterator

        /// This run's pull-driven entry point, which keeps each step's place (such as a
        /// `flatMap` step's current segment) between calls.
        @usableFromInline
        let pull: Pipeline<Base.Element, Element>.Pull

        /// Whether the run is over: the base is exhausted or the pipeline has finished.
        @usableFromInline
        var finished = false

        @inlinable
        init(base: Base.Iterator, pipeline: Pipeline<Base.Element, Element>) {
            self.base = base
            self.pull = pipeline.startPull()
        }

        /// Returns the next output, pulling as few base elements as it takes, or `nil` when
        /// the base is exhausted or the pipeline has finished.
        ///
        /// ```swift
        /// var iterator = [1, 2].lazy.through(Pipeline<Int, Int>()).makeIterator()
        /// iterator.next()  // Optional(1)
        /// ```
        @inlinable
        public mutating func next() -> Element? {
            guard !finished else { return nil }
            let pull = self.pull
            // The closure reaches the base iterator through a pointer rather than capturing
            // `self`: measured, capturing `self` stopped the optimiser from inlining the
            // steps into the caller's loop (more than 10x slower), and copying the base
            // iterator into a local and back costs a retain and a release per call.
            let output = withUnsafeMutablePointer(to: &base) { base in
                pull { base.pointee.next() }
            }
            if let output {
                return output
            }
            // Steps are never pulled again once they have returned `nil`.
            finished = true
            return nil
        }
    }

    /// Returns an iterator that runs the pipeline afresh over the base sequence.
    ///
    /// ```swift
    /// for value in [1, 2].lazy.through(Pipeline<Int, Int>().map { $0 + 1 }) {
    ///     print(value)  // 2, then 3
    /// }
    /// ```
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), pipeline: pipeline)
    }
}

extension LazySequenceProtocol {
    /// Returns a lazy sequence of the outputs of `pipeline` run over this sequence.
    ///
    /// ```swift
    /// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
    /// Array([1, 2, 3, 4].lazy.through(evensDoubled))  // [4, 8]
    /// ```
    ///
    /// Nothing runs until you iterate, and each output pulls only the base elements it
    /// needs.
    ///
    /// - Complexity: O(1): nothing runs until the result is iterated; iterating costs what
    ///   ``Pipeline/run(_:)`` costs for the base elements pulled.
    @inlinable
    public func through<Output>(
        _ pipeline: Pipeline<Element, Output>
    ) -> LazyPipelineSequence<Self, Output> {
        LazyPipelineSequence(base: self, pipeline: pipeline)
    }
}
