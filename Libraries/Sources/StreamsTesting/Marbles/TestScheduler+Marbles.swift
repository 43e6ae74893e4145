import Streams

// Building publishers from marbles. Invalid notation, a value character missing from
// `values:`, a `#` without an `error:` or a `^` in a cold publisher stop the program with a
// message saying which (they are mistakes in the test itself, not outcomes to check);
// inside a MarbleDiagram (swiftlab's `:marbles`) the diagram shows the message instead, and
// the publisher with the mistake publishes nothing.
extension TestScheduler {
    /// A cold publisher playing `marbles` for each subscriber, each value character
    /// standing for `values[character]`.
    ///
    /// ```swift
    /// scheduler.cold("-a-b|", values: ["a": 1, "b": 2])  // 1 at frame 1, 2 at 3, finished at 4
    /// ```
    public func cold<Output>(_ marbles: String, values: [Character: Output]) -> ColdPublisher<Output, Never> {
        makeCold(marbles, value: { values[$0]! }, defined: { values[$0] != nil }, failure: nil)
    }

    /// A cold publisher playing `marbles` for each subscriber, failing with `error` at `#`.
    public func cold<Output, Failure: Error>(
        _ marbles: String, values: [Character: Output], error: Failure
    ) -> ColdPublisher<Output, Failure> {
        makeCold(marbles, value: { values[$0]! }, defined: { values[$0] != nil }, failure: error)
    }

    /// A cold publisher of the value characters themselves, as strings: `cold("-a-b|")`
    /// publishes `"a"` and `"b"`.
    public func cold(_ marbles: String) -> ColdPublisher<String, Never> {
        makeCold(marbles, value: { String($0) }, defined: { _ in true }, failure: nil)
    }

    /// A cold publisher of the value characters as strings, failing with `error` at `#`.
    public func cold<Failure: Error>(_ marbles: String, error: Failure) -> ColdPublisher<String, Failure> {
        makeCold(marbles, value: { String($0) }, defined: { _ in true }, failure: error)
    }

    /// A hot publisher playing `marbles` once from now, where its `^` is (or its first
    /// character when it has none), each value character standing for `values[character]`.
    ///
    /// ```swift
    /// let clicks = scheduler.hot("-a-^-b-c|", values: ["a": 1, "b": 2, "c": 3])
    /// // subscribed now: 2 at frame 2, 3 at frame 4, finished at frame 5
    /// ```
    public func hot<Output>(_ marbles: String, values: [Character: Output]) -> HotPublisher<Output, Never> {
        makeHot(marbles, value: { values[$0]! }, defined: { values[$0] != nil }, failure: nil)
    }

    /// A hot publisher playing `marbles` once from now, failing with `error` at `#`.
    public func hot<Output, Failure: Error>(
        _ marbles: String, values: [Character: Output], error: Failure
    ) -> HotPublisher<Output, Failure> {
        makeHot(marbles, value: { values[$0]! }, defined: { values[$0] != nil }, failure: error)
    }

    /// A hot publisher of the value characters themselves, as strings.
    public func hot(_ marbles: String) -> HotPublisher<String, Never> {
        makeHot(marbles, value: { String($0) }, defined: { _ in true }, failure: nil)
    }

    /// A hot publisher of the value characters as strings, failing with `error` at `#`.
    public func hot<Failure: Error>(_ marbles: String, error: Failure) -> HotPublisher<String, Failure> {
        makeHot(marbles, value: { String($0) }, defined: { _ in true }, failure: error)
    }

    private func makeCold<Output, Failure: Error>(
        _ marbles: String, value: @escaping (Character) -> Output, defined: (Character) -> Bool, failure: Failure?
    ) -> ColdPublisher<Output, Failure> {
        let notation = read(marbles, defined: defined, failure: failure, isHot: false)
        let input = MarbleInput(
            isHot: false,
            timeline: notation.timeline(values: value, failure: failure.map { String(describing: $0) } ?? ""),
            start: nil
        )
        register(input)
        return ColdPublisher(scheduler: self, notation: notation, value: value, failure: failure, input: input)
    }

    private func makeHot<Output, Failure: Error>(
        _ marbles: String, value: @escaping (Character) -> Output, defined: (Character) -> Bool, failure: Failure?
    ) -> HotPublisher<Output, Failure> {
        let notation = read(marbles, defined: defined, failure: failure, isHot: true)
        let start = now
        register(
            MarbleInput(
                isHot: true,
                timeline: notation.timeline(values: value, failure: failure.map { String(describing: $0) } ?? ""),
                start: frame(of: start)
            ))
        let subject = PassthroughSubject<Output, Failure>()
        play(notation, startingAt: start, into: subject, value: value, failure: failure)
        return HotPublisher(subject: subject)
    }

    /// `marbles` read, or, after reporting a mistake in them (see
    /// ``report(marbleMistake:)``), no events at all.
    private func read<Failure>(
        _ marbles: String, defined: (Character) -> Bool, failure: Failure?, isHot: Bool
    ) -> MarbleNotation {
        let mistake: String
        do {
            let notation = try MarbleNotation(marbles)
            if failure == nil, notation.events.contains(where: { $0.event == .failure }) {
                mistake = "'#' in \"\(marbles)\" needs an error: argument saying what the publisher fails with"
            } else if let missing = notation.valueCharacters.first(where: { !defined($0) }) {
                mistake = "'\(missing)' in \"\(marbles)\" has no entry in values:"
            } else if !isHot, notation.hasSubscriptionPoint {
                mistake =
                    "'^' marks a hot publisher's subscription; a cold publisher starts when subscribed: \(marbles)"
            } else {
                return notation
            }
        } catch {
            mistake = error.description
        }
        report(marbleMistake: mistake)
        return MarbleNotation.nothing
    }
}

extension MarbleNotation {
    /// No events: what marbles with a mistake in them play.
    static var nothing: MarbleNotation { MarbleNotation(events: [], hasSubscriptionPoint: false) }

    private init(events: [(frame: Int, event: Event)], hasSubscriptionPoint: Bool) {
        self.events = events
        self.hasSubscriptionPoint = hasSubscriptionPoint
    }
}
