import Streams

extension Sequence {
    /// This sequence's publisher, type-erased: operators applied to it are the general
    /// `Publisher` operators under test, not `Publishers.Sequence`'s own eager overloads
    /// (which Combine also has, and which `SequenceOperatorTests` covers).
    var generalPublisher: AnyPublisher<Element, Never> {
        publisher.eraseToAnyPublisher()
    }
}
