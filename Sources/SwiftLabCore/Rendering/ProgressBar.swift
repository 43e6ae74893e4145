/// A one-line progress bar: `[██████░░░░░░░░░░░░░░] 3/10`.
public enum ProgressBar {
    /// A bar `width` cells wide showing `done` of `total`.
    public static func render(done: Int, total: Int, width: Int = 20, style: TerminalStyle) -> String {
        let filled = total == 0 ? 0 : min(width, (done * width + total / 2) / total)
        let bar =
            style.apply(.green, to: String(repeating: "█", count: filled))
            + style.apply(.dim, to: String(repeating: "░", count: width - filled))
        return "[\(bar)] \(done)/\(total)"
    }
}
