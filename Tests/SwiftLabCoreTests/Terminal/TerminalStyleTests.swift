import Foundation
import Testing
@testable import SwiftLabCore

@Suite("TerminalStyle")
struct TerminalStyleTests {
    @Test func plainStyleAddsNothing() {
        #expect(TerminalStyle.plain.error("x") == "x")
        #expect(TerminalStyle(usesColor: true).error("x") == "\u{1B}[1;31mx\u{1B}[0m")
    }

    @Test func noColourForAPipeOrWithNoColor() {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { fds.forEach { close($0) } }
        #expect(TerminalStyle.forOutput(fileDescriptor: fds[1], environment: ["TERM": "xterm"]).usesColor == false)
        var primary: Int32 = -1, secondary: Int32 = -1
        #expect(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer { close(primary); close(secondary) }
        #expect(TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "xterm"]).usesColor)
        #expect(!TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "xterm", "NO_COLOR": "1"]).usesColor)
        #expect(!TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "dumb"]).usesColor)
    }
}
