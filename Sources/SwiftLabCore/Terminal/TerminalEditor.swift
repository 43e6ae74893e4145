import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file in the person's own text editor, on the terminal swiftlab runs on.
///
/// The editor runs in swiftlab's process group, which is the terminal's foreground group,
/// so a terminal editor (vi, nano) may read and set up the terminal; Foundation's
/// `Process` starts it in a session of its own, where it cannot (vim then exits with
/// "Error reading input"). The caller puts the terminal in its normal mode first.
public enum TerminalEditor {
    /// Editors tried in this order when neither `VISUAL` nor `EDITOR` names one: Debian's
    /// `editor` (the system's choice), then `nano` and `vi`.
    static let fallbacks = ["editor", "nano", "vi"]

    /// The editor command: `$VISUAL`, else `$EDITOR` (either may carry arguments, as
    /// `code --wait`), else the first of ``fallbacks`` found on `PATH`; nil when none is.
    public static func command(environment: [String: String]) -> String? {
        if let named = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }) {
            return named
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return fallbacks.first { name in
            directories.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) }
        }
    }

    /// Runs the editor on `url` and waits for it to end, then puts the terminal's modes
    /// back as they were. Returns false when no editor could be started.
    public static func open(_ url: URL, environment: [String: String]) -> Bool {
        guard let command = command(environment: environment) else { return false }
        var attributes = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &attributes) == 0
        defer { if isTerminal { _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &attributes) } }
        // The shell splits the command's own arguments; the file name is passed as $1.
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                ["/bin/sh", "-c", command + " \"$1\"", "sh", url.path], environment: environment,
                descriptors: [(0, STDIN_FILENO), (1, STDOUT_FILENO), (2, STDERR_FILENO)])
        } catch {
            return false
        }
        return ChildProcess.wait(for: pid) != 127
    }
}
