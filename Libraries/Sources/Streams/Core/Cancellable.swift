/// Something whose work can be stopped: a subscription, a sink, a connection, a timer.
///
/// Cancelling frees the resources held for the work; calling ``cancel()`` again does
/// nothing.
public protocol Cancellable {
    /// Stops the work. After it returns, the work sends nothing more.
    func cancel()
}

extension Cancellable {
    /// Keeps the cancellable in `set` as an ``AnyCancellable``, so that it lives as long as
    /// the set's owner and is cancelled when the set lets go of it.
    ///
    /// ```swift
    /// var cancellables = Set<AnyCancellable>()
    /// subject.sink { print($0) }.store(in: &cancellables)
    /// ```
    @inlinable
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }

    /// Keeps the cancellable in a collection such as an array, as an ``AnyCancellable``.
    @inlinable
    public func store<Cancellables: RangeReplaceableCollection>(
        in collection: inout Cancellables
    ) where Cancellables.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }
}
