import Foundation
import Streams
import Testing

@testable import LoadOnDemand

@Suite("LoadOnDemand example")
struct LoadOnDemandTests {
    /// A loader whose loads the test finishes by hand, recording what happened to them.
    final class ManualLoader: @unchecked Sendable {
        let lock = NSLock()
        var subjects: [PassthroughSubject<String, Never>] = []
        var cancelledLoads = 0

        var load: OnDemandResource<String>.Loader {
            { [self] in
                let subject = PassthroughSubject<String, Never>()
                lock.withLock { subjects.append(subject) }
                return
                    subject
                    .handleEvents(receiveCancel: { [self] in lock.withLock { cancelledLoads += 1 } })
                    .eraseToAnyPublisher()
            }
        }

        func finishLatestLoad(with value: String) {
            lock.withLock { subjects.last }?.send(value)
        }
    }

    final class Received: @unchecked Sendable {
        let lock = NSLock()
        var values: [String] = []
        func append(_ value: String) { lock.withLock { values.append(value) } }
        var all: [String] { lock.withLock { values } }
    }

    @Test("Nothing loads until the first subscriber arrives")
    func loadsOnFirstSubscriber() {
        let loader = ManualLoader()
        let resource = OnDemandResource(loader: loader.load)
        _ = resource.value  // building the publisher is not subscribing
        #expect(resource.loadsStarted == 0)

        let received = Received()
        let subscription = resource.value.sink { received.append($0) }
        #expect(resource.loadsStarted == 1)
        loader.finishLatestLoad(with: "data")
        #expect(received.all == ["data"])
        subscription.cancel()
    }

    @Test("Many subscribers, early and late, share one load")
    func loadsOnceForMany() {
        let loader = ManualLoader()
        let resource = OnDemandResource(loader: loader.load)
        let early = (0..<5).map { _ in Received() }
        var subscriptions = early.map { box in resource.value.sink { box.append($0) } }
        loader.finishLatestLoad(with: "report")
        let late = Received()
        subscriptions.append(resource.value.sink { late.append($0) })

        #expect(resource.loadsStarted == 1)
        #expect(early.allSatisfy { $0.all == ["report"] })
        #expect(late.all == ["report"], "a subscriber arriving after the load gets the value at once")
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test("When the last subscriber cancels, the load stops and the value is released")
    func releasesWhenEveryoneLeaves() {
        let loader = ManualLoader()
        let resource = OnDemandResource(loader: loader.load)
        let first = resource.value.sink { _ in }
        let second = resource.value.sink { _ in }
        first.cancel()
        #expect(loader.cancelledLoads == 0, "one subscriber is still there")
        second.cancel()
        #expect(loader.cancelledLoads == 1, "the running load was cancelled")

        let again = resource.value.sink { _ in }
        loader.finishLatestLoad(with: "fresh")
        #expect(resource.isHoldingValue)
        again.cancel()
        #expect(!resource.isHoldingValue, "the loaded value was let go")
        #expect(resource.loadsStarted == 2, "a new subscriber after the release loads again")
    }

    @Test("The resource and its load are freed after the subscribers cancel")
    func noLeaks() {
        weak var weakResource: OnDemandResource<String>?
        weak var weakSubject: PassthroughSubject<String, Never>?
        do {
            let loader = ManualLoader()
            let resource = OnDemandResource(loader: loader.load)
            weakResource = resource
            let subscription = resource.value.sink { _ in }
            weakSubject = loader.subjects.first
            loader.finishLatestLoad(with: "x")
            subscription.cancel()
            loader.subjects.removeAll()
        }
        #expect(weakResource == nil)
        #expect(weakSubject == nil)
    }
}
