/// A publisher built from marbles on a ``TestScheduler``, as a line of the diagram
/// ``MarbleDiagram`` draws: its events as written, placed from the frame it started at.
final class MarbleInput: @unchecked Sendable {
    // `@unchecked`: `start` is guarded by `lock`; the rest never changes.

    /// Whether the publisher is hot (its frames count from its creation, not from each
    /// subscription).
    let isHot: Bool
    /// The events, at frames relative to the start.
    let timeline: MarbleTimeline

    private let lock = TestSchedulerLock()
    private var start: Int?

    init(isHot: Bool, timeline: MarbleTimeline, start: Int?) {
        self.isHot = isHot
        self.timeline = timeline
        self.start = start
    }

    /// Records the frame a cold publisher was first subscribed at.
    func subscribed(atFrame frame: Int) {
        lock.withLock { if start == nil { start = frame } }
    }

    /// The frame the publisher started at: its first subscription (cold) or its `^`
    /// (hot); zero for a cold publisher never subscribed.
    var startFrame: Int { lock.withLock { start } ?? 0 }

    /// The events at the frames they happened (or would have, for a cold publisher never
    /// subscribed: from frame zero); a hot publisher's events before its `^` are left out.
    var placedTimeline: MarbleTimeline {
        let start = lock.withLock { self.start } ?? 0
        return MarbleTimeline(timeline.shifted(by: start).events.filter { !isHot || $0.frame >= start })
    }
}

extension MarbleNotation {
    /// The events with values described, for drawing: `values[c]` for each value
    /// character `c` (or the character itself, when the publisher's values are the
    /// characters), `failure` for `#`.
    func timeline<Output>(values: (Character) -> Output, failure: String) -> MarbleTimeline {
        MarbleTimeline(
            events.map { frame, event in
                switch event {
                case .value(let character): return (frame, .value(String(describing: values(character))))
                case .finished: return (frame, .finished)
                case .failure: return (frame, .failure(failure))
                }
            })
    }
}
