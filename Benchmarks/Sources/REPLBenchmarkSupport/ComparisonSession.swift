/// The session of issue 15: `let xs = [1, 2, 3]`, then alternately a binding
/// (`let vN = xs.map { $0 * N }.reduce(0, +)`) and an expression
/// (`xs.filter { $0 > K }.count`). Every input prints one result in both REPLs, which is
/// how the interactive run knows an input has finished.
public struct ComparisonSession {
    /// The inputs after the first.
    public let count: Int

    /// A session of `let xs` and `count` inputs after it.
    public init(count: Int) { self.count = count }

    /// `let xs` and then `count` inputs.
    public var inputs: [String] {
        ["let xs = [1, 2, 3]"]
            + (1...max(1, count)).prefix(count).map { index in
                index % 2 == 1
                    ? "let v\(index / 2 + 1) = xs.map { $0 * \(index / 2 + 1) }.reduce(0, +)"
                    : "xs.filter { $0 > \((index / 2) % 3) }.count"
            }
    }

    /// The text piped into a REPL for a whole-session run.
    public var script: String { inputs.joined(separator: "\n") + "\n" }
}
