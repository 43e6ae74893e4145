import Foundation

/// Compares a learner's guess at what an example prints with what it printed, the way a
/// person would: only the values count. Result names (`$R3:`, `total:`), types
/// (`: Int =`), spaces, commas, case and joining words (`3 and 3.5`) are ignored, so `3
/// and 3.5` matches the two result lines `$R1: Int = 3` and `$R2: Double = 3.5`.
enum PredictionComparison {
    /// Whether `guess` says what `printed` (the REPL's output) shows.
    static func matches(guess: String, printed: String) -> Bool {
        let values = printed.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            String(line).replacingOccurrences(of: resultPrefix, with: "", options: .regularExpression)
        }
        let expected = normalized(values.joined(separator: " "))
        // A guess at several lines is typed on one, separated by `;`; each part may be
        // written as the REPL shows a result (`present: [String?] = [...]`) or as a type
        // and value (`[String?] = [...]`).
        let guessed = guess.split(whereSeparator: { $0 == ";" || $0 == "\n" }).map { part in
            String(part).replacingOccurrences(of: guessedTypePrefix, with: "", options: .regularExpression)
        }
        return !expected.isEmpty && normalized(guessed.joined(separator: " ")) == expected
    }

    /// The start of a result line: a name (`$R0`, `total`), its type, and `=`.
    private static let resultPrefix = #"^\s*(\$R[0-9]+|[A-Za-z_][A-Za-z0-9_]*)\s*:\s*[^=]*?=\s*"#
    /// A name and type, or a type alone, before a guessed value: `present: [String?] = `,
    /// `[String?] = `, `Int = ` (a type starts with a letter, `[` or `(` and holds no quote).
    private static let guessedTypePrefix =
        #"^\s*(?:[A-Za-z_][A-Za-z0-9_]*\s*:\s*)?[A-Za-z_\[(][A-Za-z0-9_\[\]?!<>,.:() -]*?\s*=(?!=)\s*"#
    /// A result written into a guess: `$R16: Int = ` anywhere in it.
    private static let guessedResultName = #"\$r[0-9]+\s*:[^=]*=\s*"#
    /// Words people put between values.
    private static let joiningWords = #"(^|\s)(and|then)(?=\s|$)"#

    /// Lower case, without result names, joining words, spaces and commas.
    private static func normalized(_ text: String) -> String {
        var text = text.lowercased()
        text = text.replacingOccurrences(of: guessedResultName, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: joiningWords, with: " ", options: .regularExpression)
        return String(
            text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "," && $0 != ";" }
                .map(Character.init))
    }
}
