import Streams

/// Subscribes a fresh ``Recorder`` with unlimited demand to `publisher` and returns what
/// it saw, for publishers that deliver synchronously.
func recordedEvents<P: Publisher>(of publisher: P) -> [Event<P.Output>] where P.Output: Equatable {
    let recorder = Recorder<P.Output, P.Failure>()
    publisher.subscribe(recorder)
    return recorder.history
}
