import Testing

@testable import SwiftLabCore
@testable import SwiftLabRuntime

/// Results and pictures the worker frames, read back whatever chunks they arrive in.
@Suite struct FramedOutputReaderTests {
    let result = "\u{1E}result\u{1D}$R0: Int = 3\u{1F}\n"
    let display = "\u{1E}display\u{1D}image/svg+xml\u{1D}<svg/>\u{1D}text/plain\u{1D}-a|\u{1F}\n"

    @Test func framesBecomePiecesAndTheTextAroundThemStays() {
        var reader = FramedOutputReader()
        let pieces = reader.consume("hello\n" + result + display + "bye\n")
        #expect(
            pieces == [
                .text("hello\n"), .result("$R0: Int = 3"),
                .display([.init(mimeType: "image/svg+xml", text: "<svg/>"), .init(mimeType: "text/plain", text: "-a|")]
                ),
                .text("bye\n"),
            ])
        #expect(reader.finish().isEmpty)
        #expect(FramedOutputReader.plainText(pieces) == "hello\n$R0: Int = 3\n-a|\nbye\n")
    }

    @Test func aFrameCutIntoChunksIsReadWhole() {
        var reader = FramedOutputReader()
        let whole = "x" + result
        var pieces: [FramedOutputReader.Piece] = []
        for character in whole { pieces += reader.consume(String(character)) }
        #expect(pieces == [.text("x"), .result("$R0: Int = 3")])
    }

    @Test func anUnfinishedOrUnknownFrameIsGivenBackAsText() {
        var reader = FramedOutputReader()
        #expect(reader.consume("\u{1E}mystery\u{1D}a\u{1F}") == [.text("\u{1E}mystery\u{1D}a\u{1F}")])
        #expect(reader.consume("\u{1E}result\u{1D}cut") == [])
        #expect(reader.finish() == [.text("\u{1E}result\u{1D}cut")])
    }

    /// A check's report lines use the same control characters; `:check` reads them from
    /// the text, so they must arrive exactly as printed (they were cut, and every check
    /// in a notebook passed).
    @Test func aChecksReportLineStaysAsPrinted() throws {
        let report = CheckReport(passed: false, description: "f(1) == 2", expected: "2", actual: "1").line + "\n"
        var reader = FramedOutputReader()
        let text = FramedOutputReader.plainText(reader.consume("a\n" + report + result) + reader.finish())
        #expect(text == "a\n" + report + "$R0: Int = 3\n")
        let line = try #require(text.split(separator: "\n").dropFirst().first)
        #expect(CheckReport(line: line)?.passed == false)
    }

    @Test func theRuntimeFramesOnlyWhenToldTo() {
        let saved = RichOutput.isEnabled
        defer { RichOutput.isEnabled = saved }
        RichOutput.isEnabled = false
        #expect(RichOutput.result("$R0: Int = 3") == "$R0: Int = 3")
        RichOutput.isEnabled = true
        var reader = FramedOutputReader()
        #expect(reader.consume(RichOutput.result("$R0: Int = 3") + "\n") == [.result("$R0: Int = 3")])
    }
}
