extension SwiftLabRuntime {
    /// Runs the initializer of a top-level binding that uses `try`.
    ///
    /// A global initializer may not throw, so the REPL rewrites `let x = try f()` to call
    /// this (`let x = topLevel(try f())`); an error stops the program the way it does in
    /// a Swift script.
    public static func topLevel<T>(
        _ body: @autoclosure () throws -> T, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        do {
            return try body()
        } catch {
            fatalError("Error raised at top level: \(removingCellModules(from: String(reflecting: error)))",
                       file: file, line: line)
        }
    }
}

extension SwiftLabRuntime {
    /// Stops the program for an error thrown by an input's top-level code and not caught,
    /// with the message a Swift script gives.
    public static func reportUncaughtError(_ error: any Error) -> Never {
        fatalError("Error raised at top level: \(removingCellModules(from: String(reflecting: error)))")
    }
}
