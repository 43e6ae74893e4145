/// The two closures of a ``Subscribers/Sink``, in an object of their own so that the sink
/// can let go of them when it ends while it lives on, and call them without retaining
/// them.
///
/// Module-internal building block. The sink keeps it as an `Unmanaged` reference retained
/// once, reads it with `_withUnsafeGuaranteedRef` (the closures are `let`s of an object
/// known to be alive, so calling one neither retains nor releases anything) and releases
/// it once, when the sink has ended and no delivery is under way (see ``SinkDelivery``).
/// A closure stored in a `var` of the sink itself could be emptied, but every call would
/// then retain and release what it captures: the call may overwrite the `var`.
@usableFromInline
final class SinkClosures<Input, Failure: Error> {
    @usableFromInline let receiveValue: (Input) -> Void
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @inlinable
    init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }
}
