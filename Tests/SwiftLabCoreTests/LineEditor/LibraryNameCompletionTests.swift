import Foundation
import Testing

@testable import SwiftLabCore

@Suite("Library name completion")
struct LibraryNameCompletionTests {
    @Test func collectsPublicDeclarationsAndPublicEnumCases() {
        var names = LibraryNames()
        names.add(
            publicNamesIn: """
                /// A `public func` in a comment is not a declaration.
                public struct Demand: Sendable {
                    public static let unlimited = Demand()
                    @inlinable public static func max(_ value: Int) -> Demand { Demand() }
                    public static func + (lhs: Demand, rhs: Demand) -> Demand { lhs }
                    public private(set) var count = 0
                    func hidden() {}
                    let secret = "public var notAName"
                }
                public enum Completion<Failure: Error> {
                    case finished
                    case failure(Failure), cancelled
                    private enum CodingKeys { case success }
                }
                open class Base {}
                public protocol Publisher {}
                public typealias AnyFailure = Error
                extension Publisher {
                    public func sink(receiveValue: @escaping (Int) -> Void) {}
                }
                """)
        #expect(names.types == ["Demand", "Completion", "Base", "Publisher", "AnyFailure"])
        #expect(names.members == ["unlimited", "max", "count", "finished", "failure", "cancelled", "sink"])
    }

    @Test func readsThePackageSourcesNextToTheExecutable() throws {
        // This file lives in <package>/Tests/SwiftLabCoreTests/LineEditor.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let provider = LibraryNameCompletionProvider.forPackageSources(
            of: ["Pipelines"], executable: package.appendingPathComponent(".build/debug/swiftlab").path)
        let types = provider.completions(for: CompletionContext(textBeforeCursor: "Pipel"))
        #expect(types.contains("Pipeline"))
        #expect(provider.completions(for: CompletionContext(textBeforeCursor: ":Pipel")).isEmpty)
    }

    @Test func offersNothingWithoutSources() {
        let provider = LibraryNameCompletionProvider(sourceDirectories: ["/nonexistent"])
        #expect(provider.completions(for: CompletionContext(textBeforeCursor: "P")).isEmpty)
    }
}
