/// Draws marble diagrams as SVG pictures, as RxMarbles does: one timeline per stream with
/// its label, coloured marbles holding their values, a bar where a stream finished, a
/// cross where it failed, and a time axis counted in frames.
///
/// The picture depends on the events alone: the same diagram always gives the same text
/// (no random ids, no dates), so a picture can be compared with one saved earlier.
/// ``MarbleDiagram/svg`` and ``Recording/svg`` draw with it; build one yourself to draw
/// timelines from elsewhere:
///
/// ```swift
/// let picture = MarbleSVG(rows: [
///     .init(label: "input", timeline: MarbleTimeline([(1, .value("1")), (3, .finished)]))
/// ])
/// print(picture.rendered)   // <svg xmlns="http://www.w3.org/2000/svg" ...
/// ```
public struct MarbleSVG: Sendable {
    /// One timeline of the picture.
    public struct Row: Sendable {
        /// The name drawn left of the line (`input`, `output`); none when empty.
        public var label: String
        /// The events.
        public var timeline: MarbleTimeline
        /// The frame the stream started at: its line begins there.
        public var startFrame: Int
        /// The last frame the line reaches when the stream neither finished nor failed
        /// (the clock stopped there); nil ends it after its last event.
        public var endFrame: Int?

        /// A row drawing `timeline` from `startFrame`, labelled `label`.
        public init(label: String, timeline: MarbleTimeline, startFrame: Int = 0, endFrame: Int? = nil) {
            self.label = label
            self.timeline = timeline
            self.startFrame = startFrame
            self.endFrame = endFrame
        }
    }

    /// The timelines, top to bottom.
    public var rows: [Row]
    /// A line of text under the axis (`stopped after 100 frames`), if any.
    public var note: String?

    /// A picture of `rows`, with `note` under the axis.
    public init(rows: [Row], note: String? = nil) {
        self.rows = rows
        self.note = note
    }

    // Geometry, in SVG user units (pixels at 100 %).
    static let frameWidth = 36
    static let radius = 14
    static let rowGap = 14
    static let margin = 12
    static let labelCharacterWidth = 8
    static let lineHeight = 16
    /// Values with descriptions up to this many characters are written in their marble;
    /// longer ones get a letter, explained in the legend below the axis.
    static let longestValueInMarble = 3

    /// Fill colours of the marbles, given to values in the order they first appear, so a
    /// value has the same colour in every row; light enough for dark text.
    static let palette = [
        "#f6c343", "#7ec8e3", "#f28b82", "#a8d672", "#c9a7eb", "#fdb777", "#8fd3c1", "#f7a8c8",
    ]

    /// The SVG document.
    public var rendered: String {
        var drawing = Drawing(rows: rows)
        return drawing.render(note: note)
    }
}

