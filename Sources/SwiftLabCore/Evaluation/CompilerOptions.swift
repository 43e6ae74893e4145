/// What the user adds to how cells are compiled and linked, as `lldb --repl="..."` and
/// `swiftc` take it: the language mode, module and library search paths, libraries to
/// link, and any other compiler flag.
public struct CompilerOptions: Sendable, Equatable {
    /// The language modes `-swift-version` accepts.
    public static let swiftVersions = ["4", "4.2", "5", "6"]

    /// The language mode cells are compiled in (`--swift-version`, `:set swift-version`).
    public var swiftVersion = "6"
    /// Where `import` finds the user's modules (`-I DIR`).
    public var importPaths: [String] = []
    /// Where the linker finds the user's libraries (`-L DIR`); also searched when the
    /// worker loads a cell that links one.
    public var libraryPaths: [String] = []
    /// Libraries every cell links (`-l NAME`).
    public var libraries: [String] = []
    /// Further flags for the compiler (`-Xswiftc FLAG`), given to `swift-frontend` on the
    /// fast path and to `swiftc` on the portable one.
    public var compilerFlags: [String] = []

    /// Creates the default options: Swift 6 and nothing of the user's.
    public init() {}

    /// Flags for the compiler, either path.
    var compileFlags: [String] {
        ["-swift-version", swiftVersion] + importPaths.flatMap { ["-I", $0] } + compilerFlags
    }

    /// Flags for a system linker (`ld`), on the fast path.
    var linkerFlags: [String] {
        libraryPaths.flatMap { ["-L", $0, "-rpath", $0] } + libraries.map { "-l" + $0 }
    }

    /// The same for the `swiftc` driver, which passes `-rpath` on with `-Xlinker`.
    var driverLinkFlags: [String] {
        libraryPaths.flatMap { ["-L", $0, "-Xlinker", "-rpath", "-Xlinker", $0] } + libraries.map { "-l" + $0 }
    }

    /// Reads one option from the front of `arguments` (`-I DIR` or `-IDIR`, `-L`, `-l`,
    /// `-Xswiftc FLAG`, `--swift-version N`), removing what it used.
    ///
    /// - Returns: `nil` when the first argument is none of these; otherwise `.success`, or
    ///   `.failure` with a message when its value is missing or wrong.
    public mutating func consume(_ arguments: inout ArraySlice<String>) -> Result<Void, OptionError>? {
        guard let option = arguments.first else { return nil }
        func value(after name: String) -> String? {
            if option == name {
                arguments.removeFirst()
                return arguments.popFirst()
            }
            arguments.removeFirst()
            return String(option.dropFirst(name.count))
        }
        switch option {
        case "--swift-version":
            guard let version = value(after: option), Self.swiftVersions.contains(version) else {
                return .failure(
                    OptionError(
                        "--swift-version needs one of \(Self.swiftVersions.joined(separator: ", ")), as in '--swift-version 5'."
                    ))
            }
            swiftVersion = version
        case "-Xswiftc":
            guard let flag = value(after: option) else {
                return .failure(OptionError("-Xswiftc needs a flag, as in '-Xswiftc -DDEBUG'."))
            }
            compilerFlags.append(flag)
        case _ where option.hasPrefix("-I"):
            guard let path = value(after: "-I"), !path.isEmpty else {
                return .failure(OptionError("-I needs a directory."))
            }
            importPaths.append(path)
        case _ where option.hasPrefix("-L"):
            guard let path = value(after: "-L"), !path.isEmpty else {
                return .failure(OptionError("-L needs a directory."))
            }
            libraryPaths.append(path)
        case _ where option.hasPrefix("-l"):
            guard let name = value(after: "-l"), !name.isEmpty else {
                return .failure(OptionError("-l needs a library name, as in '-lA'."))
            }
            libraries.append(name)
        default:
            return nil
        }
        return .success(())
    }

    /// A compiler option the user gave wrongly.
    public struct OptionError: Error, Equatable, CustomStringConvertible {
        /// What is wrong and how to write it.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
