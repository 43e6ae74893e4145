/// A namespace for the types of the publishers that operators return.
///
/// You rarely name these types yourself: `subject.map { $0 * 2 }` has the type
/// `Publishers.Map<PassthroughSubject<Int, Never>, Int>`. Erase it with
/// ``Publisher/eraseToAnyPublisher()`` when you need to return it from an API.
public enum Publishers {}

/// A namespace for subscriber types and the values that flow to subscribers
/// (``Subscribers/Demand`` and ``Subscribers/Completion``).
public enum Subscribers {}

/// A namespace for ready-made subscriptions, such as ``Subscriptions/empty``.
public enum Subscriptions {}
