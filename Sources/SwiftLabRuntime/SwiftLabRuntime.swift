/// The namespace of the helpers that the cells swiftlab compiles call: result display
/// (`displayResult`, `displayBinding`), top-level `try` (`topLevel`) and the lesson check
/// helpers' reporting. Learners never call these by name.
public enum SwiftLabRuntime {}
