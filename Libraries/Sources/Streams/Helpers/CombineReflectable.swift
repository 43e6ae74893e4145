/// How the subscribers and subscriptions inside Streams' operators and subjects show
/// themselves, as Combine's do: `description` is the operator's name (`"Map"`,
/// `"PassthroughSubject"`, `"Catch"`...), which `print(subscription)` and debuggers
/// show; `customMirror` lists the parts Combine's mirror lists (often none); a
/// playground shows the name.
///
/// A conformer supplies `description` and `customMirror`; both are computed when asked,
/// so nothing is stored for them and the delivery path is unchanged.
@usableFromInline
protocol CombineReflectable: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {}

extension CombineReflectable {
    /// The name, as Combine's playground display shows it.
    @usableFromInline var playgroundDescription: Any { description }
}
