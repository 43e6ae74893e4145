extension Publisher {
    /// Replaces every `nil` value with `output`.
    ///
    /// ```swift
    /// let names = ["Ada", nil].publisher.replaceNil(with: "(anonymous)")   // Ada, (anonymous)
    /// ```
    @inlinable
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}
