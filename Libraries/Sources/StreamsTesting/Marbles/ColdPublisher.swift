import Streams

extension TestScheduler {
    /// A publisher that plays its marbles from the start for each subscriber: a value
    /// at frame 2 reaches a subscriber two frames after it subscribed. Built by
    /// ``TestScheduler/cold(_:values:)``.
    ///
    /// Events are sent on the scheduler, so nothing happens until the clock runs. Like a
    /// `PassthroughSubject`, it drops a value the subscriber has no demand for.
    public struct ColdPublisher<Output, Failure: Error>: Publisher {
        let scheduler: TestScheduler
        let notation: MarbleNotation
        let value: (Character) -> Output
        let failure: Failure?
        let input: MarbleInput

        /// Subscribes `subscriber` and schedules the marbles from the current time.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subject = PassthroughSubject<Output, Failure>()
            subject.receive(subscriber: subscriber)
            let start = scheduler.now
            input.subscribed(atFrame: scheduler.frame(of: start))
            scheduler.play(notation, startingAt: start, into: subject, value: value, failure: failure)
        }
    }
}

extension TestScheduler {
    /// Schedules `notation`'s events into `subject`, frame zero at `start`.
    func play<Output, Failure: Error>(
        _ notation: MarbleNotation,
        startingAt start: VirtualTime,
        into subject: PassthroughSubject<Output, Failure>,
        value: @escaping (Character) -> Output,
        failure: Failure?
    ) {
        for (frame, event) in notation.events where frame >= 0 {
            let due = start.advanced(by: frameDuration.scaled(by: frame))
            switch event {
            case .value(let character):
                schedule(after: due) { subject.send(value(character)) }
            case .finished:
                schedule(after: due) { subject.send(completion: .finished) }
            case .failure:
                // Marbles with '#' and no error: were reported when the publisher was built.
                guard let failure else { continue }
                schedule(after: due) { subject.send(completion: .failure(failure)) }
            }
        }
    }
}
