#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's calls under names of their own, for code inside types whose own `read`
// or `write` methods hide the C ones (`FileDescriptorWriter`, `FileDescriptorReader`,
// swiftlab's readers). Here, at the top level, the plain names are the C library's.

/// The C library's `write(2)`.
public func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}

/// The C library's `read(2)`.
public func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, pointer, count)
}

/// The C library's `poll(2)`.
func systemPoll(_ entries: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    poll(entries, count, milliseconds)
}
