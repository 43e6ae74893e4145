/// An encoder that turns an `Encodable` value into a whole output (for example JSON
/// `Data`); what `encode(encoder:)` needs.
///
/// `import StreamsFoundation` makes `JSONEncoder` and `PropertyListEncoder` conform.
public protocol TopLevelEncoder<Output> {
    /// What the encoder produces, such as `Data`.
    associatedtype Output

    /// Encodes `value`.
    func encode<T: Encodable>(_ value: T) throws -> Output
}
