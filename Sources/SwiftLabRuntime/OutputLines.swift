#if canImport(Glibc)
import Glibc
#endif

// A result printed after `print("x", terminator: "")` starts on a line of its own, as in
// LLDB, not glued onto the program's unfinished line.

extension SwiftLabRuntime {
    /// The last byte the program wrote to standard output, which the worker remembers at
    /// the address in `SWIFTLAB_STDOUT_LAST_BYTE`; `nil` outside a worker.
    private static let lastOutputByteAddress: UInt? = {
        guard let text = getenv("SWIFTLAB_STDOUT_LAST_BYTE") else { return nil }
        return UInt(String(cString: text).dropFirst(2), radix: 16)
    }()

    /// Ends the program's unfinished last line, so that a result line starts a line.
    static func startLine() {
        guard let address = lastOutputByteAddress, let lastOutputByte = UnsafePointer<CChar>(bitPattern: address)
        else { return }
        fflush(nil)
        if lastOutputByte.pointee != CChar(UInt8(ascii: "\n")) { print() }
    }
}
