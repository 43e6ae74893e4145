import Streams
import StreamsTesting

/// One operator's marble test, as the documentation draws it: the diagram the operator
/// must produce on a fresh virtual clock (`:marbles` in swiftlab prints the same text),
/// and the DocC symbol whose page shows it as a picture.
///
/// StreamsTests checks every entry of ``OperatorMarbles/all``; `streams-marble-pictures`
/// draws them for scripts/docs.sh, refusing any whose diagram disagrees with its test.
public struct OperatorMarble: Sendable, CustomStringConvertible {
    /// The picture's file name without `.svg`: `delay`, `combineLatest`.
    public var name: String
    /// The symbol's path in Streams' documentation:
    /// `Publisher/delay(for:tolerance:scheduler:options:)`.
    public var symbol: String
    /// The diagram the operator must draw, as text: inputs, then the output, then the
    /// legend of values drawn as letters.
    public var expected: String
    /// What the picture shows, in words (its alternative text).
    public var summary: String
    /// Builds the publisher on a fresh clock and draws its diagram.
    public let draw: @Sendable () -> MarbleDiagram

    /// The marble test of `symbol`: `build` makes the publisher on a clock named
    /// `scheduler`, whose diagram must read `expected`.
    public init<P: Publisher & SendableMetatype>(
        _ name: String, symbol: String, summary: String, expected: String,
        build: @escaping @Sendable (TestScheduler) -> P
    ) {
        self.name = name
        self.symbol = symbol
        self.summary = summary
        self.expected = expected
        draw = { MarbleDiagram(build) }
    }

    /// The name, which Swift Testing shows for each entry.
    public var description: String { name }
}
