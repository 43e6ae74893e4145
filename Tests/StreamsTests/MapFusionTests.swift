import Streams
import Testing

/// `map.map` fuses into one `Publishers.Map` over the original upstream, as in Combine,
/// whether the maps keep the type (kept as a list of stages) or change it (composed).
@Suite struct MapFusionTests {
    @Test func fusedMapsHaveCombinesTypeAndRunInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, Int> =
            subject.map { $0 + 1 }.map { $0 * 10 }.map { $0 - 3 }
        #expect(fused.upstream === subject)
        let recorder = Recorder<Int, Never>()
        fused.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        #expect(recorder.values == [17, 27])
    }

    @Test func typeChangingMapsInterleavedWithSameTypeMaps() {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> =
            subject
            .map { $0 * 2 }
            .map { $0 + 1 }
            .map { "<\($0)>" }
            .map { $0 + "!" }
            .map { $0.uppercased() + "?" }
        let recorder = Recorder<String, Never>()
        fused.subscribe(recorder)
        subject.send(3)
        #expect(recorder.values == ["<7>!?"])
    }

    @Test func transformPropertyAppliesEveryFusedStage() {
        let fused = numbers([]).map { $0 + 1 }.map { $0 * 3 }.map { $0 - 1 }
        #expect(fused.transform(5) == 17)
        let changing = numbers([]).map { $0 + 1 }.map { $0 * 3 }.map { "\($0)" }
        #expect(changing.transform(1) == "6")
    }

    @Test func aFusedPublisherIsNotChangedByMapsAddedToItLater() {
        let base = numbers([1, 2]).map { $0 + 1 }.map { $0 * 2 }
        let plusOne = base.map { $0 + 1 }
        let timesTen = base.map { $0 * 10 }
        #expect(collect(base) == [4, 6])
        #expect(collect(plusOne) == [5, 7])
        #expect(collect(timesTen) == [40, 60])
        #expect(collect(plusOne) == [5, 7], "a publisher can be subscribed to again")
    }

    @Test func fusedChainKeepsDemandCompletionAndCancel() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        numbers([1, 2, 3]).map { $0 + 1 }.map { $0 * 10 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(20), .value(30)])
        recorder.request(.max(5))
        #expect(recorder.history == [.subscription, .value(20), .value(30), .value(40), .finished])

        let subject = PassthroughSubject<Int, Never>()
        let cancelled = Recorder<Int, Never>()
        subject.map { $0 + 1 }.map { $0 + 1 }.subscribe(cancelled)
        subject.send(1)
        cancelled.cancel()
        subject.send(2)
        #expect(cancelled.history == [.subscription, .value(3)])
    }

    @Test func closuresOfAFusedChainAreReleasedWithIt() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.map { $0 + 1 }.map {
                _ = token
                return $0 * 2
            }.map { $0 - 1 }
                .sink { _ in }
        }
        subject.send(1)
        #expect(weakToken != nil)
        cancellable?.cancel()
        cancellable = nil
        #expect(weakToken == nil)
    }

    @Test func aFusedMapReflectsAsCombinesTwoProperties() {
        let fused = numbers([5]).map { $0 + 1 }.map { $0 * 3 }
        let labels = Mirror(reflecting: fused).children.map(\.label)
        #expect(labels == ["upstream", "transform"])
    }

    /// A publisher of `values` with no `map` of its own (Combine gives `Just` and
    /// `Publishers.Sequence` eager maps that return their own types), so that `map`
    /// makes a `Publishers.Map`.
    private func numbers(_ values: [Int]) -> Deferred<Publishers.Sequence<[Int], Never>> {
        Deferred { values.publisher }
    }

    private func collect<P: Publisher>(_ publisher: P) -> [P.Output] where P.Failure == Never {
        var values: [P.Output] = []
        _ = publisher.sink { values.append($0) }
        return values
    }
}
