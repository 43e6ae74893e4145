import Streams

extension TestScheduler {
    /// A publisher that plays its marbles once, from its `^` (or its first character) at
    /// the time it was built, to whoever is subscribed at the moment: a subscriber that
    /// comes late misses what came before. Built by ``TestScheduler/hot(_:values:)``.
    ///
    /// Events before the `^` happened before anyone could subscribe and are not sent. Like
    /// a `PassthroughSubject`, it drops a value a subscriber has no demand for.
    public struct HotPublisher<Output, Failure: Error>: Publisher {
        let subject: PassthroughSubject<Output, Failure>

        /// Subscribes `subscriber` to the events still to come.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subject.receive(subscriber: subscriber)
        }
    }
}
