extension Session.Configuration {
    /// Sends output that arrives between inputs to the REPL's line reader, which prints it
    /// above the prompt without garbling the line being typed. Notices (the first start
    /// warming the module cache) go there too when a person is at the terminal; with piped
    /// input they stay on standard error (the default), so that standard output holds
    /// nothing but the inputs' transcripts whatever state the cache is in.
    public mutating func route(through reader: any LineReader, style: TerminalStyle) {
        let printer = AbovePromptPrinter(reader: reader)
        asynchronousOutput = { text in printer.print(text) }
        if reader.isInteractive {
            notice = { text in printer.print(style.secondary(text)) }
        }
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
