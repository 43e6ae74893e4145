/// The protocol between swiftlab and `swiftlab-compile-server`, the process that keeps the
/// toolchain's compiler loaded (`libsourcekitdInProc.so`) so that a cell is compiled
/// without starting `swift-frontend`.
///
/// The server reads requests on its standard input and writes replies on its standard
/// output, one at a time: a request is one line of tab-separated fields (paths and flags
/// never contain tabs or newlines: swiftlab makes them, and the server is not used with
/// the user's own compiler flags); a reply is one such line followed by as many bytes of
/// payload as its last field says.
public enum CompileServerRequest: Equatable, Sendable {
    /// Compile one file to an object file with driver-style `arguments` (`-c FILE -o
    /// OBJECT ...`), in a compile session named `name` that is closed afterwards (a kept
    /// session holds its whole AST: 1.2 GiB after 40 cells, see Benchmarks/History.md).
    case compile(name: String, arguments: [String])

    /// The request as one protocol line, without the newline.
    public var line: String {
        switch self {
        case .compile(let name, let arguments):
            return (["compile", name] + arguments).joined(separator: "\t")
        }
    }

    /// Parses a protocol line; `nil` when it is not a request.
    public init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 2, fields[0] == "compile" else { return nil }
        self = .compile(name: String(fields[1]), arguments: fields.dropFirst(2).map(String.init))
    }
}

/// A reply from the compile server.
public enum CompileServerReply: Equatable, Sendable {
    /// A compile has ended; `output` holds its diagnostics as the compiler prints them
    /// (`file:line:column: severity: message`, notes after the diagnostic they belong to).
    case compiled(succeeded: Bool, output: String)
    /// The server cannot compile at all (the library is missing or does not load): it
    /// says why and exits.
    case unavailable(reason: String)

    /// The header line (without the newline) and the payload that follows it.
    public var encoded: (header: String, payload: [UInt8]) {
        switch self {
        case .compiled(let succeeded, let output):
            let payload = Array(output.utf8)
            return ("compiled\t\(succeeded ? 1 : 0)\t\(payload.count)", payload)
        case .unavailable(let reason):
            let payload = Array(reason.utf8)
            return ("unavailable\t\(payload.count)", payload)
        }
    }

    /// The reply a header line announces once its payload has arrived; `nil` when the
    /// line is not a reply header.
    public init?(header: Substring, payload: [UInt8]) {
        let fields = header.split(separator: "\t", omittingEmptySubsequences: false)
        let text = String(decoding: payload, as: UTF8.self)
        switch (fields.first, fields.count) {
        case ("compiled", 3): self = .compiled(succeeded: fields[1] == "1", output: text)
        case ("unavailable", 2): self = .unavailable(reason: text)
        default: return nil
        }
    }

    /// How many payload bytes follow a header line; `nil` when it is not a reply header.
    public static func payloadLength(header: Substring) -> Int? {
        header.split(separator: "\t", omittingEmptySubsequences: false).last.flatMap { Int($0) }
    }
}
