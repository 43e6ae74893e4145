import Foundation

extension LessonGuide {
    /// Runs `$VISUAL` or `$EDITOR` (default `vi`) on `url` and waits for it to exit.
    public static func openInEditor(_ url: URL) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor command may carry arguments (`code --wait`), so the shell splits it.
        process.arguments = ["-c", editor + " \"$1\"", "sh", url.path]
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus != 127
    }
}
