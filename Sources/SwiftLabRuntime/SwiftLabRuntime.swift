/// Support code linked into every cell that swiftlab compiles.
public enum SwiftLabRuntime {}
