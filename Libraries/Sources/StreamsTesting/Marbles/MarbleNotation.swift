/// A marble string read into events at frames, as RxJS's marble notation reads it.
///
/// | Character | Meaning |
/// | --- | --- |
/// | `-` | one frame passes |
/// | any other character | a value (looked up in the `values:` dictionary) |
/// | `\|` | the publisher finishes |
/// | `#` | the publisher fails |
/// | `( )` | the events inside happen at the same frame |
/// | `^` | a hot publisher's subscription point: frame zero |
/// | space | nothing (spaces line diagrams up) |
///
/// Every character but a space takes one frame, so column and frame agree: in `--a-|`
/// the value is at frame 2 and the completion at frame 4. A group takes as many frames as
/// it has characters, brackets included: in `-(ab)-|` both values are at frame 1 and the
/// completion at frame 6. Characters before a `^` are at negative frames.
public struct MarbleNotation: Hashable, Sendable {
    /// One event of a marble string.
    public enum Event: Hashable, Sendable {
        /// A value, named by its character.
        case value(Character)
        /// `|`: the publisher finishes.
        case finished
        /// `#`: the publisher fails.
        case failure
    }

    /// The events with their frames (relative to `^` when there is one), in order.
    public var events: [(frame: Int, event: Event)]

    /// Whether the string has a `^`.
    public var hasSubscriptionPoint: Bool

    /// Reads `marbles`; throws when it is not valid notation.
    public init(_ marbles: String) throws(MarbleSyntaxError) {
        var events: [(frame: Int, event: Event)] = []
        var frame = 0
        var groupStart: Int?
        var subscriptionFrame: Int?
        var terminated = false
        for (offset, character) in marbles.enumerated() {
            func fail(_ problem: String) -> MarbleSyntaxError {
                MarbleSyntaxError(marbles: marbles, offset: offset, problem: problem)
            }
            if character.isWhitespace { continue }
            defer { frame += 1 }
            switch character {
            case "-":
                if groupStart != nil { throw fail("a group cannot hold '-': its events all happen at one frame") }
            case "(":
                if groupStart != nil { throw fail("groups cannot nest") }
                groupStart = frame
            case ")":
                guard groupStart != nil else { throw fail("')' closes no group") }
                groupStart = nil
            case "^":
                if subscriptionFrame != nil { throw fail("only one '^' is allowed") }
                if groupStart != nil { throw fail("'^' cannot be inside a group") }
                subscriptionFrame = frame
            default:
                if terminated { throw fail("nothing can happen after '|' or '#'") }
                let event: Event
                switch character {
                case "|": event = .finished
                case "#": event = .failure
                default: event = .value(character)
                }
                if event != .value(character) { terminated = true }
                events.append((groupStart ?? frame, event))
            }
        }
        if groupStart != nil {
            throw MarbleSyntaxError(marbles: marbles, offset: marbles.count, problem: "a '(' is never closed")
        }
        let origin = subscriptionFrame ?? 0
        self.events = events.map { ($0.frame - origin, $0.event) }
        hasSubscriptionPoint = subscriptionFrame != nil
    }

    /// The characters of all values, each once, in order of appearance.
    var valueCharacters: [Character] {
        var seen = Set<Character>()
        return events.compactMap {
            guard case .value(let character) = $0.event, seen.insert(character).inserted else { return nil }
            return character
        }
    }

    /// Whether both have the same events at the same frames.
    public static func == (lhs: MarbleNotation, rhs: MarbleNotation) -> Bool {
        lhs.hasSubscriptionPoint == rhs.hasSubscriptionPoint
            && lhs.events.map(\.frame) == rhs.events.map(\.frame)
            && lhs.events.map(\.event) == rhs.events.map(\.event)
    }

    /// Hashes the events and their frames.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hasSubscriptionPoint)
        for (frame, event) in events {
            hasher.combine(frame)
            hasher.combine(event)
        }
    }
}

/// A marble string that is not valid notation, with where and why.
public struct MarbleSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string that was read.
    public var marbles: String
    /// The position (in characters) of the problem.
    public var offset: Int
    /// What is wrong there.
    public var problem: String

    /// The string with a caret under the problem.
    public var description: String {
        "invalid marbles: \(problem)\n  \(marbles)\n  \(String(repeating: " ", count: offset))^"
    }
}
