extension Publisher {
    /// Hides this publisher's concrete type behind ``AnyPublisher``.
    ///
    /// ```swift
    /// var results: AnyPublisher<[String], Never> {
    ///     query.map(search).eraseToAnyPublisher()
    /// }
    /// ```
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}
