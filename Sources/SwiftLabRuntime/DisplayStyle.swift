#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How results are shown.
public enum DisplayStyle: String, Sendable, CaseIterable {
    /// One line in Swift's own spelling (`xs: [Int] = [1, 2, 3]`), class instances with
    /// their stored properties; the default.
    case compact
    /// The LLDB Swift REPL's format (`$R0: Bar = {` then one member a line), so that
    /// transcripts from LLDB, books and answers online read the same.
    case lldb

    /// The environment variable the worker reads its style from (`swiftlab --display`).
    public static let environmentVariable = "SWIFTLAB_DISPLAY"
}

extension SwiftLabRuntime {
    /// The style the next results are shown in: `SWIFTLAB_DISPLAY` (`lldb` or `compact`)
    /// when the worker started, changed by `:display`.
    nonisolated(unsafe) public static var displayStyle: DisplayStyle = {
        guard let value = getenv(DisplayStyle.environmentVariable) else { return .compact }
        return DisplayStyle(rawValue: String(cString: value)) ?? .compact
    }()

    /// The environment variable with the terminal's width, which swiftlab sets when its
    /// output is a terminal.
    public static let displayWidthVariable = "SWIFTLAB_DISPLAY_WIDTH"

    /// The width a compact value may take before it breaks into one member a line: the
    /// terminal's, or none when the output is not a terminal (a file, a pipe, a test), so
    /// that transcripts do not depend on where they were made.
    static var displayWidth: Int? {
        guard let value = getenv(displayWidthVariable), let columns = Int(String(cString: value)), columns > 20 else {
            return nil
        }
        return columns
    }
}
