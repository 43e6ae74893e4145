/// Which operator a ``StepSubscriber`` works for: what it calls itself (Combine's name for
/// that operator's subscription, such as `"Scan"` or `"TryReduce"`) and which parts its
/// mirror shows. Stored as one byte; the name is computed only when asked.
@usableFromInline
enum StepOperatorName: UInt8 {
    case allSatisfy, tryAllSatisfy, collect, collectByCount, comparison, tryComparison
    case contains, containsWhere, tryContainsWhere, count, drop, dropWhile, tryDropWhile
    case first, firstWhere, tryFirstWhere, ignoreOutput, lastWhere, tryLastWhere
    case last, output, prefixWhile, tryPrefixWhile, reduce, tryReduce, removeDuplicates
    case tryRemoveDuplicates, replaceEmpty, replaceError, scan, tryScan, tryCompactMap
    case tryFilter, encode, decode

    /// Combine's name for the operator's subscription.
    var name: String {
        switch self {
        case .allSatisfy: "AllSatisfy"
        case .tryAllSatisfy: "TryAllSatisfy"
        case .collect: "Collect"
        case .collectByCount: "CollectByCount"
        case .comparison: "Comparison"
        case .tryComparison: "TryComparison"
        case .contains: "Contains"
        case .containsWhere: "ContainsWhere"
        case .tryContainsWhere: "TryContainsWhere"
        case .count: "Count"
        case .drop: "Drop"
        case .dropWhile: "DropWhile"
        case .tryDropWhile: "TryDropWhile"
        case .first: "First"
        // Combine's own name for `first(where:)`'s subscription.
        case .firstWhere: "TryFirst"
        case .tryFirstWhere: "TryFirstWhere"
        case .ignoreOutput: "IgnoreOutput"
        case .last: "Last"
        case .lastWhere: "LastWhere"
        case .tryLastWhere: "TryLastWhere"
        case .output: "Output"
        case .prefixWhile: "PrefixWhile"
        case .tryPrefixWhile: "TryPrefixWhile"
        case .reduce: "Reduce"
        case .tryReduce: "TryReduce"
        case .removeDuplicates: "RemoveDuplicates"
        case .tryRemoveDuplicates: "TryRemoveDuplicates"
        case .replaceEmpty: "ReplaceEmpty"
        case .replaceError: "ReplaceError"
        case .scan: "Scan"
        case .tryScan: "TryScan"
        case .tryCompactMap: "TryCompactMap"
        case .tryFilter: "TryFilter"
        case .encode: "Encode"
        case .decode: "Decode"
        }
    }

    /// What its mirror shows, as Combine's mirror of that operator's subscription does.
    enum MirrorShape {
        /// No children.
        case empty
        /// The downstream only.
        case downstream
        /// The downstream and the operator's state under `label` (`"last"`, `"result"`).
        case downstreamAndState(label: String)
        /// The downstream, the upstream subscription's status and the result so far
        /// (`tryScan`).
        case downstreamStatusAndResult
        /// The downstream, whether the upstream has ended (`finished`) and the upstream
        /// subscription (`encode`, `decode`).
        case downstreamFinishedAndUpstream
        /// The downstream, the upstream subscription, the values gathered and the group
        /// size (`collect(_:)`, whose state is a ``CollectByCountBatch``).
        case downstreamUpstreamBufferAndCount
        /// How many values were gathered, under `count` (`collect()`).
        case gatheredCount
        /// The downstream, the result so far, the initial result and the upstream
        /// subscription's status: the operators that answer once the upstream finishes.
        case reducing
    }

    var mirrorShape: MirrorShape {
        switch self {
        case .drop, .dropWhile, .tryDropWhile, .ignoreOutput, .output, .replaceEmpty,
            .replaceError:
            .empty
        case .collect:
            .gatheredCount
        case .prefixWhile, .tryPrefixWhile, .tryCompactMap, .tryFilter:
            .downstream
        case .collectByCount:
            .downstreamUpstreamBufferAndCount
        case .removeDuplicates, .tryRemoveDuplicates:
            .downstreamAndState(label: "last")
        case .scan:
            .downstreamAndState(label: "result")
        case .tryScan:
            .downstreamStatusAndResult
        case .encode, .decode:
            .downstreamFinishedAndUpstream
        case .allSatisfy, .tryAllSatisfy, .comparison, .tryComparison, .contains, .containsWhere, .tryContainsWhere,
            .count,
            .first, .firstWhere, .tryFirstWhere, .last, .lastWhere, .tryLastWhere, .reduce, .tryReduce:
            .reducing
        }
    }
}
