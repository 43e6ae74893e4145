/// A type that can express a scheduler's time interval in seconds and in fractions of a second.
///
/// Every scheduler's `SchedulerTimeType.Stride` conforms, which is why
/// `.seconds(1)` or `.milliseconds(300)` work with any scheduler, for example in
/// `debounce(for: .milliseconds(300), scheduler: queue)`.
public protocol SchedulerTimeIntervalConvertible {
    /// An interval of the given whole number of seconds.
    static func seconds(_ s: Int) -> Self

    /// An interval of the given number of seconds, which may have a fractional part.
    static func seconds(_ s: Double) -> Self

    /// An interval of the given number of milliseconds.
    static func milliseconds(_ ms: Int) -> Self

    /// An interval of the given number of microseconds.
    static func microseconds(_ us: Int) -> Self

    /// An interval of the given number of nanoseconds.
    static func nanoseconds(_ ns: Int) -> Self
}
