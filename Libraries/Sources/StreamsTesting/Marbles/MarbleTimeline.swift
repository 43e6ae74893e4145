/// Events at frames, with values already described as text: what one line of a diagram
/// draws, whatever publisher or marble string it came from.
public struct MarbleTimeline: Hashable, Sendable {
    /// One drawable event.
    public enum Event: Hashable, Sendable {
        /// A value, by its description (`String(describing:)`).
        case value(String)
        /// The publisher finished.
        case finished
        /// The publisher failed, with the failure's description.
        case failure(String)
    }

    /// The events with their frames, in the order they happened.
    public var events: [(frame: Int, event: Event)]

    /// A timeline of `events`, which must be in order of frame.
    public init(_ events: [(frame: Int, event: Event)]) {
        self.events = events
    }

    /// The frame of the completion or failure, if any.
    public var terminationFrame: Int? {
        events.last.flatMap { entry in
            if case .value = entry.event { return nil }
            return entry.frame
        }
    }

    /// The same events, `frames` later.
    func shifted(by frames: Int) -> MarbleTimeline {
        MarbleTimeline(events.map { ($0.frame + frames, $0.event) })
    }

    /// The line in marble notation, drawing values with `legend`'s characters, blank
    /// before `startFrame` (a stream that did not exist yet) and padded with `-` up to
    /// `endFrame` when it is given. Column and frame agree unless
    /// an event falls inside the columns a group before it took; it is then drawn at the
    /// next free column.
    func marbles(
        legend: MarbleLegend, from startFrame: Int = 0, through endFrame: Int? = nil, style: MarbleStyle = .plain
    ) -> String {
        var column = max(0, startFrame)
        var line = String(repeating: " ", count: column)
        var index = events.startIndex
        while index < events.endIndex {
            let frame = events[index].frame
            var group: [Event] = []
            while index < events.endIndex, events[index].frame == frame {
                group.append(events[index].event)
                index += 1
            }
            if frame > column {
                line += style.time(String(repeating: "-", count: frame - column))
                column = frame
            }
            let symbols = group.map { style.event($0, legend.symbol(for: $0)) }.joined()
            if group.count == 1 {
                line += symbols
                column += 1
            } else {
                line += style.time("(") + symbols + style.time(")")
                column += group.count + 2
            }
        }
        if let endFrame, endFrame >= column {
            line += style.time(String(repeating: "-", count: endFrame - column + 1))
        }
        return line
    }

    /// Whether both have the same events at the same frames.
    public static func == (lhs: MarbleTimeline, rhs: MarbleTimeline) -> Bool {
        lhs.events.map(\.frame) == rhs.events.map(\.frame) && lhs.events.map(\.event) == rhs.events.map(\.event)
    }

    /// Hashes the events and their frames.
    public func hash(into hasher: inout Hasher) {
        for (frame, event) in events {
            hasher.combine(frame)
            hasher.combine(event)
        }
    }
}
