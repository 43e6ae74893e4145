import CEditLine
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive line editor, on libedit: a prompt and continuation prompt, emacs key
/// bindings (and the user's `~/.editrc`), editing by whole characters (accents, emoji),
/// history recalled with the arrow keys, Tab completion from a ``CompletionEngine``, and
/// Ctrl-C clearing the line being typed.
///
/// No key is lost: Ctrl-C is read as a key while a line is edited (the terminal sends no
/// SIGINT, which would discard the keys typed after it), and between lines a
/// ``TypeaheadReader`` keeps what is typed for the next line and turns Ctrl-C into
/// ``interruptWhileBusy``.
///
/// Output from other threads goes through ``printAbovePrompt(_:)``: while a line is being
/// edited it appears above the prompt, which is then redrawn with the line intact.
///
/// Use it only when standard input and output are a terminal that can be edited on
/// (`TERM` set and not `dumb`); ``StreamLineReader`` covers the other cases.
public final class LineEditor: LineReader {
    /// Always `true`: the line editor serves a person at a terminal.
    public var isInteractive: Bool { true }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    /// What Tab offers; replace it to add providers.
    public var completion: CompletionEngine
    /// The lines of the input typed before the line being read, each with its line
    /// break, for completion (the REPL sets them before each continuation line).
    public var precedingLines = ""
    private let input: Int32 = STDIN_FILENO
    private let output: Int32 = STDOUT_FILENO
    private var prompt: UnsafeMutablePointer<wchar_t>
    /// How many terminal columns the prompt takes: where the edited text starts.
    private var promptColumns = 0
    private let wakePipe = WakePipe()
    /// State other threads share with the editing thread.
    private let shared = Locked(SharedState())
    /// Set by the Ctrl-C key function; makes the line being read be dropped.
    private var interrupted = false
    /// After Ctrl-C, the next character handed to libedit is a newline that ends the line.
    private var endLineAfterInterrupt = false
    private var utf8Decoder = UTF8KeyDecoder()
    /// Reads keys while no line is being edited; what it kept is typed into the next line.
    private let typeahead: TypeaheadReader
    /// Keys typed ahead that the next lines read before the terminal's.
    private var keysTypedAhead: [UInt8] = []
    /// Called for Ctrl-C typed while no line is being edited; returns whether it stopped
    /// something (otherwise the key is kept for the next line, where it clears it).
    public var interruptWhileBusy: (@Sendable () -> Bool)?

    private struct SharedState {
        var isReading = false
        var interruptRequested = false
        var resizeRequested = false
        var pendingOutput: [String] = []
    }

    /// Starts libedit on the standard streams; `nil` if it cannot (no usable terminal).
    public init?(completion: CompletionEngine) {
        Self.ensureUTF8CharacterType()
        guard let editLine = swiftlab_el_init(CommandLine.arguments.first ?? "swiftlab"),
            let history = swiftlab_history_init(1000)
        else { return nil }
        self.editLine = editLine
        self.history = history
        self.completion = completion
        typeahead = TypeaheadReader(input: input)
        prompt = .allocate(capacity: 1)
        prompt.initialize(to: 0)

        swiftlab_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        // The shell handles signals itself (SignalWatcher); libedit's handlers would
        // re-send them to the whole process group, worker included.
        swiftlab_el_set_signal(editLine, 0)
        // While editing, Ctrl-C (and Ctrl-\\, Ctrl-Z) are keys, read in order with the rest.
        Self.withCStrings(["setty", "-d", "-isig"]) { _ = el_parse(editLine, 3, $0) }
        Self.withWideString("emacs") { _ = swiftlab_el_set_editor(editLine, $0) }
        swiftlab_el_set_history(editLine, history)
        swiftlab_el_set_prompt(editLine) { editLine in
            LineEditor.instance(of: editLine)?.prompt
        }
        swiftlab_el_set_getc_function(editLine) { editLine, character in
            guard let editor = LineEditor.instance(of: editLine), let character else { return -1 }
            return editor.nextCharacter(into: character)
        }
        addKeyFunction("swiftlab-complete", help: "Complete the word before the cursor", keys: "^I") { editLine, _ in
            LineEditor.instance(of: editLine)?.completeWord() ?? UInt8(CC_ERROR)
        }
        addKeyFunction("swiftlab-interrupt", help: "Drop the line being typed", keys: "^C") { editLine, _ in
            LineEditor.instance(of: editLine)?.dropLine() ?? UInt8(CC_ERROR)
        }
        // Up and Down move between the lines of a recalled multi-line input, and recall
        // inputs (through ^P and ^N, bound to the history) from its first and last line.
        addKeyFunction(
            "swiftlab-up", help: "Move to the line above, or recall the previous input", keys: "\\e[A"
        ) { editLine, _ in
            LineEditor.instance(of: editLine)?.moveLine(up: true) ?? UInt8(CC_ERROR)
        }
        addKeyFunction(
            "swiftlab-down", help: "Move to the line below, or recall the next input", keys: "\\e[B"
        ) { editLine, _ in
            LineEditor.instance(of: editLine)?.moveLine(up: false) ?? UInt8(CC_ERROR)
        }
        for (keys, function) in [
            ("\\eOA", "swiftlab-up"), ("\\eOB", "swiftlab-down"), ("^P", "ed-prev-history"), ("^N", "ed-next-history"),
        ] {
            Self.withWideString(keys) { keys in
                Self.withWideString(function) { _ = swiftlab_el_bind(editLine, keys, $0) }
            }
        }
        // Ctrl-R searches the history backwards, as in bash (libedit binds it to redisplay).
        Self.withWideString("^R") { keys in
            Self.withWideString("em-inc-search-prev") { _ = swiftlab_el_bind(editLine, keys, $0) }
        }
        el_source(editLine, nil)
    }

