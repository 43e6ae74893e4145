/// Turns scalar indices into line, column (in `Character`s) and UTF-8 offset, walking
/// the source once: queries must come in non-decreasing order, which keeps lexing a
/// megabyte-long line linear.
struct SourcePositionTracker {
    struct Position: Equatable {
        var line: Int
        var column: Int
        var utf8Offset: Int
    }

    private var characters: String.Iterator
    private var current: Character?
    private var currentScalarStart = 0
    private var position = Position(line: 1, column: 1, utf8Offset: 0)

    init(_ source: String) {
        characters = source.makeIterator()
        current = characters.next()
    }

    /// The position of the scalar at `scalarIndex`. A scalar inside a grapheme cluster
    /// (a combining mark after a quote, say) gets the column of its cluster.
    mutating func position(ofScalarAt scalarIndex: Int) -> Position {
        while let character = current,
            currentScalarStart + character.unicodeScalars.count <= scalarIndex
        {
            currentScalarStart += character.unicodeScalars.count
            position.utf8Offset += character.utf8.count
            if character == "\n" || character == "\r\n" || character == "\r" {
                position.line += 1
                position.column = 1
            } else {
                position.column += 1
            }
            current = characters.next()
        }
        var result = position
        if let character = current, scalarIndex > currentScalarStart {
            result.utf8Offset += character.unicodeScalars.prefix(scalarIndex - currentScalarStart)
                .reduce(0) { $0 + UTF8.width($1) }
        }
        return result
    }
}
