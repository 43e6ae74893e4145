extension SwiftLabRuntime {
    /// Runs the initializer of a top-level binding that uses `try`.
    ///
    /// A global initializer may not throw, so the REPL rewrites `let x = try f()` to call
    /// this; an error stops the program the way it does in a Swift script.
    public static func topLevel<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            fatalError("Error raised at top level: \(String(reflecting: error))")
        }
    }
}