    deinit {
        _ = typeahead.stop()
        el_end(editLine)
        history_wend(history)
        prompt.deallocate()
    }

    /// Edits one line after `text`; see ``LineReader/readLine(prompt:)``.
    public func readLine(prompt text: String) -> LineReadResult {
        keysTypedAhead += typeahead.stop()
        setPrompt(text)
        interrupted = false
        endLineAfterInterrupt = false
        shared.withLock { $0.isReading = true }
        var count: Int32 = 0
        let line = el_wgets(editLine, &count)
        shared.withLock { state in
            state.isReading = false
            // Output queued just as the line ended: print it now, not after the next prompt.
            if !state.pendingOutput.isEmpty {
                FileDescriptorWriter.write(state.pendingOutput.joined(), to: output)
                state.pendingOutput = []
            }
        }
        if interrupted {
            readAhead()
            return .interrupted
        }
        guard let line, count > 0 else { return .endOfInput }
        readAhead()
        var scalars = String.UnicodeScalarView()
        for index in 0..<Int(count) {
            scalars.append(Unicode.Scalar(UInt32(bitPattern: Int32(line[index]))) ?? "\u{FFFD}")
        }
        var text = String(scalars)
        if text.hasSuffix("\n") { text.removeLast() }
        return .line(text)
    }

    /// Keeps reading keys until the next line is edited.
    private func readAhead() {
        guard let interruptWhileBusy else { return }
        typeahead.start(interrupt: interruptWhileBusy)
    }

    /// `true`: Tab completes.
    public var completesInput: Bool { true }

    /// Makes Tab offer what `engine` finds.
    public func complete(with engine: CompletionEngine) {
        completion = engine
    }

    /// Redraws on a resize, and sends Ctrl-C typed while an input runs to `signals`.
    public func watch(_ signals: SignalWatcher) {
        signals.onResize(terminalResized)
        interruptWhileBusy = { signals.raiseInterrupt() }
    }

    /// Stops reading keys ahead and puts the terminal back in the mode swiftlab found it
    /// in, for a program (an editor) that uses the terminal itself; the keys read so far
    /// go to the next line. Reading ahead starts again after the next line.
    public func releaseTerminal() {
        keysTypedAhead += typeahead.stop()
    }

    /// Makes `entry` recallable with the arrow keys and Ctrl-R.
    public func addHistoryEntry(_ entry: String) {
        Self.withWideString(entry) { _ = swiftlab_history_enter(history, $0) }
    }

    /// Writes `text` as is; see ``LineReader/write(_:)``.
    public func write(_ text: String) {
        shared.withLock { _ in FileDescriptorWriter.write(text, to: output) }
    }

    /// Prints `text` (with a final line break); see ``LineReader/printAbovePrompt(_:)``.
    public func printAbovePrompt(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        let queued = shared.withLock { state -> Bool in
            guard state.isReading else {
                FileDescriptorWriter.write(line, to: output)
                return false
            }
            state.pendingOutput.append(line)
            return true
        }
        if queued { wakePipe.wake() }
    }

    /// Makes a pending read return ``LineReadResult/interrupted``; safe from any thread.
    public var interruptReading: @Sendable () -> Void {
        { [shared, wakePipe] in
            shared.withLock { $0.interruptRequested = true }
            wakePipe.wake()
        }
    }

