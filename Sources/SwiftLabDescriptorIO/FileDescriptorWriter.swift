#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes straight to a file descriptor, unbuffered and whole: what swiftlab prints and
/// what its line editor draws never overtake each other, and a request or reply on a pipe
/// to a helper process is never cut short.
public enum FileDescriptorWriter {
    /// Writes all of `text` to `fd`, retrying after interrupted or partial writes.
    /// Errors (a closed pipe, say) are ignored: there is nowhere to report them.
    public static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        write(Array(text.utf8), to: fd)
    }

    /// Writes all of `bytes` to `fd`, retrying after interrupted or partial writes; false
    /// when the descriptor failed first (a pipe whose reader has gone, with SIGPIPE ignored).
    @discardableResult
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}
