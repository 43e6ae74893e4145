// Character classes of Swift's lexical grammar, on Unicode scalars.
// (The Swift Programming Language, "Lexical Structure".)

extension Unicode.Scalar {
    /// Spaces and tabs, and the other blanks Swift skips between tokens (not line breaks).
    var isSwiftBlank: Bool {
        self == " " || self == "\t" || self == "\u{0B}" || self == "\u{0C}" || self == "\u{FEFF}"
    }

    /// A line break as Swift counts lines: LF or CR (CR LF is two scalars, one break).
    var isSwiftNewline: Bool { self == "\n" || self == "\r" }

    var isDecimalDigit: Bool { ("0"..."9").contains(self) }

    var isHexDigit: Bool {
        isDecimalDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self)
    }

    /// A scalar that may start an operator.
    var isOperatorHead: Bool {
        switch value {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F:
            return true  // / = - + ! * % < > & | ^ ~ ?
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
            0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
            0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF,
            0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }

    /// A scalar that may continue an operator (combining marks included), except `.`,
    /// which only continues operators that start with a dot.
    var isOperatorContinuation: Bool {
        if isOperatorHead { return true }
        switch value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F,
            0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// A scalar that may start an identifier. Swift accepts most of Unicode here
    /// (accented letters, CJK, emoji); everything non-ASCII that is not an operator
    /// character, a blank or a replacement character counts.
    var isIdentifierHead: Bool {
        if value < 0x80 {
            return ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
        }
        return !isOperatorContinuation && !isSwiftBlank && self != "\u{FFFD}"
            && value != 0x2028 && value != 0x2029 && value != 0x85
    }

    var isIdentifierContinuation: Bool {
        isIdentifierHead || isDecimalDigit
            || (value >= 0x80 && isOperatorContinuation && !isOperatorHead)
    }
}
