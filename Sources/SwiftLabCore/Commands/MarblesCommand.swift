/// `:marbles EXPR`: draws a marble diagram of the publisher `EXPR` builds, on a fresh
/// virtual clock the expression calls `scheduler` (a `TestScheduler` from StreamsTesting,
/// which every cell imports).
///
/// The expression runs as a transient cell (it sees the session's declarations and
/// leaves nothing behind) inside `MarbleDiagram { scheduler in ... }`, which records the
/// publisher, runs the clock until it completes or ``frameLimit`` frames pass, and draws
/// the publishers built from marbles inside the expression, then the output.
enum MarblesCommand {
    /// How many frames the clock runs at most: enough for any diagram that fits a line.
    static let frameLimit = 100

    /// What `:help marbles` shows below the summary.
    static let details = """
        The expression names the virtual clock `scheduler`; one frame is one second on it.
        Build inputs with scheduler.cold("-a-b|") or scheduler.hot("-a^-b|"), with
        values: ["a": 1, ...] to publish other values than the letters themselves, and
        error: SomeError() for a failure.

        Notation: - one frame passes   a value   | finished   # failed
                  (ab) same frame      ^ where a hot publisher's subscription starts

        Example:
          :marbles scheduler.cold("-a-b|").delay(for: 2, scheduler: scheduler)
          input   -a-b|
          output  ---a-b|
        Values longer than one character are drawn as letters, with a legend below.
        """

    /// The command, evaluating in `session`; with `rich`, the diagram is shown as an SVG
    /// picture where the front end can (``SwiftLabRuntime/display(_:)``), else as text.
    static func command(_ session: Session, rich: Bool = false) -> Command {
        Command(
            name: "marbles", summary: "Draw a publisher's marble diagram on a virtual clock named `scheduler`.",
            usage: ":marbles expression", details: details, takesSwift: true
        ) { invocation in
            guard !invocation.arguments.isEmpty else {
                invocation.print(
                    invocation.style.error(
                        "':marbles' needs a publisher, as in ':marbles scheduler.cold(\"-a-b|\").delay(for: 2, scheduler: scheduler)'."
                    ))
                return .continue
            }
            var text = ""
            let code =
                rich
                ? richCode(for: invocation.arguments)
                : code(for: invocation.arguments, colored: invocation.style.usesColor)
            let result = session.evaluateTransient(code) {
                text += $0
            }
            let lines = invocation.arguments.split(separator: "\n").count
            // The wrapper's complaint names MarbleDiagram's initialiser; say it in the user's terms.
            if text.contains("conform to 'Publisher'"), text.contains("MarbleDiagram") {
                invocation.fail(
                    CommandFailure(
                        name: "CompileError",
                        text: invocation.style.error(
                            "':marbles' draws a publisher, and `\(invocation.arguments)` is not one."),
                        diagnostics: []))
            } else if result.status == .compileError {
                invocation.fail(
                    CommandFailure(
                        name: "CompileError", text: diagnosticsOfTheExpression(text, lines: lines),
                        diagnostics: diagnosticsOfTheExpression(result.diagnostics, lines: lines)))
            } else {
                invocation.print(text)
            }
            return .continue
        }
    }

    /// The compiler's messages about the expression alone (the cell's lines 2 up to
    /// `lines + 1`), numbered as the learner typed it: `1:23`, not `2:23`. What the
    /// compiler then says of the wrapper around it (`no member 'rendered'`, an unmatched
    /// bracket) follows from the same mistake and is left out.
    static func diagnosticsOfTheExpression(_ text: String, lines: Int) -> String {
        var kept: [String] = []
        var keeping = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Colour codes may come first.
            var start = line.startIndex
            while line[start...].hasPrefix("\u{1B}["), let end = line[start...].firstIndex(of: "m") {
                start = line.index(after: end)
            }
            let plain = line[start...]
            if let location = diagnosticLine(plain) {
                keeping = location.line >= 2 && location.line <= lines + 1
                if keeping { kept.append(line[..<start] + "\(location.line - 1)" + line[location.rest...]) }
            } else if plain.hasPrefix("error: ") || plain.hasPrefix("note: ") || plain.hasPrefix("warning: ") {
                keeping = false
            } else if keeping {
                kept.append(String(line))
            }
        }
        return kept.joined(separator: "\n")
    }

    /// The diagnostics about the expression alone (lines 2 up to `lines + 1` of the
    /// cell), with its lines counted from 1, as the text's are.
    static func diagnosticsOfTheExpression(_ diagnostics: [Diagnostic], lines: Int) -> [Diagnostic] {
        diagnostics.filter { $0.line >= 2 && $0.line <= lines + 1 }.map { diagnostic in
            var inExpression = diagnostic
            inExpression.line -= 1
            return inExpression
        }
    }

    /// The line number a diagnostic's first line starts with (`2:23: error: ...`), and
    /// where the text after it starts.
    private static func diagnosticLine(_ line: Substring) -> (line: Int, rest: Substring.Index)? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), line[digits.endIndex...].hasPrefix(":") else { return nil }
        let rest = line[line.index(after: digits.endIndex)...]
        let column = rest.prefix { $0.isASCII && $0.isNumber }
        guard !column.isEmpty, rest[column.endIndex...].hasPrefix(": ") else { return nil }
        return (number, digits.endIndex)
    }

    /// The cell that draws `expression`'s diagram; the expression has lines of its own,
    /// so that a compiler error points into it alone.
    static func code(for expression: String, colored: Bool) -> String {
        """
        print(MarbleDiagram(frameLimit: \(frameLimit)) { (scheduler: TestScheduler) in
        \(expression)
        }.rendered(style: \(colored ? ".terminal" : ".plain")))
        """
    }

    /// The cell that shows `expression`'s diagram as an SVG picture with the text as its
    /// plain form; again the expression has a line of its own.
    static func richCode(for expression: String) -> String {
        """
        SwiftLabRuntime.display({ (diagram: MarbleDiagram) in [("image/svg+xml", diagram.svg), ("text/plain", diagram.rendered())] }(MarbleDiagram(frameLimit: \(frameLimit)) { (scheduler: TestScheduler) in
        \(expression)
        }))
        """
    }
}
