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
