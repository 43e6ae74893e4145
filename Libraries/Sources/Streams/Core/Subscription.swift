/// The link between one publisher and one subscriber: the subscriber requests values
/// through it and cancels through it.
///
/// Implementations must be thread-safe: `request` and `cancel` may be called from any
/// thread, and from inside the subscriber's own `receive` methods.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks the publisher for `demand` more values. `demand` must not be `.none`.
    func request(_ demand: Subscribers.Demand)
}
