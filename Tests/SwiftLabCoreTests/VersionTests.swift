import Testing
@testable import SwiftLabCore

@Test func versionIsSemantic() {
    #expect(SwiftLabCore.version.split(separator: ".").count == 3)
}
