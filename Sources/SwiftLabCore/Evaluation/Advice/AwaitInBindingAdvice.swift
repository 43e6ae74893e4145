/// What to tell the learner about `let x = await f()`, which top-level code in a script
/// allows: bindings become globals of the input's module, and a global's initializer
/// cannot await.
enum AwaitInBindingAdvice {
    /// The diagnostic the compiler gives for it.
    static let diagnostic = "'async' call cannot occur in a global variable initializer"

    /// The note for `diagnostics`, if one of them is that diagnostic.
    static func notes(for diagnostics: [Diagnostic]) -> [String] {
        guard diagnostics.contains(where: { $0.message.hasPrefix(diagnostic) }) else { return [] }
        return [
            "note: swiftlab runs `await` in expressions and statements, not in `let`/`var` "
                + "initializers; declare the variable first (`var x = 0`), then assign `x = await f()`.\n"
        ]
    }
}
