/// A property wrapper that publishes every change of the property it wraps.
///
/// `$property` is a publisher that sends the current value to each new subscriber, then
/// every new value. Values are sent *before* the property changes (like `willSet`), as
/// in Combine: inside a subscriber, the property still reads the old value.
///
/// In an ``ObservableObject``, every change also fires the object's `objectWillChange`.
///
/// ```swift
/// final class Thermostat: ObservableObject {
///     @Published var target = 20
/// }
/// let thermostat = Thermostat()
/// let cancellable = thermostat.$target.sink { print("target", $0) }   // target 20
/// thermostat.target = 22                                                // target 22
/// ```
///
/// Use it on properties of classes. Reading and writing are thread-safe.
@propertyWrapper
public struct Published<Value> {
    /// The publisher behind `$property`.
    public var projectedValue: Publisher

    /// Wraps `wrappedValue`, the property's initial value.
    @inlinable
    public init(wrappedValue: Value) {
        projectedValue = Publisher(storage: PublishedStorage(wrappedValue))
    }

    /// Wraps `initialValue` (the older spelling of ``init(wrappedValue:)``).
    @inlinable
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// The property's value; setting it publishes the new value.
    @inlinable
    public var wrappedValue: Value {
        get { projectedValue.storage.value }
        nonmutating set { projectedValue.storage.set(newValue) }
    }

    /// The publisher of a `@Published` property: the current value, then every change.
    public struct Publisher: Streams.Publisher {
        /// The property's type.
        public typealias Output = Value
        /// It never fails.
        public typealias Failure = Never

        @usableFromInline let storage: PublishedStorage<Value>

        @inlinable
        init(storage: PublishedStorage<Value>) {
            self.storage = storage
        }

        /// Attaches `subscriber`; it receives the current value at its first demand, then
        /// every change.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.changes.attach(subscriber)
        }
    }
}

extension Publisher where Failure == Never {
    /// Republishes every value through a `@Published` property: `assign(to: &$value)`.
    ///
    /// The subscription lives exactly as long as the property (there is nothing to keep
    /// or cancel), so it cannot form a retain cycle with the property's owner.
    ///
    /// ```swift
    /// final class Clock: ObservableObject {
    ///     @Published var now = Date()
    ///     init(ticks: some Publisher<Date, Never>) { ticks.assign(to: &$now) }
    /// }
    /// ```
    @inlinable
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let subscription = sink { [weak storage] value in storage?.set(value) }
        storage.keep(subscription)
    }
}

/// The shared state of one `@Published` property.
@usableFromInline
final class PublishedStorage<Value>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var stored: Value
    /// Replays the current value to new subscribers, like a `CurrentValueSubject`.
    @usableFromInline let changes: SubjectCore<Value, Never>
    /// The enclosing object's publisher, installed by `ObservableObject.objectWillChange`.
    @usableFromInline @exclusivity(unchecked) var objectWillChange: ObservableObjectPublisher?
    /// Subscriptions made by `assign(to:)`, cancelled with the property.
    @usableFromInline @exclusivity(unchecked) var assignments: [AnyCancellable] = []

    @inlinable
    init(_ value: Value) {
        stored = value
        changes = SubjectCore(current: value)
    }

    @inlinable
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Announces the change, publishes the new value, then stores it.
    @inlinable
    func set(_ newValue: Value) {
        lock.lock()
        let willChange = objectWillChange
        lock.unlock()
        willChange?.send()
        changes.send(newValue)
        lock.lock()
        let previous = stored
        stored = newValue
        lock.unlock()
        // Released outside the lock: the old value's deinit may read or set this property.
        _fixLifetime(previous)
    }

    @inlinable
    func keep(_ subscription: AnyCancellable) {
        lock.lock()
        assignments.append(subscription)
        lock.unlock()
    }
}

/// Lets `ObservableObject` find `@Published` properties by reflection.
@usableFromInline
protocol PublishedProperty {
    /// The enclosing object's publisher, if one was installed.
    var installedObjectWillChange: ObservableObjectPublisher? { get }
    /// Makes this property fire `publisher` before every change.
    func install(_ publisher: ObservableObjectPublisher)
}

extension Published: PublishedProperty {
    @usableFromInline
    var installedObjectWillChange: ObservableObjectPublisher? {
        let storage = projectedValue.storage
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return storage.objectWillChange
    }

    @usableFromInline
    func install(_ publisher: ObservableObjectPublisher) {
        let storage = projectedValue.storage
        storage.lock.lock()
        storage.objectWillChange = publisher
        storage.lock.unlock()
    }
}