    /// Makes the editor adapt to a new terminal size at its next keystroke.
    public var terminalResized: @Sendable () -> Void {
        { [shared, wakePipe] in
            shared.withLock { $0.resizeRequested = true }
            wakePipe.wake()
        }
    }

    // MARK: libedit callbacks

    private static func instance(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = swiftlab_el_get_client_data(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// libedit's character source: waits for a key or a wake-up (output to print above
    /// the prompt, Ctrl-C, a resize) and returns one Unicode scalar, decoded from UTF-8
    /// here so that editing never depends on the C library's locale tables.
    /// Returns 1 with a character, 0 at the end of input, -1 on an error.
    private func nextCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        if endLineAfterInterrupt {
            endLineAfterInterrupt = false
            FileDescriptorWriter.write("^C", to: output)
            character.pointee = wchar_t(0x0A)
            return 1
        }
        while true {
            if let scalar = utf8Decoder.takeBufferedScalar() {
                character.pointee = wchar_t(bitPattern: scalar.value)
                return 1
            }
            if !keysTypedAhead.isEmpty {
                utf8Decoder.append(keysTypedAhead.removeFirst())
                continue
            }
            var fds = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if fds[1].revents != 0 {
                wakePipe.drain()
                let state = shared.withLock { state -> SharedState in
                    defer {
                        state.pendingOutput = []
                        state.interruptRequested = false
                        state.resizeRequested = false
                    }
                    return state
                }
                if state.resizeRequested { el_resize(editLine) }
                if !state.pendingOutput.isEmpty {
                    // Go up to the prompt's row (a long line wraps onto several), clear from
                    // there to the end of the screen, print, and let libedit draw prompt and
                    // line anew below the output.
                    let rows = rowsAboveCursor()
                    let up = rows > 0 ? "\u{1B}[\(rows)A" : ""
                    FileDescriptorWriter.write(up + "\r\u{1B}[J" + state.pendingOutput.joined(), to: output)
                    swiftlab_el_refresh(editLine)
                }
                if state.interruptRequested {
                    character.pointee = wchar_t(0x03)  // bound to swiftlab-interrupt
                    return 1
                }
            }
            guard fds[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = systemRead(input, &byte, 1)
            if count == 0 { return 0 }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return -1
            }
            utf8Decoder.append(byte)
        }
    }

    /// Ctrl-C: marks the line as dropped, moves to its end, and has the next character
    /// end it (libedit's own newline handling then leaves the line cleanly).
    private func dropLine() -> UInt8 {
        interrupted = true
        endLineAfterInterrupt = true
        if let info = el_wline(editLine) {
            el_cursor(editLine, Int32(info.pointee.lastchar - info.pointee.cursor))
        }
        return UInt8(CC_REFRESH)
    }

    /// Up (`up`) or Down: in an input of several lines (one recalled from the history),
    /// moves the cursor to the line above or below, at the same column where it can; on
    /// the first line Up, and on the last Down, recall inputs as usual (by pushing ^P or
    /// ^N, which libedit's own history commands answer).
    private func moveLine(up: Bool) -> UInt8 {
        guard let info = el_wline(editLine), let buffer = info.pointee.buffer else { return UInt8(CC_ERROR) }
        let text = Array(UnsafeBufferPointer(start: buffer, count: info.pointee.lastchar - buffer))
        let cursor = info.pointee.cursor - buffer
        let newline = wchar_t(0x0A)
        let lineStart = text[..<cursor].lastIndex(of: newline).map { $0 + 1 } ?? 0
        let column = cursor - lineStart
        let target: Int
        if up {
            guard lineStart > 0 else { return recallHistory(up: true) }
            let previousStart = text[..<(lineStart - 1)].lastIndex(of: newline).map { $0 + 1 } ?? 0
            target = min(previousStart + column, lineStart - 1)
        } else {
            guard let lineEnd = text[cursor...].firstIndex(of: newline) else { return recallHistory(up: false) }
            let nextEnd = text[(lineEnd + 1)...].firstIndex(of: newline) ?? text.count
            target = min(lineEnd + 1 + column, nextEnd)
        }
        el_cursor(editLine, Int32(target - cursor))
        return UInt8(CC_CURSOR)
    }

    private func recallHistory(up: Bool) -> UInt8 {
        Self.withWideString(up ? "\u{10}" : "\u{0E}") { el_wpush(editLine, $0) }
        return UInt8(CC_NORM)
    }

    /// Tab: inserts what all candidates share; when that is nothing, lists them. At the
    /// start of a line it indents.
    private func completeWord() -> UInt8 {
        guard let info = el_wline(editLine) else { return UInt8(CC_ERROR) }
        var scalars = String.UnicodeScalarView()
        var pointer = info.pointee.buffer!
        while pointer < info.pointee.cursor {
            scalars.append(Unicode.Scalar(UInt32(bitPattern: Int32(pointer.pointee))) ?? "\u{FFFD}")
            pointer += 1
        }
        let text = String(scalars)
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            // Nothing to complete at the start of a line: indent, as in an editor.
            Self.withWideString("    ") { _ = el_winsertstr(editLine, $0) }
            return UInt8(CC_REFRESH)
        }
        let result = completion.complete(textBeforeCursor: text, precedingLines: precedingLines)
        let insertion = result.insertion
        if !insertion.isEmpty {
            Self.withWideString(insertion) { _ = el_winsertstr(editLine, $0) }
            return UInt8(CC_REFRESH)
        }
        guard result.candidates.count > 1 else { return UInt8(CC_REFRESH_BEEP) }
        if result.listing.count > Self.completionQueryItems {
            // As readline and libedit do: a long list only when the person wants it.
            FileDescriptorWriter.write("\nDisplay all \(result.listing.count) possibilities? (y or n) ", to: output)
            guard answersYes() else {
                FileDescriptorWriter.write("\n", to: output)
                return UInt8(CC_REDISPLAY)
            }
        }
        FileDescriptorWriter.write(
            "\n" + CompletionListing.columns(result.listing, width: terminalWidth()), to: output)
        return UInt8(CC_REDISPLAY)
    }

