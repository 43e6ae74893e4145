import Streams
import Testing

@Suite struct CancellableTests {
    @Test func cancelsOnceOnExplicitCancelAndNotAgainOnDeinit() {
        var count = 0
        var cancellable: AnyCancellable? = AnyCancellable { count += 1 }
        cancellable?.cancel()
        cancellable?.cancel()
        cancellable = nil
        #expect(count == 1)
    }

    @Test func cancelsOnDeinit() {
        var count = 0
        do {
            _ = AnyCancellable { count += 1 }
        }
        #expect(count == 1)
    }

    @Test func storesInSetAndArray() {
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        var cancelled = 0
        AnyCancellable { cancelled += 1 }.store(in: &set)
        AnyCancellable { cancelled += 1 }.store(in: &array)
        #expect(set.count == 1 && array.count == 1)
        set.removeAll()
        array.removeAll()
        #expect(cancelled == 2)
    }

    @Test func hashableByIdentity() {
        let first = AnyCancellable {}
        let second = AnyCancellable {}
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, second, first]).count == 2)
    }

    @Test func wrapsOtherCancellables() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        let wrapped = AnyCancellable(recorder.subscription!)
        wrapped.cancel()
        subject.send(1)
        #expect(recorder.history == [.subscription])
    }

    @Test func combineIdentifiersAreUniqueAndFollowObjects() {
        #expect(CombineIdentifier() != CombineIdentifier())
        let object = AnyCancellable {}
        #expect(CombineIdentifier(object) == CombineIdentifier(object))
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(sink.combineIdentifier == CombineIdentifier(sink))
    }

    @Test func emptySubscriptionIgnoresEverything() {
        Subscriptions.empty.request(.max(1))
        Subscriptions.empty.cancel()
        let recorder = Recorder<Int, Never>()
        Empty<Int, Never>().subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }
}
