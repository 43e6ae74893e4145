/// A command's Swift that failed as an input can (`:marbles` of an expression that does
/// not compile), reported through ``CommandInvocation/fail``.
public struct CommandFailure: Equatable, Sendable {
    /// The kind, as the machine interface names errors: `CompileError`.
    public var name: String
    /// What the REPL prints: the compiler's messages about the command's Swift, located
    /// in its arguments (`1:32: error: ...`).
    public var text: String
    /// The diagnostics, each line and column counted in the command's arguments (line 1,
    /// column 1 is the first character after the command's name and blanks).
    public var diagnostics: [Diagnostic]

    /// A failure named `name`, printed as `text`, with `diagnostics` in the arguments.
    public init(name: String, text: String, diagnostics: [Diagnostic]) {
        self.name = name
        self.text = text
        self.diagnostics = diagnostics
    }
}