    /// How many completions are listed without asking first (readline's
    /// `completion-query-items`).
    static let completionQueryItems = 100

    /// Reads one key for a yes-or-no question: `y`, `Y` or space say yes, anything else
    /// no (as readline reads its answer); Ctrl-C also drops the line, as always.
    private func answersYes() -> Bool {
        var key: wchar_t = 0
        guard nextCharacter(into: &key) == 1 else { return false }
        if key == 0x03 {
            _ = dropLine()
            return false
        }
        let yes = key == wchar_t(UInt8(ascii: "y")) || key == wchar_t(UInt8(ascii: "Y")) || key == 0x20
        FileDescriptorWriter.write(yes ? "y" : "n", to: output)
        return yes
    }

    // MARK: Helpers

    private func setPrompt(_ text: String) {
        promptColumns = text.unicodeScalars.reduce(0) { $0 + Self.columns(of: wchar_t(bitPattern: $1.value)) }
        prompt.deallocate()
        let scalars = Array(text.unicodeScalars)
        prompt = .allocate(capacity: scalars.count + 1)
        for (index, scalar) in scalars.enumerated() {
            (prompt + index).initialize(to: wchar_t(bitPattern: scalar.value))
        }
        (prompt + scalars.count).initialize(to: 0)
    }

    private func addKeyFunction(
        _ name: String, help: String, keys: String,
        _ function: @convention(c) (OpaquePointer?, Int32) -> UInt8
    ) {
        Self.withWideString(name) { wideName in
            Self.withWideString(help) { wideHelp in
                _ = swiftlab_el_add_function(editLine, wideName, wideHelp, function)
            }
            Self.withWideString(keys) { _ = swiftlab_el_bind(editLine, $0, wideName) }
        }
    }

    /// How many rows above the cursor's the prompt starts on: the prompt and the text
    /// before the cursor, wrapped at the terminal's width as libedit draws them.
    private func rowsAboveCursor() -> Int {
        guard let info = el_wline(editLine), var pointer = info.pointee.buffer else { return 0 }
        var columns = promptColumns
        while pointer < info.pointee.cursor {
            columns += Self.columns(of: pointer.pointee)
            pointer += 1
        }
        return columns / terminalWidth()
    }

    /// The columns a character takes on the terminal (two for wide ones, none for
    /// combining marks), as the C library, and so libedit, counts them.
    private static func columns(of character: wchar_t) -> Int {
        max(Int(swiftlab_wcwidth(character)), 0)
    }

    private func terminalWidth() -> Int {
        TerminalWidth.columns(of: output) ?? 80
    }

    static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        var pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    static func withWideString<Result>(_ text: String, _ body: (UnsafePointer<wchar_t>) -> Result) -> Result {
        let wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        return wide.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// libedit measures and prints characters through the C library's locale: take the
    /// user's (`setlocale(LC_CTYPE, "")`), and if that is not UTF-8 (LANG unset, say),
    /// a UTF-8 one, so that `é` and emoji display and delete as one character.
    private static func ensureUTF8CharacterType() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            return
        }
    }
}
