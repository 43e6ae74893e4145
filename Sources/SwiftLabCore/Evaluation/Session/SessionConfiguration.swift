import Foundation

extension Session {
    /// How a session is set up.
    public struct Configuration: Sendable {
        /// Where swiftlab keeps its files (default `$XDG_CACHE_HOME/swiftlab`).
        public var cacheRoot: URL = CacheDirectory.defaultRoot()
        /// The longest an input may run before it is stopped (`nil`: no limit).
        public var timeout: Duration?
        /// The longest a lesson's check may run, when ``timeout`` sets no shorter limit:
        /// an endless loop in an exercise must not hang `:check`, `swiftlab check` or `watch`.
        public static let checkTimeLimit: Duration = .seconds(30)
        /// Forces the way cells are compiled (`nil`: the fast path when available).
        public var compilePath: String?
        /// Receives output that cells produce while no input runs (a timer, a task);
        /// the REPL prints it above the prompt.
        public var asynchronousOutput: @Sendable (String) -> Void = { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        /// Receives one-off notices, such as the module cache being prepared on first start.
        public var notice: @Sendable (String) -> Void = { text in
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
        /// The library cells link against (default: next to the running executable).
        public var library: CellLibrary = .besideExecutable()
        /// The user's language mode, module and library paths, libraries and compiler flags.
        public var compilerOptions = CompilerOptions()
        /// The longest Tab waits for the compiler's completion before it offers the names
        /// swiftlab knows without it (`$SWIFTLAB_COMPLETION_WAIT` seconds, default 1).
        public var completionWait: Duration = .milliseconds(
            Int64((Double(ProcessInfo.processInfo.environment["SWIFTLAB_COMPLETION_WAIT"] ?? "") ?? 1) * 1000))
        /// The sourcekitd library completion loads (`nil`: the toolchain's; set by
        /// `$SWIFTLAB_SOURCEKITD`). A path to no library turns the compiler's completion off.
        public var sourceKitLibrary: String? = ProcessInfo.processInfo.environment["SWIFTLAB_SOURCEKITD"]
        /// The completion helper executable (`nil`: `swiftlab-complete` beside the worker).
        public var completionHelper: URL?

        /// Whether the input being typed is compiled while the learner pauses, before Enter
        /// (``Session/speculate(on:)``); `$SWIFTLAB_SPECULATE=0` turns it off.
        public var speculates = ProcessInfo.processInfo.environment["SWIFTLAB_SPECULATE"] != "0"
        /// A file to which each speculative build's end is appended, a line each (`Cell3
        /// compiled`, `Cell3 failed`, `Cell3 cancelled`, `Cell3 used`): what speculation
        /// did, for tests and for a curious learner (`$SWIFTLAB_SPECULATION_LOG`).
        public var speculationLog: String? = ProcessInfo.processInfo.environment["SWIFTLAB_SPECULATION_LOG"]

        /// The default configuration.
        public init() {}
    }
}
