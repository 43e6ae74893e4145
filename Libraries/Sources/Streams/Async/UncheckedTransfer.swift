/// Carries a value from the thread a publisher delivers on to the task awaiting it.
///
/// `@unchecked Sendable` because publishers, as in Combine, do not require `Sendable`
/// outputs: once handed over, the value is used only by the awaiting task, the same
/// hand-over `receive(on:)` makes between threads. Values that a publisher keeps and
/// shares (a `CurrentValueSubject`'s reference-type value, say) are shared exactly as
/// they would be with a `sink` on another thread.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
}
