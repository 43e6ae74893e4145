extension Session.Configuration {
    /// Sends output that arrives between inputs, and notices, to the REPL's line reader,
    /// which prints them above the prompt without garbling the line being typed.
    public mutating func route(through reader: any LineReader, style: TerminalStyle) {
        let printer = AbovePromptPrinter(reader: reader)
        asynchronousOutput = { text in printer.print(text) }
        notice = { text in printer.print(style.secondary(text)) }
    }
}

/// Carries a line reader into the worker's reader thread: the protocol documents
/// ``LineReader/printAbovePrompt(_:)`` as safe to call from any thread, and that is the
/// only thing called.
private struct AbovePromptPrinter: @unchecked Sendable {
    let reader: any LineReader

    func print(_ text: String) {
        reader.printAbovePrompt(text)
    }
}
