#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `$R` results as values later inputs can use, as in the LLDB REPL (`$R0 + 5`).
//
// A result's number is only known when it is shown (a `Void` expression takes none), so
// the values are kept here, in the worker process, by number; the worker tells swiftlab
// each new result's static type (``takeNewResultTypes()``), and a later cell that names
// `$R3` gets an accessor of that type reading ``result(_:)``. A worker that replays
// the accepted cells after a crash shows the same results again, so it has the same values.

extension SwiftLabRuntime {
    /// The value of every result shown so far, by number.
    nonisolated(unsafe) private static var resultValues: [Int: Any] = [:]
    /// Results shown since swiftlab last asked, with their static types.
    nonisolated(unsafe) private static var unreportedResultTypes: [(number: Int, type: String)] = []

    /// Keeps result `number` for later inputs.
    static func keepResult<T>(_ value: T, number: Int) {
        resultValues[number] = value
        unreportedResultTypes.append((number, spelledTypeName(of: T.self)))
    }

    /// Result `number` (`$R3`), as the static type it was shown with (or `Any`); the
    /// accessor swiftlab generates for a `$R` name calls this.
    public static func result<T>(_ number: Int) -> T {
        // Unwrapped first: `Any?` cast to `Any` would wrap it in an optional.
        guard let stored = resultValues[number], let value = stored as? T else {
            fatalError("$R\(number) is not available in this worker")
        }
        return value
    }

    /// Replaces result `number` (`$R3 = 4`, `$R3.append(1)`).
    public static func setResult<T>(_ number: Int, to value: T) {
        resultValues[number] = value
    }

    /// The results shown since the last call, one `number<TAB>type` line each, the type
    /// as Swift source can name it (`Swift.Array<Cell2.Point>`).
    static func takeNewResultTypes() -> String {
        defer { unreportedResultTypes.removeAll() }
        return unreportedResultTypes.map { "\($0.number)\t\($0.type)\n" }.joined()
    }

    /// The type's fully qualified name, with `any` before an existential.
    static func spelledTypeName(of type: Any.Type) -> String {
        let name = String(reflecting: type)
        return isExistential(type) && name != "Any" && name != "AnyObject" && name != "Swift.AnyObject"
            ? "any " + name : name
    }
}

/// The results shown since the last call, for the worker: a `malloc`ed C string of
/// `number<TAB>type` lines (the worker frees it), or `nil` when there are none.
@_cdecl("swiftlab_runtime_take_new_result_types")
public func swiftlabRuntimeTakeNewResultTypes() -> UnsafeMutablePointer<CChar>? {
    let lines = SwiftLabRuntime.takeNewResultTypes()
    return lines.isEmpty ? nil : strdup(lines)
}

/// Forgets the results shown since swiftlab last asked, and gives their numbers out again:
/// the worker calls it when a trap or Ctrl-C stopped a cell, whose results later inputs
/// cannot use (as when a new worker ran the earlier inputs again, which did not show them).
@_cdecl("swiftlab_runtime_discard_new_results")
public func swiftlabRuntimeDiscardNewResults() {
    SwiftLabRuntime.discardNewResults()
}

extension SwiftLabRuntime {
    static func discardNewResults() {
        guard let first = unreportedResultTypes.map(\.number).min() else { return }
        for (number, _) in unreportedResultTypes { resultValues[number] = nil }
        unreportedResultTypes.removeAll()
        nextResultNumber = first
    }
}
