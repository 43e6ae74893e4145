/// The fence lines that open and close Markdown code blocks, as the renderer and the
/// lesson file format both read them.
enum MarkdownFence {
    /// The fence character, how many there are and what follows them (the info string),
    /// or `nil` when `line` is no fence. A fence line is up to three spaces, then three or
    /// more backticks or tildes.
    static func marker(_ line: String) -> (marker: Character, length: Int, rest: String)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let afterIndent = line.dropFirst(indent)
        guard let marker = afterIndent.first, marker == "`" || marker == "~" else { return nil }
        let length = afterIndent.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        return (marker, length, String(afterIndent.dropFirst(length)))
    }
}
