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

    @Test func sinkCancelledBeforeItsSubscriptionGoesOn() {
        // Combine's sink ignores a cancel while it has no subscription: a publisher that
        // sends without one still reaches it, and a subscription arriving later is taken.
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        sink.cancel()
        _ = sink.receive(1)
        let late = RecordingSubscription()
        sink.receive(subscription: late)
        #expect(late.requests == [.unlimited])
        #expect(late.cancelCount == 0)
        _ = sink.receive(2)
        #expect(values == [1, 2])

        // So does the one `sink(receiveValue:)` makes when its cancellable goes first.
        let upstream = ControlledPublisher<Int, Never>(subscribesAtOnce: false)
        var received: [Int] = []
        _ = upstream.sink { received.append($0) }
        upstream.send(3)
        #expect(received == [3])
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
    /// events on, as Combine's do; the subscriber at the end ignores them. So does
    /// `tryMap` with values (below).
    @Test(arguments: [
        "scan", "removeDuplicates", "prefix", "collect", "flatMap", "catch", "receiveOn", "first",
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

    // MARK: tryMap: as Combine's, it leaves stopping to the upstream

    @Test func tryMapPassesValuesOnAfterAThrowAndFailsAgainAtEachThrow() {
        let upstream = ControlledPublisher<Int, Never>()
        var calls = 0
        let recorder = Recorder<Int, any Error>()
        upstream.tryMap { value -> Int in
            calls += 1
            if value < 0 { throw TestError.oops }
            return value * 2
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(-1)
        upstream.send(2)
        upstream.send(completion: .finished)
        upstream.send(-2)
        #expect(recorder.history == [.subscription, .value(2), .failure("oops"), .value(4), .failure("oops")])
        #expect(calls == 4)
        #expect(upstream.requests == [.unlimited])
        #expect(upstream.cancelCount == 1, "the first throw cancels the upstream; the completion after it is ignored")
    }

    @Test func tryMapPassesAValueAfterItsCancelButNotACompletionOrDemand() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, any Error>()
        upstream.tryMap { $0 * 2 }.subscribe(recorder)
        recorder.cancel()
        recorder.cancel()
        recorder.request(.max(1))
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(2)])
        #expect(upstream.requests == [.unlimited])
        #expect(upstream.cancelCount == 1)
    }

    @Test func tryMapIgnoresACompletionBeforeItsSubscriptionAndACancelBeforeIt() {
        let upstream = ControlledPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = Recorder<Int, any Error>()
        upstream.tryMap { $0 }.subscribe(recorder)
        upstream.send(completion: .finished)
        #expect(recorder.history == [])
        upstream.subscriberAsSubscription?.cancel()
        upstream.send(subscription: upstream.makeSubscription())
        #expect(upstream.cancelCount == 0, "a cancel before the subscription does nothing")
        #expect(upstream.requests == [.unlimited])
        #expect(recorder.history == [.subscription])
    }

    @Test func tryMapKeepsItsSubscriberAsLongAsItsSubscriptionLives() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriberGone = false
        var subscription: (any Subscription)?
        do {
            let probe = Token { subscriberGone = true }
            subject.tryMap { $0 }.subscribe(
                AnySubscriber(
                    receiveSubscription: { subscription = $0 },
                    receiveCompletion: { _ in withExtendedLifetime(probe) {} }))
        }
        #expect(subscription != nil)
        subject.send(completion: .finished)
        #expect(!subscriberGone, "after the completion, while the subscription lives, as in Combine")
        subscription = nil
        #expect(subscriberGone)
    }

    // MARK: handleEvents and print: every event passed on, the hooks only while live

    /// The hooks' calls, in order, as text.
    private final class HookLog: @unchecked Sendable {
        private(set) var entries: [String] = []
        func tap<P: Publisher>(_ upstream: P) -> Publishers.HandleEvents<P> where P.Output == Int {
            upstream.handleEvents(
                receiveSubscription: { _ in self.entries.append("subscription") },
                receiveOutput: { self.entries.append("value(\($0))") },
                receiveCompletion: { self.entries.append("\($0)") },
                receiveCancel: { self.entries.append("cancel") },
                receiveRequest: { self.entries.append("request(\($0))") })
        }
    }

    @Test func handleEventsPassesEventsAfterTheCompletionOnWithoutItsHooks() {
        let upstream = ControlledPublisher<Int, TestError>()
        let log = HookLog()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        log.tap(upstream).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .finished, .value(2), .failure("oops")])
        #expect(log.entries == ["subscription", "value(1)", "finished"])
    }

    @Test func handleEventsPassesEventsAfterTheCancelOnWithoutItsHooks() {
        let upstream = ControlledPublisher<Int, TestError>()
        let log = HookLog()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(2))
        log.tap(upstream).subscribe(recorder)
        recorder.cancel()
        recorder.request(.max(1))
        recorder.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(upstream.requests == [.max(2)])
        #expect(upstream.cancelCount == 1)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(log.entries == ["subscription", "request(max(2))", "cancel"])
    }

    @Test func handleEventsReportsASecondSubscriptionBeforeCancellingIt() {
        let upstream = ControlledPublisher<Int, TestError>()
        let log = HookLog()
        log.tap(upstream).subscribe(Recorder<Int, TestError>(initialDemand: .none))
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        #expect(second.cancelCount == 1)
        #expect(log.entries == ["subscription", "subscription"])
    }

    @Test func handleEventsReportsDemandBeforeTheSubscriptionAndRequestsItOnArrival() throws {
        let upstream = ControlledPublisher<Int, TestError>(subscribesAtOnce: false)
        let log = HookLog()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        log.tap(upstream).subscribe(recorder)
        let tap = try #require(upstream.subscriberAsSubscription)
        tap.request(.max(3))
        #expect(log.entries == ["request(max(3))"])
        upstream.send(subscription: upstream.makeSubscription())
        #expect(upstream.requests == [.max(3)])
        #expect(recorder.history == [.subscription])
        #expect(log.entries == ["request(max(3))", "subscription"])
    }

    @Test func handleEventsCancelledBeforeItsSubscriptionNeitherPassesOnNorCancelsIt() throws {
        let upstream = ControlledPublisher<Int, TestError>(subscribesAtOnce: false)
        let log = HookLog()
        let recorder = Recorder<Int, TestError>()
        log.tap(upstream).subscribe(recorder)
        try #require(upstream.subscriberAsSubscription).cancel()
        upstream.send(subscription: upstream.makeSubscription())
        #expect(upstream.cancelCount == 0)
        #expect(upstream.requests == [])
        #expect(recorder.history == [])
        #expect(log.entries == ["cancel", "subscription"])
    }

    /// What `print` writes to its stream, write by write.
    private final class Writes: TextOutputStream, @unchecked Sendable {
        var all: [String] = []
        func write(_ string: String) { all.append(string) }
        /// The lines, without the prefix.
        var lines: [String] { all.joined().split(separator: "\n").map { String($0.dropFirst(3)) } }
    }

    @Test func printLogsASecondSubscriptionAndOneAfterTheCancelBeforeCancellingThem() {
        let upstream = ControlledPublisher<Int, Never>()
        let writes = Writes()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        upstream.print("p", to: writes).subscribe(recorder)
        let (second, late) = (RecordingSubscription(), RecordingSubscription())
        upstream.send(subscription: second)
        recorder.cancel()
        upstream.send(subscription: late)
        #expect(second.cancelCount == 1)
        #expect(late.cancelCount == 1)
        #expect(writes.lines.filter { $0.hasPrefix("receive subscription") }.count == 3)
        #expect(writes.lines.contains("receive cancel"))
    }

    @Test func printLogsEverythingAfterTheCancelAndTheCompletionToo() {
        let upstream = ControlledPublisher<Int, TestError>()
        let writes = Writes()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        upstream.print("p", to: writes).subscribe(recorder)
        recorder.cancel()
        recorder.cancel()
        recorder.request(.max(2))
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .finished, .failure("oops")])
        #expect(upstream.cancelCount == 1)
        #expect(upstream.requests == [.max(1)])
        #expect(writes.lines.first?.hasPrefix("receive subscription: (") == true)
        #expect(
            Array(writes.lines.dropFirst()) == [
                "request max: (1)", "receive cancel", "receive cancel", "request max: (2)", "receive value: (1)",
                "receive finished", "receive error: (oops)",
            ])
    }

    @Test func printWritesEachLineAsTheStandardPrintDoes() {
        let writes = Writes()
        _ = Just(1).print("p", to: writes).sink { _ in }
        // Swift's `print(_:to:)`: the separator before the first item (empty), the line,
        // the newline.
        #expect(Array(writes.all.prefix(3)) == ["", "p: receive subscription: (Just)", "\n"])
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
        default: upstream.first().eraseToAnyPublisher()
        }
    }
}
