/// A decoder that turns a whole input (for example JSON `Data`) into a `Decodable` value;
/// what `decode(type:decoder:)` needs.
///
/// `import StreamsFoundation` makes `JSONDecoder` and `PropertyListDecoder` conform.
public protocol TopLevelDecoder<Input> {
    /// What the decoder reads, such as `Data`.
    associatedtype Input

    /// Decodes a value of type `type` from `from`.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}
