/// One transformation in a fused chain of same-type maps (`map.map` where both closures
/// produce the same type), linked to the transformation after it.
///
/// A chain of maps is fused into one `Publishers.Map`, as in Combine. Composing the
/// closures (`{ second(first($0)) }`) would put one more closure call around every map
/// after the first, each nested in the previous one; when the maps keep the type, the
/// chain is kept as this list instead, and ``run(_:from:)`` calls each closure once, in
/// order, from one loop. Nodes are immutable and built when the publisher is, not per
/// subscription or per value.
@usableFromInline
final class MapStage<Value> {
    /// This stage's transformation.
    @usableFromInline let apply: (Value) -> Value
    /// The stage after this one.
    @usableFromInline let next: MapStage<Value>?

    @inlinable
    init(apply: @escaping (Value) -> Value, next: MapStage<Value>?) {
        self.apply = apply
        self.next = next
    }

    /// A new chain: these stages, then `last`. (Copies this chain, so a publisher made
    /// earlier keeps its own; chains are as long as the maps a programmer wrote.)
    @inlinable
    func appending(_ last: @escaping (Value) -> Value) -> MapStage<Value> {
        MapStage(apply: apply, next: next?.appending(last) ?? MapStage(apply: last, next: nil))
    }

    /// Runs `value` through `stage` and every stage after it.
    ///
    /// The nodes are reached through unretained references, the first one included: the
    /// caller keeps a strong reference to the first node, which keeps the whole chain
    /// alive, so no closure or node is retained and released per value.
    @inlinable @inline(__always)
    static func run(_ value: Value, from stage: Unmanaged<MapStage<Value>>) -> Value {
        var output = value
        var current: Unmanaged<MapStage<Value>>? = stage
        while let node = current {
            current = node._withUnsafeGuaranteedRef { node in
                output = node.apply(output)
                return node.next.map { Unmanaged.passUnretained($0) }
            }
        }
        return output
    }
}
