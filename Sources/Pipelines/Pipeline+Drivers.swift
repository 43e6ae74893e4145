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
        startPush()
    }
}
