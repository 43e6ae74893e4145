// Stand-ins that turn the compiler's "RunLoop does not conform to Scheduler" and
// "JSONDecoder does not conform to TopLevelDecoder" into an error that names the fix:
// Foundation's schedulers and coders conform in StreamsFoundation, which Streams cannot
// import (it depends on nothing but Dispatch). Each overload is unconstrained and
// unavailable, so the compiler reaches for it, and shows its message, only when no real
// overload applies; with `import StreamsFoundation` the real one is chosen as before.
//
// `subscribe(on:options:)` has no stand-in: with one, Swift reports the call as
// "conflicting arguments to generic parameter 'S' ('RunLoop' vs. 'NSObject')" (seen with
// Swift 6.3), which says less than its own "requires that 'RunLoop' conform to 'Scheduler'".
//
// Members of Foundation's own types (`NotificationCenter.publisher(for:)`,
// `Timer.publish(every:on:in:)`, `URLSession.dataTaskPublisher(for:)`) cannot have
// stand-ins here, since naming those types needs Foundation; the Scheduler and
// TopLevelDecoder documentation say where they are.

extension Publisher {
    /// Stand-in for `receive(on:options:)` with a value that is not a ``Scheduler``.
    @available(
        *, unavailable,
        message: "not a Scheduler: RunLoop and OperationQueue become schedulers with `import StreamsFoundation`"
    )
    public func receive<S>(on scheduler: S, options: Never? = nil) -> Self { self }

    /// Stand-in for `decode(type:decoder:)` with a decoder that is not a
    /// ``TopLevelDecoder`` of this publisher's output.
    @available(
        *, unavailable,
        message:
            "not a TopLevelDecoder of this publisher's Output: JSONDecoder and PropertyListDecoder decode Data with `import StreamsFoundation`"
    )
    public func decode<Item, Coder>(type: Item.Type, decoder: Coder) -> AnyPublisher<Item, any Error> {
        fatalError("unavailable")
    }
}

extension Publisher where Output: Encodable {
    /// Stand-in for `encode(encoder:)` with an encoder that is not a ``TopLevelEncoder``.
    @available(
        *, unavailable,
        message:
            "not a TopLevelEncoder: JSONEncoder and PropertyListEncoder become encoders with `import StreamsFoundation`"
    )
    public func encode<Coder>(encoder: Coder) -> AnyPublisher<Never, any Error> {
        fatalError("unavailable")
    }
}
