/// A publisher that replays a recorded series of values followed by a completion to each
/// subscriber, at the pace of its demand.
///
/// ```swift
/// let replay = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
/// let recorded = Record<String, ParseError> { recording in
///     recording.receive("a")
///     recording.receive(completion: .failure(.truncated))
/// }
/// ```
public struct Record<Output, Failure: Error>: Publisher {
    /// The values and completion a ``Record`` replays.
    public struct Recording {
        /// What the recording receives: the record's values.
        public typealias Input = Output

        /// The recorded values, in order.
        public private(set) var output: [Output]
        /// The recorded completion; `.finished` until one is received.
        public private(set) var completion: Subscribers.Completion<Failure>
        /// Whether a completion has been received: after it, nothing more may be recorded.
        private var isComplete: Bool

        /// An empty recording, ready to receive values and a completion.
        public init() {
            output = []
            completion = .finished
            isComplete = false
        }

        /// A finished recording of `output` followed by `completion`.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isComplete = true
        }

        /// Records a value.
        ///
        /// - Precondition: No completion has been received.
        public mutating func receive(_ input: Output) {
            precondition(!isComplete, "A Record.Recording can't receive a value after its completion")
            output.append(input)
        }

        /// Records the completion, which ends the recording.
        ///
        /// - Precondition: No completion has been received before.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isComplete, "A Record.Recording can't receive a second completion")
            self.completion = completion
            isComplete = true
        }
    }

    /// What each subscriber receives.
    public let recording: Recording

    /// Replays `recording`.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Replays what `record` puts into a new recording (it finishes normally unless
    /// `record` receives another completion).
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// Replays `output`, then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// Sends the recording to `subscriber`: the values as it asks for them, then the
    /// completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SequenceSubscription.start(
            recording.output, endingWith: recording.completion, isRecording: true, for: subscriber)
    }
}

/// A record encodes as its recording (as in Combine).
extension Record: Codable where Output: Codable, Failure: Codable {}

/// A recording encodes as its values (`"output"`) and completion (`"completion"`), the
/// keys Combine uses; a decoded recording is complete.
extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case output
        case completion
    }

    /// Decodes a complete recording.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    /// Encodes the values and the completion.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }
}
