extension Pipeline {
    /// Starts one run of the pipeline for a driver in another module of this package
    /// (Streams' `through(_:)`, which feeds it values as a publisher sends them).
    ///
    /// Returns `nil` when the run needs no input at all (as with `prefix(0)`); otherwise a
    /// function to call with each input in turn, passing a consumer for the outputs that
    /// input produces (return `false` from the consumer to stop early). The function
    /// returns `false` once the run needs no more input; don't call it after that. Every
    /// call of `startRun()` starts fresh per-run state.
    ///
    /// ```swift
    /// let push = Pipeline<Int, Int>().prefix(1).startRun()!
    /// push(7) { print($0); return true }  // prints 7, returns false: done
    /// ```
    @inlinable
    package func startRun() -> ((Input, (Output) -> Bool) -> Bool)? {
        // The steps are connected once, to a consumer that forwards to whichever consumer
        // the current call passed.
        let current = CurrentConsumer<Output>()
        guard let push = startPush({ current.consumer?($0) ?? false }) else { return nil }
        return { input, consumer in
            withoutActuallyEscaping(consumer) { consumer in
                let outer = current.consumer
                current.consumer = consumer
                // Restored before returning, so the consumer doesn't outlive this call.
                defer { current.consumer = outer }
                return push(input)
            }
        }
    }
}

/// The consumer of the call in progress of a run started by `startRun()`.
@usableFromInline
final class CurrentConsumer<Output> {
    @usableFromInline
    var consumer: ((Output) -> Bool)?

    @inlinable
    init() {}
}
