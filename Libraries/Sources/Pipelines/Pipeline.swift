/// A transformation from `Input` values to `Output` values, written once and run many
/// times: eagerly over a sequence, lazily as a sequence, into a reduction, or (with the
/// `Streams` module) over a publisher.
///
/// Build a pipeline by chaining operators onto the empty pipeline, `Pipeline<T, T>()`,
/// which passes every value through unchanged. Building does no work: each operator only
/// records a step. Running does all the work in one pass over the input, with no
/// intermediate arrays, and stops pulling input as soon as a step such as ``prefix(_:)``
/// has all it needs.
///
/// ```swift
/// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
/// evensDoubled.run([1, 2, 3, 4])                  // [4, 8]
/// evensDoubled.run([1, 2, 3, 4], into: 0, +=)     // 12
/// Array([1, 2, 3, 4].lazy.through(evensDoubled))  // [4, 8]
/// ```
///
/// A pipeline is a value: steps that keep state, such as ``prefix(_:)``, ``dropFirst(_:)``
/// and ``scan(_:_:)``, start afresh on every run, so running a pipeline twice on the same
/// input gives the same result twice.
///
/// ## Speed
///
/// Each step is a closure. When the code that builds a pipeline and the code that runs it
/// are visible to the optimiser together (the same function, or `@inlinable` code), the
/// closures inline into a single loop as fast as the standard library's `.lazy` chain.
/// A pipeline stored in a property and run from elsewhere (as in the REPL, where one cell
/// builds it and a later one runs it) still makes one pass with no intermediate arrays,
/// but pays two indirect calls per step and element, one to your closure and one to the
/// next step: faster than the eager chain with `run(_:into:_:)`, slower when pulled
/// through an iterator (BENCHMARKS.md).
///
/// The closures you pass to a pipeline can't throw: a pipeline keeps them to run later,
/// and a stream has no way to report a thrown error through the `Pipeline` type.
public struct Pipeline<Input, Output> {
    /// Where a push-driven step sends its values: returns `false` once it wants no more.
    @usableFromInline
    typealias Sink<Value> = (Value) -> Bool

    /// One push-driven run's entry point: offers `input` to the steps, which send whatever
    /// comes out to the run's consumer. Returns `false` once the run needs no more input,
    /// so the caller stops pulling.
    ///
    /// Used where the input drives the run: `run(_:into:_:)`, `reduce`, and publishers.
    @usableFromInline
    typealias Push = Sink<Input>

    /// One pull-driven run's entry point: returns the next output, calling `upstream` for
    /// as many inputs as that takes, or `nil` once `upstream` is exhausted or the run has
    /// finished. Never called again after it has returned `nil`.
    ///
    /// Used where the consumer drives the run: `LazyPipelineSequence`'s iterator. Each step
    /// keeps its place in its own state (a `flatMap` step keeps the current segment's
    /// iterator, as `FlattenSequence` does), so no outputs wait in a buffer between calls.
    @usableFromInline
    typealias Pull = (_ upstream: () -> Input?) -> Output?

    /// Starts one push-driven run that sends its outputs to `consumer`: creates fresh
    /// per-run state for every step, connects each step to the next once, and returns the
    /// run's entry point, or `nil` when the run needs no input at all (as with
    /// `prefix(0)`), so that not even one element is pulled.
    ///
    /// Connecting the steps when the run starts, rather than passing the consumer along
    /// with every value, leaves one indirect call per step and value where the optimiser
    /// can't inline the steps (a pipeline built out of its sight).
    @usableFromInline
    let startPush: (_ consumer: @escaping Sink<Output>) -> Push?

    /// Starts one pull-driven run: creates fresh per-run state for every step and returns
    /// the run's entry point.
    @usableFromInline
    let startPull: () -> Pull

    /// The names of the steps, in order, for ``description``.
    @usableFromInline
    let stepNames: [String]

    /// A pipeline of one step, given in both its push-driven and its pull-driven form
    /// (which must produce the same outputs and pull the same inputs).
    @inlinable
    init(
        step name: String,
        push: @escaping (_ consumer: @escaping Sink<Output>) -> Push?,
        pull: @escaping () -> Pull
    ) {
        self.init(stepNames: [name], push: push, pull: pull)
    }

    @inlinable
    init(
        stepNames: [String],
        push: @escaping (_ consumer: @escaping Sink<Output>) -> Push?,
        pull: @escaping () -> Pull
    ) {
        self.stepNames = stepNames
        self.startPush = push
        self.startPull = pull
    }

    /// Creates the empty pipeline, which passes every value through unchanged: the start
    /// of every chain.
    ///
    /// ```swift
    /// let identity = Pipeline<Int, Int>()
    /// identity.run([1, 2, 3])  // [1, 2, 3]
    /// ```
    @inlinable
    public init() where Input == Output {
        self.init(
            stepNames: [],
            push: { consumer in consumer },
            pull: { { upstream in upstream() } }
        )
    }
}
