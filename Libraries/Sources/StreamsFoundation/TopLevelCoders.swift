import Foundation

/// `JSONDecoder` reads `Data`, so `decode(type:decoder: JSONDecoder())` works on a
/// publisher of `Data`.
extension JSONDecoder: TopLevelDecoder {}

/// `JSONEncoder` produces `Data`, so `encode(encoder: JSONEncoder())` gives a publisher of
/// `Data`.
extension JSONEncoder: TopLevelEncoder {}

/// `PropertyListDecoder` reads `Data`.
extension PropertyListDecoder: TopLevelDecoder {}

/// `PropertyListEncoder` produces `Data`.
extension PropertyListEncoder: TopLevelEncoder {}
