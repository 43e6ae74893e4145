#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the terminal driver that input is UTF-8 (`IUTF8`), so that where the driver
/// itself edits a line (a `TERM=dumb` terminal, or keys typed ahead while code runs) a
/// backspace erases a whole `é` rather than one of its bytes.
enum TerminalUTF8Input {
    /// Sets `IUTF8` on `fd` if it is a terminal without it; returns a closure that puts
    /// the flag back as it was (for when the shell ends), or `nil` if nothing changed.
    static func enable(on fd: Int32 = STDIN_FILENO) -> (() -> Void)? {
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { return nil }
        let flag = tcflag_t(IUTF8)
        guard attributes.c_iflag & flag == 0 else { return nil }
        attributes.c_iflag |= flag
        guard tcsetattr(fd, TCSANOW, &attributes) == 0 else { return nil }
        return {
            var current = termios()
            guard tcgetattr(fd, &current) == 0 else { return }
            current.c_iflag &= ~flag
            _ = tcsetattr(fd, TCSANOW, &current)
        }
    }
}
