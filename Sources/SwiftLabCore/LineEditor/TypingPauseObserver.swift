/// What a line reader tells while a person types a line: that the keys have paused on a
/// text, and that a key changed it after that. The REPL compiles a complete input while
/// its keys pause (``LineReader/typingPauseObserver``).
public struct TypingPauseObserver {
    /// How long no key must come for the keys to count as paused.
    public var pause: Duration
    /// Called once the keys pause, with the line as it is (text only, no prompt); not
    /// called again until a key has changed the line.
    public var paused: (String) -> Void
    /// Called when a key changes the line after ``paused`` was called for it.
    public var changed: () -> Void

    /// Creates an observer.
    public init(pause: Duration, paused: @escaping (String) -> Void, changed: @escaping () -> Void) {
        self.pause = pause
        self.paused = paused
        self.changed = changed
    }
}
