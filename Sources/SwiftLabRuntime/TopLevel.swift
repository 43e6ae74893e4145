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
            fatalError(
                "Error raised at top level: \(removingCellModules(from: String(reflecting: error)))",
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

extension SwiftLabRuntime {
    /// The value of a top-level `var name: T` declared without one and given it later;
    /// stops the program, naming the variable, when it has none yet.
    public static func initializedValue<T>(
        _ storage: T?, named name: String,
        file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        guard let value = storage else {
            fatalError("'\(name)' was read before it was given a value", file: file, line: line)
        }
        return value
    }
}

extension SwiftLabRuntime {
    /// No value, of the type `initializer` would return, which is never called: the
    /// storage of a top-level `let x = await f()` gets its type from it without a type
    /// written (the REPL runs the initializer in the input's async body, where it may await).
    public static func uninitialized<T>(_ initializer: () async throws -> T) -> T? { nil }
}
