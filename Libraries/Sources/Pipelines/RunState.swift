/// A value that one run of a pipeline step keeps from one input to the next, such as the
/// count left to take in `prefix(_:)` or the current segment's iterator in `flatMap`.
///
/// A `var` captured by the step's closure would do the same, but the closure outlives the
/// function that creates it, so every access to such a variable gets a dynamic exclusivity
/// check; measured, those checks cost more than the rest of a `flatMap` step pulled
/// through an iterator. Reaching the value through a pointer has no check, and one run's
/// closures are the only code that ever touches it, one call at a time.
@usableFromInline
final class RunState<Value> {
    /// The value, allocated and initialised for as long as this object lives.
    @usableFromInline
    let pointer: UnsafeMutablePointer<Value>

    @inlinable
    init(_ initialValue: Value) {
        pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: initialValue)
    }

    @inlinable
    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
