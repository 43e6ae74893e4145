/// A compact binary form of ``SourceKitValue``, for sending requests and responses between
/// processes (a program keeps sourcekitd in a helper process of its own, so that a crash
/// in the library does not end the program; see ``SourceKitLibrary``).
///
/// Each value is a tag byte followed by its payload, little-endian: a string or UID is
/// its UTF-8 byte count (4 bytes) and bytes, an integer or double 8 bytes, a boolean 1,
/// an array its count (4 bytes) and elements, a dictionary its count and then each key
/// (as a string) and value, data its byte count and bytes.
extension SourceKitValue {
    private enum Tag: UInt8 {
        case null = 0
        case string, int, bool, double, uid, array, dictionary, data
    }

    /// The value in the binary form.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return bytes
    }

    /// Reads a value written by ``encoded()``; throws ``SourceKitError/invalidRequest(_:)``
    /// when `bytes` are not one whole value.
    public init(decoding bytes: [UInt8]) throws {
        var reader = Reader(bytes: bytes)
        self = try reader.value()
        guard reader.offset == bytes.count else {
            throw SourceKitError.invalidRequest("\(bytes.count - reader.offset) bytes after the value")
        }
    }

    private func encode(into bytes: inout [UInt8]) {
        func append(_ number: UInt64, width: Int) {
            for shift in stride(from: 0, to: width * 8, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: number >> shift))
            }
        }
        func append(_ text: String) {
            append(UInt64(text.utf8.count), width: 4)
            bytes += text.utf8
        }
        switch self {
        case .null: bytes.append(Tag.null.rawValue)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            append(text)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            append(UInt64(bitPattern: number), width: 8)
        case .bool(let flag): bytes += [Tag.bool.rawValue, flag ? 1 : 0]
        case .double(let number):
            bytes.append(Tag.double.rawValue)
            append(number.bitPattern, width: 8)
        case .uid(let text):
            bytes.append(Tag.uid.rawValue)
            append(text)
        case .array(let elements):
            bytes.append(Tag.array.rawValue)
            append(UInt64(elements.count), width: 4)
            for element in elements { element.encode(into: &bytes) }
        case .dictionary(let entries):
            bytes.append(Tag.dictionary.rawValue)
            append(UInt64(entries.count), width: 4)
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                append(key)
                value.encode(into: &bytes)
            }
        case .data(let data):
            bytes.append(Tag.data.rawValue)
            append(UInt64(data.count), width: 4)
            bytes += data
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func number(width: Int) throws -> UInt64 {
            guard offset + width <= bytes.count else { throw SourceKitError.invalidRequest("value cut short") }
            var result: UInt64 = 0
            for index in 0..<width { result |= UInt64(bytes[offset + index]) << (8 * index) }
            offset += width
            return result
        }

        mutating func raw() throws -> ArraySlice<UInt8> {
            let count = Int(try number(width: 4))
            guard offset + count <= bytes.count else { throw SourceKitError.invalidRequest("value cut short") }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func string() throws -> String {
            String(decoding: try raw(), as: UTF8.self)
        }

        mutating func value() throws -> SourceKitValue {
            guard let tag = Tag(rawValue: UInt8(try number(width: 1))) else {
                throw SourceKitError.invalidRequest("unknown tag \(bytes[offset - 1])")
            }
            switch tag {
            case .null: return .null
            case .string: return .string(try string())
            case .int: return .int(Int64(bitPattern: try number(width: 8)))
            case .bool: return .bool(try number(width: 1) != 0)
            case .double: return .double(Double(bitPattern: try number(width: 8)))
            case .uid: return .uid(try string())
            case .array:
                let count = Int(try number(width: 4))
                var elements: [SourceKitValue] = []
                elements.reserveCapacity(min(count, bytes.count))
                for _ in 0..<count { elements.append(try value()) }
                return .array(elements)
            case .dictionary:
                let count = Int(try number(width: 4))
                var entries: [String: SourceKitValue] = [:]
                for _ in 0..<count {
                    let key = try string()
                    entries[key] = try value()
                }
                return .dictionary(entries)
            case .data: return .data(Array(try raw()))
            }
        }
    }
}

extension SourceKitValue {
    /// The value as one frame: the byte count of its binary form (4 bytes, little-endian),
    /// then the form. A stream of frames carries values over a pipe;
    /// ``takeFrame(from:)`` reads them back.
    public func framed() -> [UInt8] {
        let body = encoded()
        let count = UInt32(body.count)
        return (0..<4).map { UInt8(truncatingIfNeeded: count >> (8 * $0)) } + body
    }

    /// The value of the first frame (``framed()``) in `bytes`, read from a stream in any
    /// pieces, which it removes from them; nil until all its bytes have arrived. Throws
    /// (having removed the frame) when a frame does not hold one value.
    public static func takeFrame(from bytes: inout [UInt8]) throws -> SourceKitValue? {
        guard bytes.count >= 4 else { return nil }
        let count = (0..<4).reduce(0) { $0 | Int(bytes[$1]) << (8 * $1) }
        guard bytes.count >= 4 + count else { return nil }
        let body = Array(bytes[4..<4 + count])
        bytes.removeFirst(4 + count)
        return try SourceKitValue(decoding: body)
    }
}
