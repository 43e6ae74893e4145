import Foundation
import SourceKitInProcess

/// A diagnostic of sourcekitd's compile response written as `swift-frontend
/// -diagnostic-style llvm` prints its header lines, which is what swiftlab's
/// `DiagnosticMapper` reads: `file:line:column: severity: message`, then the notes.
enum DiagnosticText {
    /// The header line of `diagnostic` and of each of its notes, each ending in a newline.
    static func lines(_ diagnostic: SourceKitValue) -> String {
        let severity = (diagnostic["key.severity"]?.string ?? "error").split(separator: ".").last.map(String.init)
        let file = diagnostic["key.filepath"]?.string ?? "<unknown>"
        let line = diagnostic["key.line"]?.int ?? 0
        let column = diagnostic["key.column"]?.int ?? 0
        // One line per diagnostic, as the mapper reads them.
        let message = (diagnostic["key.description"]?.string ?? "").replacingOccurrences(of: "\n", with: " ")
        var text = "\(file):\(line):\(column): \(severity ?? "error"): \(message)\n"
        for note in diagnostic["key.diagnostics"]?.array ?? [] {
            text += lines(note)
        }
        return text
    }
}
