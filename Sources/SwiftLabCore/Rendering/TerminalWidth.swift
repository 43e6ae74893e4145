#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The width to wrap lesson text at.
public enum TerminalWidth {
    /// The terminal's columns when standard output is one, else `$COLUMNS`, else 80;
    /// never more than `maximum`, because long lines of prose are hard to read.
    public static func current(environment: [String: String], maximum: Int = 100) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return min(maximum, Int(size.ws_col))
        }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return min(maximum, columns)
        }
        return min(maximum, 80)
    }
}
