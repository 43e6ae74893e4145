/// A recording that does not match the marbles expected of it: thrown by
/// ``Recording/verify(_:values:)``, and described as both diagrams, one above the other,
/// frame under frame, with a caret under the first difference.
///
/// ```text
/// marbles differ at frame 3:
///   expected: ---1-2|
///   actual:   ----1-2|
///                ^
/// ```
public struct MarbleMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected.
    public var expected: MarbleTimeline
    /// What was recorded.
    public var actual: MarbleTimeline

    /// The first frame at which the two differ.
    public var frame: Int {
        for (left, right) in zip(expected.events, actual.events) where left != right {
            return min(left.frame, right.frame)
        }
        let longer = expected.events.count > actual.events.count ? expected : actual
        return longer.events[min(expected.events.count, actual.events.count)].frame
    }

    /// Both diagrams aligned, with the legend when values are drawn as letters.
    public var description: String {
        let legend = MarbleLegend([expected, actual])
        var lines = [
            "marbles differ at frame \(frame):",
            "  expected: " + expected.marbles(legend: legend),
            "  actual:   " + actual.marbles(legend: legend),
            "            " + String(repeating: " ", count: max(0, frame)) + "^",
        ]
        lines += legend.lines.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

extension Recording {
    /// Checks the recording against `expected` marbles, throwing a ``MarbleMismatch`` that
    /// shows both diagrams when they differ.
    ///
    /// A value character `c` expects a value described as `values[c]` is, or as `c`
    /// itself when `values` has no entry for it; `#` expects any failure. Frames count
    /// from zero on the scheduler's clock, as ``marbles`` draws them.
    ///
    /// ```swift
    /// try recording.verify("---a-b|", values: ["a": 1, "b": 2])
    /// try recording.verify("---1-2|")
    /// ```
    public func verify(_ expected: String, values: [Character: Output] = [:]) throws {
        let notation = try MarbleNotation(expected)
        var actual = timeline
        let expectedTimeline = MarbleTimeline(
            notation.events.map { frame, event in
                switch event {
                case .value(let character):
                    return (frame, .value(values[character].map { String(describing: $0) } ?? String(character)))
                case .finished: return (frame, .finished)
                case .failure: return (frame, .failure(""))
                }
            })
        // `#` matches any failure: compare failures without their descriptions.
        actual.events = actual.events.map { frame, event in
            if case .failure = event, expectedTimeline.terminationFrame == frame,
                case .failure = expectedTimeline.events.last?.event
            {
                return (frame, .failure(""))
            }
            return (frame, event)
        }
        if actual != expectedTimeline {
            throw MarbleMismatch(expected: expectedTimeline, actual: timeline)
        }
    }

    /// Whether the recording matches `expected` (see ``verify(_:values:)``).
    public func matches(_ expected: String, values: [Character: Output] = [:]) -> Bool {
        (try? verify(expected, values: values)) != nil
    }
}
