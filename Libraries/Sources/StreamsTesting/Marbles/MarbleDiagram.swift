import Streams

/// A marble diagram of a publisher built on a fresh ``TestScheduler``: one line per
/// publisher built from marbles on that scheduler (its inputs, in the order they were
/// built), then the output, frame under frame, and a legend for values drawn as letters.
///
/// Building it runs the clock until the output completes, nothing is left to do, or
/// `frameLimit` frames have passed. `:marbles` in swiftlab draws one, and so can code:
///
/// ```swift
/// print(MarbleDiagram { scheduler in
///     scheduler.cold("-a-b|", values: ["a": 1, "b": 2])
///         .delay(for: .seconds(2), scheduler: scheduler)
/// })
/// // input   -1-2|
/// // output  ---1-2|
/// ```
public struct MarbleDiagram: Sendable, CustomStringConvertible {
    /// One line of the diagram.
    public struct Line: Sendable {
        /// What the line shows: `input`, `input 2`, `output`.
        public var label: String
        /// Its events.
        public var timeline: MarbleTimeline
        /// The frame the stream started at; the line is blank before it.
        public var startFrame: Int
    }

    /// The inputs' lines, then the output's.
    public var lines: [Line]
    /// Whether the output finished or failed within the frame limit.
    public var outputCompleted: Bool
    /// The frame limit the clock stopped at when the output did not complete; nil when it
    /// stopped because the output completed or nothing was left to run.
    public var stoppedAtLimit: Int?
    /// Mistakes in the marbles the publisher was built from (a `#` without an `error:`, a
    /// value missing from `values:`, invalid notation), in order: the diagram shows these
    /// instead of its lines, and the publisher that had one published nothing.
    public var mistakes: [String]
    /// How long one frame lasted.
    public var frameDuration: VirtualTime.Stride

    /// Builds the publisher `build` returns on a fresh scheduler (frames of
    /// `frameDuration`), records it, and runs the clock until the output completes,
    /// nothing is scheduled, or `frameLimit` frames have passed.
    public init<P: Publisher>(
        frameLimit: Int = 60,
        frameDuration: VirtualTime.Stride = .seconds(1),
        _ build: (TestScheduler) throws -> P
    ) rethrows {
        let scheduler = TestScheduler(frameDuration: frameDuration)
        scheduler.keepMarbleMistakes()
        self.frameDuration = frameDuration
        let recording = scheduler.record(try build(scheduler))
        let limit = scheduler.time(ofFrame: frameLimit)
        scheduler.run(until: limit, stoppingWhen: { recording.isComplete })
        // Whatever else is due in the frame the output completed in still happens.
        if recording.isComplete {
            scheduler.run(until: scheduler.time(ofFrame: scheduler.frame + 1).advanced(by: .nanoseconds(-1)))
        }
        recording.cancel()
        let inputs = scheduler.inputs
        lines = inputs.enumerated().map { index, input in
            Line(
                label: inputs.count == 1 ? "input" : "input \(index + 1)", timeline: input.placedTimeline,
                startFrame: input.startFrame)
        }
        lines.append(Line(label: "output", timeline: recording.timeline, startFrame: 0))
        outputCompleted = recording.isComplete
        stoppedAtLimit = !recording.isComplete && scheduler.scheduledCount > 0 ? frameLimit : nil
        mistakes = scheduler.marbleMistakes
    }

    /// The diagram, with ANSI colours when `style` says so; with ``mistakes``, those
    /// instead, each on a line starting `error:`.
    public func rendered(style: MarbleStyle = .plain) -> String {
        guard mistakes.isEmpty else {
            return mistakes.map { style.error("error: ") + $0 }.joined(separator: "\n")
        }
        let legend = MarbleLegend(lines.map(\.timeline))
        let width = (lines.map(\.label.count).max() ?? 0) + 2
        let pad = { (text: String) in text + String(repeating: " ", count: width - text.count) }
        var output = lines.map { line in
            var end: Int?
            if line.label == "output", !outputCompleted, let stoppedAtLimit { end = stoppedAtLimit - 1 }
            return style.label(pad(line.label))
                + line.timeline.marbles(legend: legend, from: line.startFrame, through: end, style: style)
        }
        output += legend.lines.map { String(repeating: " ", count: width) + $0 }
        if let stoppedAtLimit {
            output.append(String(repeating: " ", count: width) + stoppedNote(at: stoppedAtLimit))
        }
        return output.joined(separator: "\n")
    }

    /// What the diagram says under a clock stopped at frame `limit`: when, and how to see
    /// what comes after.
    private func stoppedNote(at limit: Int) -> String {
        let seconds = Double(frameDuration.nanoseconds) / 1e9 * Double(limit)
        let time = seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
        return "(stopped after \(limit) frames, at \(time) on the clock, before the output completed: "
            + "to see what comes later, shorten the times, as in 3 for 300)"
    }

    /// The diagram without colours.
    public var description: String { rendered() }
}
