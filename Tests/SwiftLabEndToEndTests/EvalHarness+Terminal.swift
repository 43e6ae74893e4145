import PTYTestSupport
import Testing

extension EvalHarness {
    /// swiftlab started at a pseudo-terminal with ``terminalEnvironment()``, returned once it
    /// shows its first prompt and has put the terminal in raw mode (so keys typed next reach
    /// its line editor).
    /// `environment` adds to (or replaces in) ``terminalEnvironment()``.
    static func startAtTerminal(environment: [String: String] = [:]) throws -> PseudoTerminalProcess {
        _ = prepared
        let path = try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
        let terminal = try PseudoTerminalProcess(
            executable: path, environment: terminalEnvironment().merging(environment) { _, new in new })
        try terminal.waitForOutput(containing: "  1> ")
        try terminal.waitForRawMode()
        return terminal
    }
}
