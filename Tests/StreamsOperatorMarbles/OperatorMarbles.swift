import Streams
import StreamsTesting

/// The marble tests of the time and combining operators whose documentation pages show
/// their diagram (scripts/docs.sh draws each with `streams-marble-pictures`).
public enum OperatorMarbles {
    /// Every operator's marble test, time operators first.
    public static let all: [OperatorMarble] = timing + combining

    /// The operators of "Controlling timing".
    static let timing: [OperatorMarble] = [
        OperatorMarble(
            "delay", symbol: "Publisher/delay(for:tolerance:scheduler:options:)",
            summary: "delay(for: 2) publishes every value and the completion two frames later.",
            expected: """
                input   a-(bc)|
                output  --a-(bc)|
                """
        ) { scheduler in scheduler.cold("a-(bc)|").delay(for: 2, scheduler: scheduler) },
        OperatorMarble(
            "debounce", symbol: "Publisher/debounce(for:scheduler:options:)",
            summary: """
                debounce(for: 2) publishes a value once two frames pass without another; \
                what still waits when the input finishes is dropped.
                """,
            expected: """
                input   ab---c-d|
                output  ---b----|
                """
        ) { scheduler in scheduler.cold("ab---c-d|").debounce(for: 2, scheduler: scheduler) },
        OperatorMarble(
            "throttle", symbol: "Publisher/throttle(for:scheduler:latest:)",
            summary: """
                throttle(for: 3, latest: true) publishes the first value at once, then the \
                latest value of each three-frame interval.
                """,
            expected: """
                input   ab-c---d|
                output  a--c---d|
                """
        ) { scheduler in scheduler.cold("ab-c---d|").throttle(for: 3, scheduler: scheduler, latest: true) },
        OperatorMarble(
            "timeout", symbol: "Publisher/timeout(_:scheduler:options:customError:)",
            summary: "timeout(3) finishes the stream when three frames pass without a value.",
            expected: """
                input   a-b----c|
                output  a-b--|
                """
        ) { scheduler in scheduler.cold("a-b----c|").timeout(3, scheduler: scheduler) },
        OperatorMarble(
            "measureInterval", symbol: "Publisher/measureInterval(using:options:)",
            summary: "measureInterval publishes the time since the previous value (or the subscription).",
            expected: """
                input   -a--b-c|
                output  -d--e-f|
                        d = 1s
                        e = 3s
                        f = 2s
                """
        ) { scheduler in scheduler.cold("-a--b-c|").measureInterval(using: scheduler).map { "\($0)" } },
    ]

    /// The operators of "Combining elements from multiple publishers" and "Republishing
    /// elements by subscribing to new publishers".
    static let combining: [OperatorMarble] = [
        OperatorMarble(
            "merge", symbol: "Publisher/merge(with:)",
            summary: "merge(with:) publishes the values of both inputs as they come; it finishes when both have.",
            expected: """
                input 1  a---b---|
                input 2  --x---y|
                output   a-x-b-y-|
                """
        ) { scheduler in scheduler.cold("a---b---|").merge(with: scheduler.cold("--x---y|")) },
        OperatorMarble(
            "combineLatest", symbol: "Publisher/combineLatest(_:)",
            summary: """
                combineLatest publishes the latest value of each input whenever either publishes, \
                once both have.
                """,
            expected: """
                input 1  a---b---|
                input 2  --x---y|
                output   --c-d-e-|
                         c = ("a", "x")
                         d = ("b", "x")
                         e = ("b", "y")
                """
        ) { scheduler in scheduler.cold("a---b---|").combineLatest(scheduler.cold("--x---y|")) },
        OperatorMarble(
            "zip", symbol: "Publisher/zip(_:)",
            summary: "zip pairs the inputs' values in order, and finishes when one input can make no more pairs.",
            expected: """
                input 1  a-b---c|
                input 2  --x-y|
                output   --d-e|
                         d = ("a", "x")
                         e = ("b", "y")
                """
        ) { scheduler in scheduler.cold("a-b---c|").zip(scheduler.cold("--x-y|")) },
        OperatorMarble(
            "flatMap", symbol: "Publisher/flatMap(maxPublishers:_:)-60vvr",
            summary: """
                flatMap subscribes to a new inner publisher for each value and merges what they \
                publish: b arrives before A.
                """,
            expected: """
                input 1  a-b|
                input 2  -a--A|
                input 3    -b--B|
                output   -a-bA-B|
                """
        ) { scheduler in
            scheduler.cold("a-b|").flatMap { value in
                scheduler.cold("-x--y|", values: ["x": value, "y": value.uppercased()])
            }
        },
        OperatorMarble(
            "switchToLatest", symbol: "Publisher/switchToLatest()-7j10o",
            summary: """
                switchToLatest follows the newest inner publisher and cancels the one before: \
                A is due in frame 3, where b arrives first and switches, so A is never published.
                """,
            expected: """
                input 1  a--b-----|
                input 2  ---A|
                input 3     ---B|
                output   ------B--|
                """
        ) { scheduler in
            scheduler.cold("a--b-----|")
                .map { value in scheduler.cold("---r|", values: ["r": value.uppercased()]) }
                .switchToLatest()
        },
    ]
}