extension MarbleSVG {
    /// The layout and the text of one rendering.
    fileprivate struct Drawing {
        let rows: [Row]
        let legend: MarbleLegend
        /// Each value's colour, by description.
        let colors: [String: String]
        let labelWidth: Int
        let lastFrame: Int
        var body: [String] = []

        init(rows: [Row]) {
            self.rows = rows
            legend = MarbleLegend(rows.map(\.timeline))
            var colors: [String: String] = [:]
            for row in rows {
                for case (_, .value(let description)) in row.timeline.events where colors[description] == nil {
                    colors[description] = MarbleSVG.palette[colors.count % MarbleSVG.palette.count]
                }
            }
            self.colors = colors
            let longestLabel = rows.map(\.label.count).max() ?? 0
            labelWidth = longestLabel == 0 ? 0 : longestLabel * MarbleSVG.labelCharacterWidth + MarbleSVG.margin
            lastFrame =
                rows.map { row in
                    max(row.endFrame ?? 0, row.timeline.events.last?.frame ?? 0, row.startFrame)
                }.max() ?? 0
        }

        /// The x of the centre of `frame`.
        func x(_ frame: Int) -> Int {
            MarbleSVG.margin + labelWidth + MarbleSVG.radius + 4 + frame * MarbleSVG.frameWidth
        }

        /// How many events share the busiest frame of `row`: they are stacked.
        func stackHeight(_ row: Row) -> Int {
            var counts: [Int: Int] = [:]
            for (frame, _) in row.timeline.events { counts[frame, default: 0] += 1 }
            return max(1, counts.values.max() ?? 1)
        }

        mutating func render(note: String?) -> String {
            let diameter = 2 * MarbleSVG.radius
            var top = MarbleSVG.margin
            for row in rows {
                let height = stackHeight(row) * (diameter + 2)
                draw(row, centerY: top + height / 2 - (stackHeight(row) - 1) * (diameter + 2) / 2, height: height)
                top += height + MarbleSVG.rowGap
            }
            top = drawAxis(at: top)
            var notes = legend.entries.filter { $0.description.count > MarbleSVG.longestValueInMarble }
                .map { "\($0.symbol) = \($0.description)" }
            notes += legend.failures.map { "✕ = \($0)" }
            if let note { notes.append(note) }
            for line in notes {
                top += MarbleSVG.lineHeight
                body.append(
                    #"<text x="\#(x(0) - MarbleSVG.radius)" y="\#(top)" class="note">\#(escaped(line))</text>"#)
            }
            let width = x(lastFrame + 1) + MarbleSVG.radius + MarbleSVG.margin
            let height = top + MarbleSVG.margin
            let header = [
                #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
                    + #"viewBox="0 0 \#(width) \#(height)" role="img" aria-label="marble diagram">"#,
                "<style>",
                "text { font-family: Menlo, 'DejaVu Sans Mono', monospace; font-size: 13px; fill: #222; }",
                ".label { font-weight: bold; } .note, .tick { fill: #555; font-size: 11px; }",
                ".line { stroke: #444; stroke-width: 2; } .axis { stroke: #999; stroke-width: 1; }",
                ".marble { stroke: #333; stroke-width: 1.5; } .end { stroke: #333; stroke-width: 3; }",
                ".failure { stroke: #c62828; stroke-width: 3; } .stopped { stroke: #444; stroke-dasharray: 4 4; }",
                "</style>",
                ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
            ]
            return (header + body + ["</svg>"]).joined(separator: "\n") + "\n"
        }

        /// One row: its label, its line with an arrowhead (or ending at its termination),
        /// and its events, stacked when they share a frame.
        mutating func draw(_ row: Row, centerY y: Int, height: Int) {
            if !row.label.isEmpty {
                body.append(
                    #"<text x="\#(MarbleSVG.margin)" y="\#(y + 5)" class="label">\#(escaped(row.label))</text>"#)
            }
            let start = x(row.startFrame) - MarbleSVG.radius
            if let termination = row.timeline.terminationFrame {
                body.append(#"<line x1="\#(start)" y1="\#(y)" x2="\#(x(termination))" y2="\#(y)" class="line"/>"#)
            } else {
                let end = x((row.endFrame ?? row.timeline.events.last?.frame ?? row.startFrame) + 1)
                let stopped = row.endFrame != nil ? " stopped" : ""
                body.append(#"<line x1="\#(start)" y1="\#(y)" x2="\#(end)" y2="\#(y)" class="line\#(stopped)"/>"#)
                body.append(##"<path d="M \##(end) \##(y) l -8 -5 l 0 10 z" fill="#444"/>"##)
            }
            var stacked: [Int: Int] = [:]
            for (frame, event) in row.timeline.events {
                let level = stacked[frame, default: 0]
                stacked[frame] = level + 1
                draw(event, at: x(frame), y: y + level * (2 * MarbleSVG.radius + 2))
            }
        }

        mutating func draw(_ event: MarbleTimeline.Event, at x: Int, y: Int) {
            let r = MarbleSVG.radius
            switch event {
            case .value(let description):
                let text =
                    description.count > MarbleSVG.longestValueInMarble
                    ? String(legend.symbol(for: event)) : description
                let fill = colors[description] ?? "#dddddd"
                body.append(
                    #"<circle cx="\#(x)" cy="\#(y)" r="\#(r)" fill="\#(fill)" class="marble">"#
                        + #"<title>\#(escaped(description))</title></circle>"#)
                body.append(#"<text x="\#(x)" y="\#(y + 4)" text-anchor="middle">\#(escaped(text))</text>"#)
            case .finished:
                body.append(#"<line x1="\#(x)" y1="\#(y - r)" x2="\#(x)" y2="\#(y + r)" class="end"/>"#)
            case .failure(let description):
                let d = r * 2 / 3
                body.append(
                    #"<path d="M \#(x - d) \#(y - d) L \#(x + d) \#(y + d) M \#(x + d) \#(y - d) L \#(x - d) \#(y + d)" "#
                        + #"class="failure"><title>\#(escaped(description))</title></path>"#)
            }
        }

        /// The axis: a tick per frame, numbered every fifth frame; returns the y below it.
        mutating func drawAxis(at top: Int) -> Int {
            let y = top + 2
            body.append(#"<line x1="\#(x(0))" y1="\#(y)" x2="\#(x(lastFrame))" y2="\#(y)" class="axis"/>"#)
            for frame in 0...lastFrame {
                let length = frame % 5 == 0 ? 6 : 3
                body.append(#"<line x1="\#(x(frame))" y1="\#(y)" x2="\#(x(frame))" y2="\#(y + length)" class="axis"/>"#)
                if frame % 5 == 0 {
                    body.append(
                        #"<text x="\#(x(frame))" y="\#(y + 18)" text-anchor="middle" class="tick">\#(frame)</text>"#)
                }
            }
            body.append(#"<text x="\#(x(lastFrame) + MarbleSVG.radius)" y="\#(y + 18)" class="tick">frames</text>"#)
            return y + 20
        }
    }
}

/// `text` with the characters XML gives a meaning escaped.
private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}

extension MarbleDiagram {
    /// The diagram as an SVG picture (see ``MarbleSVG``): the inputs' timelines above
    /// the output's, each value in a marble of its own colour, and a note when the
    /// clock stopped at the frame limit. swiftlab's Jupyter kernel shows `:marbles` so.
    public var svg: String {
        let rows = lines.map { line in
            MarbleSVG.Row(
                label: line.label, timeline: line.timeline, startFrame: line.startFrame,
                endFrame: line.label == "output" && !outputCompleted ? stoppedAtLimit.map { $0 - 1 } : nil)
        }
        return MarbleSVG(rows: rows, note: stoppedAtLimit.map { "(stopped after \($0) frames)" }).rendered
    }
}

extension Recording {
    /// The recorded events as an SVG picture of one unlabelled timeline (see
    /// ``MarbleSVG``), the picture of ``marbles``.
    public var svg: String {
        MarbleSVG(rows: [MarbleSVG.Row(label: "", timeline: timeline)]).rendered
    }
}
