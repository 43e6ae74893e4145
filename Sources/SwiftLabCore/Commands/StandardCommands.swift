/// The commands every swiftlab session has: `:help`, `:history` and `:quit`.
public enum StandardCommands {
    /// `:help` lists every command with its one-line summary; `:help <command>` shows
    /// one command's usage, summary and details.
    public static var help: Command {
        Command(
            name: "help", aliases: ["h", "?"], summary: "List the commands, or describe one.",
            usage: ":help [command]"
        ) { invocation in
            let wanted =
                invocation.arguments.hasPrefix(":")
                ? String(invocation.arguments.dropFirst()) : invocation.arguments
            if !wanted.isEmpty {
                guard let command = invocation.registry.command(named: wanted) else {
                    invocation.print(invocation.style.error(invocation.registry.unknownCommandMessage(for: wanted)))
                    return .continue
                }
                var text = "\(invocation.style.emphasis(command.usage))\n  \(command.summary)"
                if !command.aliases.isEmpty {
                    text += "\n  Also: " + command.aliases.map { ":" + $0 }.joined(separator: ", ")
                }
                if let details = command.details {
                    text +=
                        "\n\n"
                        + details.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
                }
                invocation.print(text)
                return .continue
            }
            let width = invocation.registry.commands.map(\.usage.count).max() ?? 0
            var lines = invocation.registry.commands.map { command in
                let padding = String(repeating: " ", count: width - command.usage.count)
                return "  \(invocation.style.emphasis(command.usage))\(padding)  \(command.summary)"
            }
            lines.insert("Commands (anything else is Swift):", at: 0)
            invocation.print(lines.joined(separator: "\n"))
            return .continue
        }
    }

    /// `:history [count]` prints the inputs entered so far (or the last `count`), numbered.
    public static var history: Command {
        Command(
            name: "history", summary: "Show the inputs entered so far (or the last count).",
            usage: ":history [count]"
        ) { invocation in
            var entries = Array(invocation.history.enumerated())
            if !invocation.arguments.isEmpty {
                guard let count = Int(invocation.arguments), count >= 0 else {
                    invocation.print(
                        invocation.style.error(
                            "':history' takes a number of entries, not '\(invocation.arguments)'."))
                    return .continue
                }
                entries = Array(entries.suffix(count))
            }
            guard !entries.isEmpty else {
                invocation.print(invocation.style.secondary("(no history yet)"))
                return .continue
            }
            let width = String(entries.last!.offset + 1).count
            let lines = entries.map { offset, entry in
                let number = String(offset + 1)
                let prefix = String(repeating: " ", count: width - number.count) + number + "  "
                let continuation = "\n" + String(repeating: " ", count: prefix.count)
                return prefix
                    + entry.split(separator: "\n", omittingEmptySubsequences: false)
                    .joined(separator: continuation)
            }
            invocation.print(lines.joined(separator: "\n"))
            return .continue
        }
    }

    /// `:quit` leaves swiftlab, as Ctrl-D on an empty line does.
    public static var quit: Command {
        Command(
            name: "quit", aliases: ["q", "exit"], summary: "Leave swiftlab (Ctrl-D on an empty line does too)."
        ) { _ in .quit }
    }
}
