#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a cell tells a front end other than the terminal (`swiftlab serve --jsonl`, the
/// Jupyter kernel) which of its output is a result and which is a picture: framed in
/// control characters no program prints, read back by swiftlab and never shown as they
/// are. At a terminal nothing is framed.
///
/// A frame is `start`, a kind, then fields each after a `separator`, then `end` and the
/// line break `print` adds: `␞result␝$R0: Int = 3␟` for a result,
/// `␞display␝image/svg+xml␝<svg ...>␝text/plain␝input -a|␟` for one picture in several
/// representations, the best first.
public enum RichOutput {
    /// The environment variable that turns framing on in the worker (any value).
    public static let environmentVariable = "SWIFTLAB_RICH_OUTPUT"
    /// Starts a frame (U+001E, record separator).
    public static let start: Character = "\u{1E}"
    /// Separates the kind and the fields (U+001D, group separator).
    public static let separator: Character = "\u{1D}"
    /// Ends a frame (U+001F, unit separator).
    public static let end: Character = "\u{1F}"
    /// The kind of a result frame.
    public static let resultKind = "result"
    /// The kind of a display frame.
    public static let displayKind = "display"

    /// Whether this worker frames its results (read once, as the worker starts).
    nonisolated(unsafe) public static var isEnabled: Bool = getenv(environmentVariable) != nil

    /// A result line as it is printed: framed when framing is on.
    static func result(_ text: String) -> String {
        isEnabled ? frame(resultKind, [text]) : text
    }

    /// `kind` and `fields` in one frame.
    static func frame(_ kind: String, _ fields: [String]) -> String {
        String(start) + ([kind] + fields).joined(separator: String(separator)) + String(end)
    }
}

/// A value that can be shown in more representations than its result line: a front end
/// that shows pictures (`swiftlab serve`, the Jupyter kernel) shows them below the result
/// of a cell that produced one. StreamsTesting's `MarbleDiagram` and `Recording` are
/// (their SVG pictures).
public protocol RichDisplayable {
    /// `(mimeType, text)` pairs, the best first, `text/plain` among them.
    var displayRepresentations: [(mimeType: String, text: String)] { get }
}

extension SwiftLabRuntime {
    /// After a result line: its value's pictures, when framing is on and it has some.
    static func displayPictures(of value: Any) {
        guard RichOutput.isEnabled, let value = value as? any RichDisplayable else { return }
        display(value.displayRepresentations)
    }

    /// Shows something in more than one representation (`(mimeType, text)` pairs, the
    /// best first, `text/plain` among them): a front end that understands the others
    /// shows the best it can; the terminal prints the `text/plain` one.
    public static func display(_ representations: [(mimeType: String, text: String)]) {
        if RichOutput.isEnabled {
            print(RichOutput.frame(RichOutput.displayKind, representations.flatMap { [$0.mimeType, $0.text] }))
        } else if let plain = representations.first(where: { $0.mimeType == "text/plain" }) {
            print(plain.text)
        }
    }
}
