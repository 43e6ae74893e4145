import Streams
import Testing

/// What `sink` and `assign` keep alive once their stream has ended: as in Combine, nothing
/// of what they were given, so an object that keeps the cancellable of a subscription
/// whose closures capture the object itself is freed once the stream finishes, fails or
/// is cancelled (a reference cycle only while the stream is live).
@Suite struct SubscriberLifetimeTests {
    /// An object that keeps its own subscription, as a view model does.
    final class Owner {
        var cancellable: AnyCancellable?
        var values: [Int] = []
        var completions = 0
    }

    /// Makes an owner whose `cancellable` is `subscribe(owner)`, runs `end` (which may
    /// use the cancellable), and tells whether the owner outlived the last outside
    /// reference to it.
    private func ownerSurvives(
        _ subscribe: (Owner) -> AnyCancellable, after end: (AnyCancellable?) -> Void
    ) -> Bool {
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            owner.cancellable = subscribe(owner)
            weakOwner = owner
            end(owner.cancellable)
        }
        return weakOwner != nil
    }

    @Test func aSinkLetsGoOfItsClosuresWhenItsUpstreamFinishes() {
        let subject = PassthroughSubject<Int, TestError>()
        let survives = ownerSurvives(
            { owner in
                subject.map { $0 * 2 }.sink(
                    receiveCompletion: { _ in owner.completions += 1 }, receiveValue: { owner.values.append($0) })
            },
            after: { _ in
                subject.send(1)
                subject.send(completion: .finished)
            })
        #expect(!survives, "the finished sink still held the closures, and they the owner")
    }

    @Test func aSinkLetsGoOfItsClosuresWhenItsUpstreamFails() {
        let upstream = PassthroughSubject<Int, TestError>()
        let survives = ownerSurvives(
            { owner in
                upstream.filter { $0 > 0 }.sink(
                    receiveCompletion: { _ in owner.completions += 1 }, receiveValue: { owner.values.append($0) })
            },
            after: { _ in
                upstream.send(1)
                upstream.send(completion: .failure(.oops))
            })
        #expect(!survives)
    }

    @Test func aSinkOnAPublisherThatFinishesAtOnceKeepsNothing() {
        let survives = ownerSurvives(
            { owner in Just(1).sink { owner.values.append($0) } }, after: { _ in })
        #expect(!survives)
    }

    @Test func aSinkLetsGoOfItsClosuresWhenCancelled() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let survives = ownerSurvives(
            { owner in subject.sink { owner.values.append($0) } }, after: { $0?.cancel() })
        #expect(!survives)
        #expect(subject.value == 0)
    }

    @Test func aLiveSinkKeepsItsClosuresAndItsOwner() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            owner.cancellable = subject.sink { owner.values.append($0) }
            weakOwner = owner
        }
        subject.send(7)
        #expect(weakOwner?.values == [7], "a live subscription keeps what its closures capture")
        weakOwner?.cancellable = nil
        #expect(weakOwner == nil)
    }

    @Test func aSinkCancelledFromInsideItsClosureStillRunsTheRestOfIt() {
        let subject = PassthroughSubject<Int, Never>()
        let owner = Owner()
        owner.cancellable = subject.sink { value in
            // The closure is running: letting go of the cancellable here must not free
            // what it captured before it returns.
            owner.cancellable?.cancel()
            owner.cancellable = nil
            owner.values.append(value)
        }
        subject.send(1)
        subject.send(2)
        #expect(owner.values == [1])
    }

    /// How a `Subscribers.Sink` of one's own ends.
    enum SinkEnd: CaseIterable, Sendable { case finish, fail, cancel }

    /// Which of a sink's closures were freed (what each captured went away).
    final class FreedCaptures {
        var valueClosure = false
        var completionClosure = false
    }

    /// A sink kept by the test itself (so no cancellable lets go of it), whose closures
    /// each capture a `Token` that marks itself freed.
    private func ownSink(marking freed: FreedCaptures) -> Subscribers.Sink<Int, TestError> {
        let valueCapture = Token { freed.valueClosure = true }
        let completionCapture = Token { freed.completionClosure = true }
        return Subscribers.Sink(
            receiveCompletion: { _ in _ = completionCapture }, receiveValue: { _ in _ = valueCapture })
    }

    @Test(arguments: SinkEnd.allCases, [false, true])
    func aSinkOfOnesOwnReleasesItsClosuresAtItsEnd(end: SinkEnd, subscribed: Bool) {
        let freed = FreedCaptures()
        let sink = ownSink(marking: freed)
        if subscribed { sink.receive(subscription: RecordingSubscription()) }
        _ = sink.receive(1)
        #expect(!freed.valueClosure && !freed.completionClosure)
        switch end {
        case .finish: sink.receive(completion: .finished)
        case .fail: sink.receive(completion: .failure(.oops))
        case .cancel: sink.cancel()
        }
        // As in Combine: a cancel before the subscription is ignored, so it keeps them.
        let released = subscribed || end != .cancel
        withExtendedLifetime(sink) {
            #expect(freed.valueClosure == released, "receiveValue's captures after \(end)")
            #expect(freed.completionClosure == released, "receiveCompletion's captures after \(end)")
        }
    }

    @Test func anEndedSinksClosuresDoNothing() {
        var values: [Int] = []
        var completions = 0
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        sink.receive(subscription: RecordingSubscription())
        sink.receiveValue(1)
        sink.cancel()
        sink.receiveValue(2)
        sink.receiveCompletion(.finished)
        #expect(values == [1])
        #expect(completions == 0)
    }

    @Test func aSinkCancelledFromInsideItsClosureReleasesItOnceItReturns() {
        let freed = FreedCaptures()
        var freedWhileRunning: Bool?
        let sink: Subscribers.Sink<Int, Never>
        let cancelInside = Box<Subscribers.Sink<Int, Never>>()
        do {
            let capture = Token { freed.valueClosure = true }
            sink = Subscribers.Sink(
                receiveCompletion: { _ in },
                receiveValue: { _ in
                    cancelInside.value?.cancel()
                    cancelInside.value = nil
                    // Still running, so still holding what it captured.
                    freedWhileRunning = freed.valueClosure
                    _ = capture
                })
        }
        cancelInside.value = sink
        sink.receive(subscription: RecordingSubscription())
        _ = sink.receive(1)
        #expect(freedWhileRunning == false)
        withExtendedLifetime(sink) {
            #expect(freed.valueClosure, "released when the closure returned")
        }
    }

    @Test func aSinkFinishedFromInsideItsClosureReleasesItOnceItReturns() {
        let freed = FreedCaptures()
        let sink: Subscribers.Sink<Int, Never>
        let inside = Box<Subscribers.Sink<Int, Never>>()
        var completed = false
        do {
            let capture = Token { freed.valueClosure = true }
            sink = Subscribers.Sink(
                receiveCompletion: { _ in completed = true },
                receiveValue: { _ in
                    // A publisher that delivers its completion at once, from inside.
                    inside.value?.receive(completion: .finished)
                    inside.value = nil
                    #expect(!freed.valueClosure)
                    _ = capture
                })
        }
        inside.value = sink
        _ = sink.receive(1)
        #expect(completed)
        withExtendedLifetime(sink) { #expect(freed.valueClosure) }
    }

    /// A reference a closure can reach before the object it refers to exists.
    final class Box<Value: AnyObject> {
        var value: Value?
    }

    @Test func assignLetsGoOfItsObjectWhenCancelled() {
        final class Thermostat {
            var reading = 0
        }
        let subject = PassthroughSubject<Int, Never>()
        weak var weakThermostat: Thermostat?
        let assign: Subscribers.Assign<Thermostat, Int>
        do {
            let thermostat = Thermostat()
            assign = Subscribers.Assign(object: thermostat, keyPath: \.reading)
            weakThermostat = thermostat
        }
        subject.subscribe(assign)
        subject.send(21)
        #expect(weakThermostat?.reading == 21)
        assign.cancel()
        withExtendedLifetime(assign) { #expect(weakThermostat == nil) }
    }

    @Test func assignLetsGoOfItsObjectWhenItsUpstreamFinishes() {
        final class Thermostat {
            var cancellable: AnyCancellable?
            var reading = 0
        }
        let subject = PassthroughSubject<Int, Never>()
        weak var weakThermostat: Thermostat?
        do {
            let thermostat = Thermostat()
            thermostat.cancellable = subject.assign(to: \.reading, on: thermostat)
            weakThermostat = thermostat
        }
        subject.send(21)
        #expect(weakThermostat?.reading == 21)
        subject.send(completion: .finished)
        #expect(weakThermostat == nil)
    }
}
