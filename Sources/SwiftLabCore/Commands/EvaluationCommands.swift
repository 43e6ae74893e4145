import Foundation

/// The evaluator's `:` commands: `:type`, `:load`, `:save`, `:time`, `:marbles`,
/// `:display` and `:set`.
public enum EvaluationCommands {
    /// Registers the commands, acting on `session`.
    public static func register(in registry: inout CommandRegistry, session: Session) {
        registry.register(type(session))
        registry.register(load)
        registry.register(save(session))
        registry.register(time(session))
        registry.register(MarblesCommand.command(session))
        registry.register(DisplayCommand.command(session))
        registry.register(SetCommand.command(session))
    }

    /// `:type EXPR` shows the static type of an expression without running it.
    static func type(_ session: Session) -> Command {
        Command(
            name: "type", aliases: ["t"], summary: "Show the type of an expression, without running it.",
            usage: ":type expression", takesSwift: true
        ) { invocation in
            guard !invocation.arguments.isEmpty else {
                invocation.print(
                    invocation.style.error("':type' needs an expression, as in ':type [1, 2].map { $0 * 2 }'."))
                return .continue
            }
            var text = ""
            _ = session.typeOf(invocation.arguments) { text += $0 }
            invocation.print(text)
            return .continue
        }
    }

    /// `:load FILE` evaluates a file as one input.
    static var load: Command {
        Command(name: "load", summary: "Run a Swift file as one input.", usage: ":load file") { invocation in
            let path = (invocation.arguments as NSString).expandingTildeInPath
            guard !path.isEmpty else {
                invocation.print(invocation.style.error("':load' needs a file name."))
                return .continue
            }
            do {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                return .evaluate(text)
            } catch {
                invocation.print(invocation.style.error("Cannot read \(path): \(error.localizedDescription)"))
                return .continue
            }
        }
    }

    /// `:save FILE` writes the accepted inputs as a Swift file.
    static func save(_ session: Session) -> Command {
        Command(name: "save", summary: "Save the inputs that ran as a Swift file.", usage: ":save file") { invocation in
            let path = (invocation.arguments as NSString).expandingTildeInPath
            guard !path.isEmpty else {
                invocation.print(invocation.style.error("':save' needs a file name."))
                return .continue
            }
            let file = session.savedProgram()
            do {
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
                var message = "Saved \(session.acceptedInputs.count) inputs to \(path)."
                if !file.redeclaredNames.isEmpty {
                    message +=
                        " Note: " + file.redeclaredNames.joined(separator: ", ")
                        + " declared more than once; rename or remove the older declarations before compiling the file."
                }
                invocation.print(message)
            } catch {
                invocation.print(invocation.style.error("Cannot write \(path): \(error.localizedDescription)"))
            }
            return .continue
        }
    }

    /// `:time` switches per-input timing on and off.
    static func time(_ session: Session) -> Command {
        Command(name: "time", summary: "Show how long each input takes to compile and run (on/off).") { invocation in
            session.reportsTiming.toggle()
            invocation.print(invocation.style.secondary("Timing is \(session.reportsTiming ? "on" : "off")."))
            return .continue
        }
    }
}
