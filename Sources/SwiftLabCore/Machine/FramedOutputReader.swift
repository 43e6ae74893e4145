import SwiftLabRuntime

/// Reads what a cell printed when the worker frames its results and pictures
/// (``RichOutput``): text, results and displays, in order, whatever chunks the text
/// arrives in. A frame cut off by the end of the output is given back as text.
struct FramedOutputReader {
    /// One piece of a cell's output.
    enum Piece: Equatable {
        /// Printed text, as it is.
        case text(String)
        /// A result line (`$R0: Int = 3`, `xs: [Int] = [1]`), without its line break.
        case result(String)
        /// One thing in several representations (MIME type, text), the best first.
        case display([Representation])
    }

    /// One representation of a displayed thing.
    struct Representation: Equatable {
        var mimeType: String
        var text: String
    }

    /// The frame being read, from its start character on.
    private var frame: String?
    /// Whether a frame just ended: the line break `print` put after it is not text.
    private var dropsLineBreak = false

    /// The pieces `chunk` completes.
    mutating func consume(_ chunk: String) -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        for character in chunk {
            if dropsLineBreak {
                dropsLineBreak = false
                if character == "\n" { continue }
            }
            if var open = frame {
                if character == RichOutput.end {
                    frame = nil
                    if let piece = Self.piece(open) {
                        if !text.isEmpty { pieces.append(.text(text)) }
                        text = ""
                        pieces.append(piece)
                        dropsLineBreak = true
                    } else {
                        // Not a frame: text that uses the same characters (a check's report
                        // line, CheckReport), given back exactly as printed.
                        text += String(RichOutput.start) + open + String(RichOutput.end)
                    }
                } else {
                    open.append(character)
                    frame = open
                }
            } else if character == RichOutput.start {
                frame = ""
            } else {
                text.append(character)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// What is left at the end of the output: an unfinished frame, as text.
    mutating func finish() -> [Piece] {
        defer { frame = nil }
        return frame.map { [.text(String(RichOutput.start) + $0)] } ?? []
    }

    /// The piece a frame's content stands for; nil for a kind this reader does not know.
    private static func piece(_ content: String) -> Piece? {
        let fields = content.split(separator: RichOutput.separator, omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case RichOutput.resultKind where fields.count == 2:
            return .result(fields[1])
        case RichOutput.displayKind where fields.count >= 3 && fields.count % 2 == 1:
            return .display(
                stride(from: 1, to: fields.count, by: 2).map {
                    Representation(mimeType: fields[$0], text: fields[$0 + 1])
                })
        default:
            return nil
        }
    }

    /// The text a terminal would have shown for `pieces`: results and the plain
    /// representation of displays, each on its line.
    static func plainText(_ pieces: [Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): return text
            case .result(let line): return line + "\n"
            case .display(let representations):
                return (representations.first { $0.mimeType == "text/plain" }?.text ?? "") + "\n"
            }
        }.joined()
    }
}
