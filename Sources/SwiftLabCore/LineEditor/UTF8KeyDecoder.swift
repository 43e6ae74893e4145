/// Decodes the bytes of typed keys, which arrive one at a time, into Unicode scalars.
/// A malformed sequence yields U+FFFD and never blocks the characters after it.
struct UTF8KeyDecoder {
    private var pending: [UInt8] = []
    private var decoded: [Unicode.Scalar] = []

    mutating func append(_ byte: UInt8) {
        if !pending.isEmpty && byte & 0xC0 != 0x80 {
            // The sequence broke off: replace it, then start over with this byte.
            decoded.append("\u{FFFD}")
            pending = []
        }
        pending.append(byte)
        let expected: Int
        switch pending[0] {
        case 0x00..<0x80: expected = 1
        case 0xC2..<0xE0: expected = 2
        case 0xE0..<0xF0: expected = 3
        case 0xF0..<0xF5: expected = 4
        default: expected = 1  // a stray continuation or invalid lead byte
        }
        guard pending.count == expected else { return }
        let text = String(decoding: pending, as: UTF8.self)
        decoded.append(contentsOf: text.unicodeScalars)
        pending = []
    }

    /// The next complete scalar, if any.
    mutating func takeBufferedScalar() -> Unicode.Scalar? {
        decoded.isEmpty ? nil : decoded.removeFirst()
    }
}
