/// A publisher that starts producing only when ``connect()`` is called, so that several
/// subscribers can attach first and all see the same values.
///
/// ```swift
/// let shared = [1, 2, 3].publisher.makeConnectable()
/// let a = shared.sink { print("a", $0) }
/// let b = shared.sink { print("b", $0) }
/// let connection = shared.connect()   // a 1, b 1, a 2, b 2, a 3, b 3
/// ```
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the upstream work. Cancel the result to stop it.
    func connect() -> any Cancellable
}
