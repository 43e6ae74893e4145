/// A value that identifies one subscriber or subscription, for debugging and for
/// telling subscribers apart.
///
/// Classes get one for free from their object identity; value types that wrap a class
/// forward its identifier, and other values draw a fresh, unique one with ``init()``.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    @usableFromInline let rawValue: UInt64

    /// A new identifier, different from every other one drawn with `init()` in this process.
    public init() {
        rawValue = IdentifierCounter.shared.next()
    }

    /// The identifier of an object; two identifiers are equal exactly when the objects are
    /// the same instance (while it is alive).
    @inlinable
    public init(_ object: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))
    }

    /// The identifier in hexadecimal, e.g. `0x7f9c1e40a2b0`.
    public var description: String {
        "0x" + String(rawValue, radix: 16)
    }
}

/// Hands out process-unique identifiers that never collide with object addresses, which
/// are aligned: the counter's values are odd.
private final class IdentifierCounter: @unchecked Sendable {
    static let shared = IdentifierCounter()
    private let lock = Lock()
    private var last: UInt64 = 1

    func next() -> UInt64 {
        lock.withLock {
            last &+= 2
            return last
        }
    }
}

/// A type that has a ``CombineIdentifier``: every ``Subscriber`` and ``Subscription``.
///
/// Classes need not implement ``combineIdentifier``: the default uses object identity.
public protocol CustomCombineIdentifierConvertible {
    /// The identifier of this subscriber or subscription.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The object's identity as a ``CombineIdentifier``.
    @inlinable
    public var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
