import Foundation
import Streams
import Testing

/// assign(to:on:), @Published, assign(to: &$property), ObservableObject.
@Suite struct AssignAndPublishedTests {
    final class Target {
        var value = 0
        static let deinits = Counter()
        deinit { Target.deinits.increment() }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test func assignWritesValuesAndHoldsTheObjectUntilCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakTarget: Target?
        var cancellable: AnyCancellable?
        do {
            let target = Target()
            weakTarget = target
            cancellable = subject.assign(to: \.value, on: target)
        }
        #expect(weakTarget != nil, "held strongly while the subscription lives")
        subject.send(5)
        #expect(weakTarget?.value == 5)
        subject.send(completion: .finished)
        #expect(weakTarget == nil, "released on completion")
        _ = cancellable
    }

    @Test func assignReleasesOnCancel() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakTarget: Target?
        var cancellable: AnyCancellable?
        do {
            let target = Target()
            weakTarget = target
            cancellable = subject.assign(to: \.value, on: target)
        }
        cancellable?.cancel()
        #expect(weakTarget == nil)
        subject.send(1)
    }

    final class Model: ObservableObject {
        @Published var count = 0
        @Published var name = "a"
        var observedDuringChange: [Int] = []
    }

    class Base: ObservableObject {
        @Published var base = 0
    }

    final class Derived: Base {
        @Published var extra = 0
    }

    @Test func publishedSendsCurrentThenChangesBeforeTheyHappen() {
        let model = Model()
        var values: [Int] = []
        let cancellable = model.$count.sink { value in
            values.append(value)
            model.observedDuringChange.append(model.count)
        }
        model.count = 1
        model.count = 2
        #expect(values == [0, 1, 2])
        #expect(model.observedDuringChange == [0, 0, 1], "willSet semantics: the property still has the old value")
        #expect(model.count == 2)
        cancellable.cancel()
    }

    @Test func publishedProjectionHonoursDemand() {
        let model = Model()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        model.$count.subscribe(recorder)
        model.count = 1
        #expect(recorder.history == [.subscription, .value(0)])
    }

    @Test func objectWillChangeFiresBeforeEveryPublishedChange() {
        let model = Model()
        var fired = 0
        let cancellable = model.objectWillChange.sink { fired += 1 }
        model.count = 1
        model.name = "b"
        #expect(fired == 2)
        #expect(model.objectWillChange === model.objectWillChange)
        cancellable.cancel()
    }

    @Test func objectWillChangeCoversSuperclassProperties() {
        let derived = Derived()
        var fired = 0
        let cancellable = derived.objectWillChange.sink { fired += 1 }
        derived.base = 1
        derived.extra = 1
        #expect(fired == 2)
        cancellable.cancel()
    }

    @Test func assignToPublishedLivesAsLongAsTheProperty() {
        let source = PassthroughSubject<Int, Never>()
        weak var weakModel: Model?
        do {
            let model = Model()
            weakModel = model
            source.assign(to: &model.$count)
            source.send(4)
            #expect(model.count == 4)
        }
        #expect(weakModel == nil, "the assignment does not keep the owner alive")
        source.send(5)
    }
}
