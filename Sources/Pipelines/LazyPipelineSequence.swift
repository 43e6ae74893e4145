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

        /// This run's entry point.
        @usableFromInline
        let push: Pipeline<Base.Element, Element>.Push

        /// Whether the run is over: the base is exhausted or the pipeline has finished.
        @usableFromInline
        var finished: Bool

        /// Outputs beyond the first that one base element produced (through `flatMap`),
        /// handed out by the next calls to `next()`, from `pendingStart` on.
        @usableFromInline
        var pending: [Element] = []

        @usableFromInline
        var pendingStart = 0

        @inlinable
        init(base: Base.Iterator, pipeline: Pipeline<Base.Element, Element>) {
            self.base = base
            if let push = pipeline.start() {
                self.push = push
                finished = false
            } else {
                self.push = { _, _ in false }
                finished = true
            }
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
            // Keep this body in one piece: measured, moving the buffer handling into a
            // helper method stopped the optimiser from inlining the steps into the
            // caller's loop (more than 10x slower).
            if pendingStart < pending.count {
                let output = pending[pendingStart]
                pendingStart += 1
                if pendingStart == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    pendingStart = 0
                }
                return output
            }
            let push = self.push
            while !finished {
                guard let element = base.next() else {
                    finished = true
                    return nil
                }
                // The first output is returned directly; only extra outputs are buffered.
                // The buffer is swapped into a local so that the closure doesn't capture
                // `self`, which also keeps the steps inlinable.
                var first: Element?
                var extra: [Element] = []
                swap(&extra, &pending)
                let wantsMore = push(element) { output in
                    if first == nil {
                        first = output
                    } else {
                        extra.append(output)
                    }
                    return true
                }
                swap(&extra, &pending)
                if !wantsMore {
                    finished = true
                }
                if let first {
                    return first
                }
            }
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
    @inlinable
    public func through<Output>(
        _ pipeline: Pipeline<Element, Output>
    ) -> LazyPipelineSequence<Self, Output> {
        LazyPipelineSequence(base: self, pipeline: pipeline)
    }
}
