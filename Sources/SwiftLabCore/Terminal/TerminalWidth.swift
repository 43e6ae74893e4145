#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How wide the terminal is: the one place its size is read (the line editor, wide
/// results in the worker, lesson text).
public enum TerminalWidth {
    /// The columns of the terminal `descriptor` refers to; `nil` when it is not a terminal.
    public static func columns(of descriptor: Int32 = STDOUT_FILENO) -> Int? {
        var size = winsize()
        return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// The width to wrap lesson text at: the terminal's columns when standard output is
    /// one, else `$COLUMNS`, else 80; never more than `maximum`, because long lines of
    /// prose are hard to read.
    public static func current(environment: [String: String], maximum: Int = 100) -> Int {
        if let columns = columns() {
            return min(maximum, columns)
        }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return min(maximum, columns)
        }
        return min(maximum, 80)
    }
}
