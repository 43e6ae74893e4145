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
        defer { for fd in fds { close(fd) } }
        #expect(TerminalStyle.forOutput(fileDescriptor: fds[1], environment: ["TERM": "xterm"]).usesColor == false)
        var primary: Int32 = -1
        var secondary: Int32 = -1
        #expect(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer {
            close(primary)
            close(secondary)
        }
        #expect(TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "xterm"]).usesColor)
        #expect(
            !TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "xterm", "NO_COLOR": "1"])
                .usesColor)
        #expect(!TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "dumb"]).usesColor)
    }

    @Test func oneStyleDecidesColourForTheShellAndForLessonText() {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        #expect(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer {
            close(primary)
            close(secondary)
        }
        let colour = TerminalStyle.forOutput(fileDescriptor: secondary, environment: ["TERM": "xterm"])
        #expect(colour.error("x") == "\u{1B}[1;31mx\u{1B}[0m")
        #expect(MarkdownRenderer(width: 40, style: colour).render("**a**") == "\u{1B}[1ma\u{1B}[0m")
        #expect(SwiftHighlighter(style: colour).highlight("let") == "\u{1B}[35mlet\u{1B}[0m")
        let noColor = TerminalStyle.forOutput(
            fileDescriptor: secondary, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.error("x") == "x")
        #expect(MarkdownRenderer(width: 40, style: noColor).render("**a**") == "a")
        #expect(SwiftHighlighter(style: noColor).highlight("let") == "let")
    }
}
