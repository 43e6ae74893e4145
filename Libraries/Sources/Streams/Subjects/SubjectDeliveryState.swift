/// Where a subject's conduit stands in delivering to its subscriber (see
/// ``SubjectConduit/delivery``).
@usableFromInline
enum SubjectDeliveryState: UInt8 {
    /// Nobody is calling the subscriber.
    case idle
    /// A thread is calling the subscriber, and nothing has happened meanwhile: when the
    /// call returns it can go idle at once.
    case busy
    /// A thread is calling the subscriber, and meanwhile values were queued or the
    /// subscription ended: it must look before going idle.
    case busyWithNews
}
