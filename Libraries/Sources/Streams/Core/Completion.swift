extension Subscribers {
    /// How a publisher ended: normally, or with an error.
    ///
    /// A publisher sends at most one completion, and nothing after it.
    ///
    /// ```swift
    /// Fail<Int, URLError>(error: URLError(.timedOut))
    ///     .sink(receiveCompletion: { completion in
    ///         if case .failure(let error) = completion { print("failed:", error) }
    ///     }, receiveValue: { _ in })
    /// ```
    public enum Completion<Failure: Error>: Sendable {
        /// The publisher finished normally and will send nothing more.
        case finished
        /// The publisher stopped because of `Failure`.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}

extension Subscribers.Completion: Codable where Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case success
        case error
    }

    /// Decodes a completion written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }

    /// Encodes whether the publisher finished and, if it failed, its error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion {
    /// The same completion with its failure changed by `transform`.
    @inlinable
    func mapFailure<NewFailure: Error>(
        _ transform: (Failure) -> NewFailure
    ) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(transform(error))
        }
    }
}

extension Subscribers.Completion where Failure == Never {
    /// A `Never`-failing completion can only be `.finished`; this retypes it.
    @inlinable
    func promoted<NewFailure: Error>(to: NewFailure.Type = NewFailure.self) -> Subscribers.Completion<NewFailure> {
        .finished
    }
}
