import SwiftLabCore

print("swiftlab \(SwiftLabCore.version)")
