import Foundation
import SwiftLabDescriptorIO
import Testing

@testable import SwiftLabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way swiftlab speaks to a helper process, against `/bin/sh` scripts: the
/// descriptors a map gives the helper, framed reads, a read's deadline, the end.
@Suite struct HelperChannelTests {
    /// A helper given requests on 0, replies on 4 and stderr on 2 (its stdout on
    /// `/dev/null`), as the worker is, reads and writes exactly those.
    @Test func aHelperSeesExactlyTheDescriptorsOfItsMap() throws {
        let script = #"read request; echo "to stdout"; printf '%s\n' "reply to $request" >&4; printf 'to stderr' >&2"#
        let channel = try HelperChannel(
            arguments: ["/bin/sh", "-c", script],
            descriptors: [STDIN_FILENO: .input, STDOUT_FILENO: .null, STDERR_FILENO: .output, 4: .output])
        #expect(channel.write(Array("ping\n".utf8)))
        channel.closeInput()
        var received: [Int32: String] = [:]
        channel.readOutputsToEnd { descriptor, reader in
            guard reader.isAtEnd else { return }
            received[descriptor] = String(decoding: reader.readToEnd(), as: UTF8.self)
        }
        #expect(received == [STDERR_FILENO: "to stderr", 4: "reply to ping\n"])
        #expect(channel.reap() == 0)
        #expect(!channel.write(Array("late\n".utf8)))
    }

    /// Replies are taken one line at a time however the bytes arrive; a helper that says
    /// nothing more is given up at the read's deadline, and ending it kills and reaps it.
    @Test func aReadTakesOneFrameAndStopsAtItsDeadline() throws {
        let channel = try HelperChannel(arguments: ["/bin/sh", "-c", #"printf 'one\ntw'; printf 'o\n'; exec cat"#])
        #expect(try channel.read(frame: FileDescriptorReader.line).get() == "one")
        #expect(try channel.read(frame: FileDescriptorReader.line).get() == "two")
        let soon = ContinuousClock.now + .milliseconds(20)
        #expect(channel.read(until: soon, frame: FileDescriptorReader.line) == .failure(.timedOut))
        #expect(channel.end() == 128 + SIGKILL)
        #expect(channel.read(frame: FileDescriptorReader.line) == .failure(.closed))
    }

    /// A helper that cannot start is an error naming it, not a process.
    @Test func aHelperThatCannotStartIsAnError() {
        #expect(throws: ChildProcess.LaunchError.self) {
            try HelperChannel(arguments: ["/nonexistent/swiftlab-helper"])
        }
    }
}
