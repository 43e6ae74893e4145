import Testing

@testable import SwiftLabCore

/// Reading past a declaration's attributes and modifiers, as the line continuation rules
/// and the classification of items both do.
@Suite struct DeclarationPrefixTests {
    /// The text of the first token after the prefix (nil: nothing follows it).
    static func firstAfterPrefix(_ source: String) -> String? {
        let tokens = SwiftLexer.tokenize(source)
        let end = DeclarationPrefix.end(in: tokens)
        return end < tokens.count ? tokens[end].text : nil
    }

    @Test func attributesAndModifiersWithTheirArgumentsArePassed() {
        #expect(Self.firstAfterPrefix("@available(*, deprecated) public final class C {}") == "class")
        #expect(Self.firstAfterPrefix("@MainActor private(set) var x = 1") == "var")
        #expect(Self.firstAfterPrefix("nonisolated(unsafe) static var cache = [Int]()") == "var")
        #expect(Self.firstAfterPrefix("@inline(never)") == nil)
    }

    /// A modifier's name before anything but a name, an attribute or `(` is not one.
    @Test func aModifierNameUsedOtherwiseStartsTheItem() {
        #expect(Self.firstAfterPrefix("final = 3") == "final")
        #expect(Self.firstAfterPrefix("open.count") == "open")
        #expect(Self.firstAfterPrefix("public") == "public")
    }
}
