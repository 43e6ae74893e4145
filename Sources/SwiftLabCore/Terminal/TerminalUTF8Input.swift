#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the terminal driver that input is UTF-8 (`IUTF8`), so that where the driver
/// itself edits a line (a `TERM=dumb` terminal, or keys typed ahead while code runs) a
/// backspace erases a whole `é` rather than one of its bytes.
enum TerminalUTF8Input {
    static func enable(on fd: Int32 = STDIN_FILENO) {
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { return }
        let flag = tcflag_t(IUTF8)
        guard attributes.c_iflag & flag == 0 else { return }
        attributes.c_iflag |= flag
        _ = tcsetattr(fd, TCSANOW, &attributes)
    }
}
