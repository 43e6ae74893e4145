// Code written for Combine sometimes names its types through the module, as in
// `Combine.Subscription` (needed there when a type of its own is also called
// `Subscription`). With `import Combine` replaced by `import Streams`, that spelling must
// still resolve, so Streams declares a type named `Combine` whose members are Streams'
// own types: `Combine.Subscription` then finds the enum below, as `Combine` is no module
// here.
//
// Why an enum of typealiases, and only where Combine cannot be imported: on Apple
// platforms the real Combine module exists, and a type named `Combine` visible through
// `import Streams` would shadow that module's name in every file that imports both, so
// `Combine.Publisher` would silently mean Streams' protocol next to Apple's. Compiling the
// namespace only `#if !canImport(Combine)` makes that impossible: where Apple's Combine
// exists, its name keeps meaning the module. A caseless enum cannot be instantiated, and
// typealiases add no types, so `Combine.Publisher` and `Publisher` are the same protocol.
#if !canImport(Combine)
/// The names Combine code spells with its module name, such as `Combine.Subscription`:
/// each is the Streams type of the same name.
///
/// Only where Apple's Combine cannot be imported (Linux, Windows...), so that it never
/// shadows the real module.
///
/// ```swift
/// final class Relay<Output>: Combine.Subscription { ... }   // the same as Subscription
/// ```
public enum Combine {
    // The protocols.
    /// ``Streams/Publisher``.
    public typealias Publisher = Streams.Publisher
    /// ``Streams/Subscriber``.
    public typealias Subscriber = Streams.Subscriber
    /// ``Streams/Subscription``.
    public typealias Subscription = Streams.Subscription
    /// ``Streams/Cancellable``.
    public typealias Cancellable = Streams.Cancellable
    /// ``Streams/Subject``.
    public typealias Subject = Streams.Subject
    /// ``Streams/ConnectablePublisher``.
    public typealias ConnectablePublisher = Streams.ConnectablePublisher
    /// ``Streams/Scheduler``.
    public typealias Scheduler = Streams.Scheduler
    /// ``Streams/SchedulerTimeIntervalConvertible``.
    public typealias SchedulerTimeIntervalConvertible = Streams.SchedulerTimeIntervalConvertible
    /// ``Streams/CustomCombineIdentifierConvertible``.
    public typealias CustomCombineIdentifierConvertible = Streams.CustomCombineIdentifierConvertible
    /// ``Streams/ObservableObject``.
    public typealias ObservableObject = Streams.ObservableObject
    /// ``Streams/TopLevelEncoder``.
    public typealias TopLevelEncoder = Streams.TopLevelEncoder
    /// ``Streams/TopLevelDecoder``.
    public typealias TopLevelDecoder = Streams.TopLevelDecoder

    // The namespaces.
    /// ``Streams/Publishers``.
    public typealias Publishers = Streams.Publishers
    /// ``Streams/Subscribers``.
    public typealias Subscribers = Streams.Subscribers
    /// ``Streams/Subscriptions``.
    public typealias Subscriptions = Streams.Subscriptions

    // The types.
    /// ``Streams/AnyCancellable``.
    public typealias AnyCancellable = Streams.AnyCancellable
    /// ``Streams/AnyPublisher``.
    public typealias AnyPublisher = Streams.AnyPublisher
    /// ``Streams/AnySubscriber``.
    public typealias AnySubscriber = Streams.AnySubscriber
    /// ``Streams/CombineIdentifier``.
    public typealias CombineIdentifier = Streams.CombineIdentifier
    /// ``Streams/PassthroughSubject``.
    public typealias PassthroughSubject = Streams.PassthroughSubject
    /// ``Streams/CurrentValueSubject``.
    public typealias CurrentValueSubject = Streams.CurrentValueSubject
    /// ``Streams/Just``.
    public typealias Just = Streams.Just
    /// ``Streams/Empty``.
    public typealias Empty = Streams.Empty
    /// ``Streams/Fail``.
    public typealias Fail = Streams.Fail
    /// ``Streams/Deferred``.
    public typealias Deferred = Streams.Deferred
    /// ``Streams/Future``.
    public typealias Future = Streams.Future
    /// ``Streams/Record``.
    public typealias Record = Streams.Record
    /// ``Streams/ImmediateScheduler``.
    public typealias ImmediateScheduler = Streams.ImmediateScheduler
    /// ``Streams/ObservableObjectPublisher``.
    public typealias ObservableObjectPublisher = Streams.ObservableObjectPublisher
    /// ``Streams/Published``.
    public typealias Published = Streams.Published
}
#endif
