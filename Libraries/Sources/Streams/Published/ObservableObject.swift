/// An object that announces, through ``objectWillChange``, that it is about to change.
///
/// A class that conforms and uses ``Published`` properties gets `objectWillChange` for
/// free: it fires before any of those properties changes.
///
/// ```swift
/// final class Basket: ObservableObject {
///     @Published var items: [String] = []
///     @Published var discount = 0
/// }
/// let basket = Basket()
/// let cancellable = basket.objectWillChange.sink { print("basket will change") }
/// basket.items.append("tea")   // basket will change
/// ```
///
/// How the free `objectWillChange` works here: Combine finds `@Published` properties with
/// the Objective-C runtime, which Linux lacks. Streams instead walks the object's stored
/// properties with `Mirror` (including those of superclasses) on each access of
/// `objectWillChange`, and keeps the publisher inside the `@Published` properties
/// themselves, so every access returns the same publisher. A class with no `@Published`
/// property should declare its own `let objectWillChange = ObservableObjectPublisher()`.
public protocol ObservableObject: AnyObject {
    /// The type of ``objectWillChange``; ``ObservableObjectPublisher`` by default.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// Fires before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that fires before any `@Published` property of the object changes.
    public var objectWillChange: ObservableObjectPublisher {
        var properties: [any PublishedProperty] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                if let property = child.value as? any PublishedProperty {
                    properties.append(property)
                }
            }
            mirror = current.superclassMirror
        }
        return ObservableObjectPublisher.shared(by: properties)
    }
}

/// The publisher behind a default ``ObservableObject/objectWillChange``: sends `()` to
/// its subscribers on ``send()``.
///
/// ```swift
/// final class Model: ObservableObject {
///     let objectWillChange = ObservableObjectPublisher()
///     var title = "" { willSet { objectWillChange.send() } }
/// }
/// ```
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    /// It sends `()`.
    public typealias Output = Void
    /// It never fails.
    public typealias Failure = Never

    @usableFromInline let core = SubjectCore<Void, Never>(current: nil)

    /// Makes a publisher with no subscribers.
    @inlinable
    public init() {}

    /// Attaches `subscriber`; it receives `()` on every later ``send()``.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        core.attach(subscriber)
    }

    /// The publisher installed in `properties`, installing a new one in all of them if
    /// none is; serialised so that racing first accesses agree on one publisher.
    static func shared(by properties: [any PublishedProperty]) -> ObservableObjectPublisher {
        installation.withLock {
            let publisher =
                properties.lazy.compactMap(\.installedObjectWillChange).first
                ?? ObservableObjectPublisher()
            for property in properties where property.installedObjectWillChange !== publisher {
                property.install(publisher)
            }
            return publisher
        }
    }

    private static let installation = InstallationLock()

    /// Announces a change to every subscriber.
    @inlinable
    public func send() {
        core.send(())
    }
}

/// Guards the installation of `objectWillChange` publishers into `@Published` properties.
private final class InstallationLock: Sendable {
    let lock = Lock()

    func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLock(body)
    }
}
