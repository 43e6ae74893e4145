#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes text straight to a file descriptor, unbuffered, so that what the shell prints
/// and what the line editor draws never overtake each other.
public enum FileDescriptorWriter {
    /// Writes all of `text` to `fd`, retrying after interrupted or partial writes.
    /// Errors (a closed pipe, say) are ignored: there is nowhere to report them.
    public static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        write(Array(text.utf8), to: fd)
    }

    /// Writes all of `bytes` to `fd`, retrying after interrupted or partial writes; false
    /// when the descriptor failed first (a pipe whose reader has gone).
    @discardableResult
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
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

/// The C library's `write`, named apart from ``FileDescriptorWriter/write(_:to:)``.
func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, pointer, count)
    #else
    return Darwin.write(fd, pointer, count)
    #endif
}

/// The C library's `read`, named apart from the readers' own `read` methods.
func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, pointer, count)
    #else
    return Darwin.read(fd, pointer, count)
    #endif
}
