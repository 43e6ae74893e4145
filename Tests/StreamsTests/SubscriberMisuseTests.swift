import Streams
import Testing

/// What subscribers do with events a misbehaving publisher sends outside the contract (a
/// value or completion after the completion or the cancel, a second subscription), and
/// before the subscription, as Combine's do (as OpenCombine's compatibility tests record
/// them): `Sink`, `Assign`, and the stages of operators that keep state.
@Suite struct SubscriberMisuseTests {
    @Test func sinkIgnoresValuesAndCompletionsAfterItsCompletion() {
        let upstream = ControlledPublisher<Int, TestError>()
        var values: [Int] = []
        var completions = 0
        let sink = Subscribers.Sink<Int, TestError>(
            receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        upstream.subscribe(sink)
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        #expect(values == [1])
        #expect(completions == 1)
    }

    @Test func sinkIgnoresValuesAfterItIsCancelled() {
        let upstream = ControlledPublisher<Int, Never>()
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        upstream.subscribe(sink)
        upstream.send(1)
        sink.cancel()
        upstream.send(2)
        #expect(values == [1])
        #expect(upstream.cancelCount == 1)
    }

    @Test func sinkTakesAValueBeforeItsSubscriptionAndRefusesASecondOne() {
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        // Combine's sink passes a value that arrives before any subscription.
        #expect(sink.receive(12) == .none)
        #expect(values == [12])
        let (first, second) = (RecordingSubscription(), RecordingSubscription())
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        #expect(first.requests == [.unlimited])
        #expect(second.cancelCount == 1)
        #expect(second.requests == [])
    }

    @Test func sinkKeepsItsFirstSubscriptionAfterRefusingASecondAndRefusesOneAfterItsCancel() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let (first, second, late) = (RecordingSubscription(), RecordingSubscription(), RecordingSubscription())
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        // Refusing the second one left the first in place: cancelling reaches it, once.
        sink.cancel()
        sink.cancel()
        #expect(first.cancelCount == 1)
        #expect(second.cancelCount == 1)
        sink.receive(subscription: late)
        #expect(late.cancelCount == 1, "a subscription arriving after the cancel is cancelled")
        #expect(late.requests == [])
        #expect(first.cancelCount == 1)
    }

    final class Box {
        var value = 0
    }

    @Test func assignIgnoresAValueBeforeItsSubscriptionAndAfterItsCompletion() {
        let box = Box()
        let assign = Subscribers.Assign(object: box, keyPath: \Box.value)
        #expect(assign.receive(12) == .none)
        #expect(box.value == 0)
        let upstream = ControlledPublisher<Int, Never>()
        upstream.subscribe(assign)
        upstream.send(42)
        #expect(box.value == 42)
        upstream.send(completion: .finished)
        #expect(assign.receive(100) == .none)
        #expect(box.value == 42)
        let late = RecordingSubscription()
        assign.receive(subscription: late)
        #expect(late.cancelCount == 1)
    }

    /// Operators whose stage keeps state: after the upstream's completion they ignore
    /// its values and completions, and they cancel a second subscription (`buffer`'s are
    /// in `BufferTests`). Stateless stages (`map`, `filter`) and `handleEvents` pass such
    /// events on, as Combine's do; the subscriber at the end ignores them.
    @Test(arguments: [
        "scan", "removeDuplicates", "prefix", "collect", "flatMap", "catch", "receiveOn", "first", "tryMap",
    ])
    func statefulStagesIgnoreEventsAfterTheCompletionAndCancelASecondSubscription(operatorName: String) {
        let upstream = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        Self.apply(operatorName, to: upstream).subscribe(recorder)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        #expect(second.cancelCount == 1, "\(operatorName)")
        upstream.send(1)
        upstream.send(completion: .finished)
        let settled = recorder.history
        #expect(upstream.send(2) == .none, "\(operatorName)")
        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        #expect(recorder.history == settled, "\(operatorName)")
        #expect(settled.last == .finished, "\(operatorName)")
    }

    private static func apply(_ name: String, to upstream: ControlledPublisher<Int, TestError>) -> AnyPublisher<
        Int, TestError
    > {
        switch name {
        case "scan": upstream.scan(0, +).eraseToAnyPublisher()
        case "removeDuplicates": upstream.removeDuplicates().eraseToAnyPublisher()
        case "prefix": upstream.prefix(5).eraseToAnyPublisher()
        case "collect": upstream.collect().map { $0.count }.eraseToAnyPublisher()
        case "flatMap": upstream.flatMap { Just($0).setFailureType(to: TestError.self) }.eraseToAnyPublisher()
        case "catch": upstream.catch { Fail(error: $0) }.eraseToAnyPublisher()
        case "receiveOn": upstream.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher()
        case "first": upstream.first().eraseToAnyPublisher()
        default: upstream.tryMap { $0 }.mapError { $0 as? TestError ?? .other }.eraseToAnyPublisher()
        }
    }
}
