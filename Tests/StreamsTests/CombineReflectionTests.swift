import Foundation
import Streams
import StreamsTesting
import Testing

/// How subscribers and the subscriptions inside operators and subjects show themselves,
/// as Apple's Combine's do (as recorded by OpenCombine's compatibility tests): the
/// `description` that `print` shows, the `customMirror` children that `dump`, debuggers
/// and swiftlab's display show, and the `playgroundDescription`.
@Suite struct CombineReflectionTests {
    /// What a value shows of itself through the three protocols (`nil` where it does not
    /// conform).
    private struct Shown {
        let description: String?
        let playground: String?
        let labels: [String?]?
        let children: [String]

        init(_ optional: Any?) {
            // Unwrapped first: `Optional` itself is `CustomReflectable`.
            guard let value = optional else {
                (description, playground, labels, children) = (nil, nil, nil, [])
                return
            }
            description = (value as? any CustomStringConvertible)?.description
            playground = (value as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String
            let mirror = (value as? any CustomReflectable)?.customMirror
            labels = mirror.map { $0.children.map(\.label) }
            children = mirror.map { $0.children.map { String(describing: $0.value) } } ?? []
        }

        /// The value shows `name` as its description and in a playground, and a mirror
        /// with these children.
        func expect(_ name: String, labels expected: [String?], sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(description == name, sourceLocation: sourceLocation)
            #expect(playground == name, sourceLocation: sourceLocation)
            #expect(labels == expected, sourceLocation: sourceLocation)
        }
    }

    /// Keeps the subscriber an operator subscribes to it as it is (not type-erased), and
    /// hands it a subscription when asked, so a test can see both sides of the operator.
    /// (Connectable, for `autoconnect`; connecting does nothing.)
    private final class CapturingPublisher<Output, Failure: Error>: ConnectablePublisher {
        private(set) var subscriber: Any?
        private var handOver: ((any Subscription) -> Void)?

        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            self.subscriber = subscriber
            handOver = { subscriber.receive(subscription: $0) }
        }

        func connect() -> any Cancellable {
            AnyCancellable {}
        }

        func sendSubscription() {
            handOver?(Stub())
        }

        private final class Stub: Subscription, CustomStringConvertible {
            func request(_ demand: Subscribers.Demand) {}
            func cancel() {}
            var description: String { "Stub" }
        }
    }

    /// What `operation` subscribes upstream, and the subscription its subscriber gets.
    private func sides<P: Publisher>(
        _ operation: (CapturingPublisher<Int, TestError>) -> P
    ) -> (upstream: Shown, downstream: Shown) where P.Output: Equatable {
        let publisher = CapturingPublisher<Int, TestError>()
        let recorder = Recorder<P.Output, P.Failure>(initialDemand: .none)
        operation(publisher).subscribe(recorder)
        publisher.sendSubscription()
        return (Shown(publisher.subscriber), Shown(recorder.subscription))
    }

    private func subscription<P: Publisher>(of publisher: P) -> Shown where P.Output: Equatable {
        let recorder = Recorder<P.Output, P.Failure>(initialDemand: .none)
        publisher.subscribe(recorder)
        return Shown(recorder.subscription)
    }

    // MARK: Subscribers

    @Test func sinkShowsItsNameAndNoChildren() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        Shown(sink).expect("Sink", labels: [])
    }

    @Test func assignShowsTheObjectTheKeyPathAndTheStatus() {
        final class Thermometer { var reading = 0 }
        let thermometer = Thermometer()
        let assign = Subscribers.Assign(object: thermometer, keyPath: \Thermometer.reading)
        Shown(assign).expect("Assign Thermometer.", labels: ["object", "keyPath", "status"])
        let mirror = ((assign as Any) as? any CustomReflectable)?.customMirror
        let children = mirror.map { Array($0.children) } ?? []
        #expect(children.first?.value as? Thermometer === thermometer)
        #expect(children.dropFirst().first?.value as? ReferenceWritableKeyPath<Thermometer, Int> == \.reading)
        assign.cancel()
        #expect(Shown(assign).children.first == "nil", "the object is let go on cancel")
    }

    // MARK: Subjects, Future, one-value publishers

    @Test func subjectSubscriptionsShowTheirSubscriberAndDemand() {
        let passthrough = Recorder<Int, Never>(initialDemand: .none)
        PassthroughSubject<Int, Never>().subscribe(passthrough)
        let current = Recorder<Int, Never>(initialDemand: .none)
        CurrentValueSubject<Int, Never>(0).subscribe(current)

        let shownPassthrough = Shown(passthrough.subscription)
        shownPassthrough.expect("PassthroughSubject", labels: ["downstream", "demand"])
        #expect(shownPassthrough.children.first?.contains("Recorder") == true)
        #expect(shownPassthrough.children.last == "max(0)")
        Shown(current.subscription).expect("CurrentValueSubject", labels: ["downstream", "demand"])

        passthrough.request(.max(3))
        #expect(Shown(passthrough.subscription).children.last == "max(3)")
        passthrough.cancel()
        #expect(Shown(passthrough.subscription).children.first == "nil", "the subscriber is let go on cancel")
    }

    @Test func theSubscriptionASubjectGetsFromItsFeedIsTheFeedDescribedAsSubject() {
        let upstream = ControlledPublisher<Int, Never>()
        let subject = RecordingSubject()
        let feed = upstream.subscribe(subject)
        let labels = ["downstreamSubject", "upstreamSubscription", "subject"]
        let shown = Shown(subject.subscriptions.first)
        shown.expect("Subject", labels: labels)
        #expect(shown.children[0].contains("RecordingSubject"))
        subject.subscriptions.first?.request(.max(42))
        #expect(upstream.requests == [.max(42)])
        feed.cancel()
        feed.cancel()
        subject.subscriptions.first?.request(.max(1))
        #expect(upstream.requests == [.max(42)], "nothing after the cancel")
        #expect(upstream.cancelCount == 1)
        #expect(Shown(subject.subscriptions.first).children == ["nil", "nil", "nil"])
        Shown(AnySubscriber(subject)).expect("Subject", labels: labels)
    }

    @Test func aFeedHoldsItsSubjectWeaklyAndTheSubjectCancelsItWhenItGoes() {
        let upstream = ControlledPublisher<Int, Never>()
        weak var weakSubject: CurrentValueSubject<Int, Never>?
        var feed: AnyCancellable?
        do {
            let subject = CurrentValueSubject<Int, Never>(0)
            weakSubject = subject
            feed = upstream.subscribe(subject)
            upstream.send(1)
            #expect(subject.value == 1)
        }
        #expect(weakSubject == nil, "the feed does not keep its subject alive")
        #expect(upstream.cancelCount == 1, "the subject cancelled its feed when it went")
        withExtendedLifetime(feed) {}
    }

    @Test func futureSubscriptionShowsItsFutureSubscriberAndDemand() {
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        let future = Future<Int, Never> { _ in }
        future.subscribe(recorder)
        let shown = Shown(recorder.subscription)
        shown.expect("Future", labels: ["parent", "downstream", "hasAnyDemand", "subject"])
        #expect(shown.children.dropFirst().first?.contains("Recorder") == true)
        #expect(shown.children.dropFirst(2).first == "false")
    }

    @Test func oneValuePublishersShowTheirValueUnlabelled() {
        subscription(of: Just(42)).expect("Just", labels: [nil])
        #expect(subscription(of: Just(42)).children == ["42"])
        subscription(of: Optional(42).publisher).expect("Optional", labels: [nil])
        subscription(of: Result<Int, TestError>.success(42).publisher).expect("Once", labels: [nil])
        Shown(Subscriptions.empty).expect("Empty", labels: [])
    }

    // MARK: Operators

    @Test func valueByValueOperatorsShowTheirNameAndNoChildren() {
        sides { $0.map { $0 + 1 } }.upstream.expect("Map", labels: [])
        sides { $0.filter { $0 > 1 } }.upstream.expect("Filter", labels: [])
        sides { $0.compactMap { $0 } }.upstream.expect("CompactMap", labels: [])
        sides { $0.mapError { $0 } }.upstream.expect("MapError", labels: [])
        sides { $0.breakpoint() }.upstream.expect("Breakpoint", labels: [])
        sides { $0.handleEvents() }.upstream.expect("HandleEvents", labels: [])
        sides { $0.print("", to: nil) }.upstream.expect("Print", labels: [])
        sides { $0.flatMap { Just($0).setFailureType(to: TestError.self) } }.upstream.expect("FlatMap", labels: [])
        sides { $0.retry(1) }.downstream.expect("Retry", labels: [])
    }

    @Test func assertNoFailureShowsWhereItWasWritten() {
        let shown = sides { $0.assertNoFailure("PREFIX", file: "Thermostat.swift", line: 12) }.upstream
        shown.expect("AssertNoFailure", labels: ["file", "line", "prefix"])
        #expect(shown.children == ["Thermostat.swift", "12", "PREFIX"])
    }

    @Test func statefulOperatorsAreNamedAsInCombineOnBothSides() {
        let scan = sides { $0.scan(0, +) }
        scan.upstream.expect("Scan", labels: ["downstream", "result"])
        scan.downstream.expect("Scan", labels: ["downstream", "result"])
        #expect(scan.upstream.children.last == "0")
        sides { $0.removeDuplicates() }.upstream.expect("RemoveDuplicates", labels: ["downstream", "last"])
        sides { $0.reduce(0, +) }.downstream.expect("Reduce", labels: ["downstream", "result", "initial", "status"])
        sides { $0.count() }.downstream.expect("Count", labels: ["downstream", "result", "initial", "status"])
        sides { $0.dropFirst() }.upstream.expect("Drop", labels: [])
        sides { $0.prefix(2) }.upstream.expect("Output", labels: [])
        sides { $0.tryMap { $0 } }.upstream.expect("TryMap", labels: [])
        sides { $0.prefix { $0 < 3 } }.upstream.expect("PrefixWhile", labels: ["downstream"])
        sides { $0.first { $0 > 2 } }.downstream.expect(
            "TryFirst", labels: ["downstream", "result", "initial", "status"])
        sides { $0.replaceError(with: 0) }.upstream.expect("ReplaceError", labels: [])
        sides { $0.first() }.downstream.expect("First", labels: ["downstream", "result", "initial", "status"])
        sides { $0.last() }.downstream.expect("Last", labels: ["downstream", "result", "initial", "status"])
        sides { $0.contains(3) }.downstream.expect("Contains", labels: ["downstream", "result", "initial", "status"])
        sides { $0.last { $0 > 2 } }.downstream.expect(
            "LastWhere", labels: ["downstream", "result", "initial", "status"])
    }

    @Test func keyPathMapAndSetFailureTypeAreNamedAsInCombine() {
        struct Reading { var celsius: Int }
        let publisher = CapturingPublisher<Reading, Never>()
        let recorder = Recorder<Int, Never>()
        publisher.map(\.celsius).subscribe(recorder)
        let shown = Shown(publisher.subscriber)
        shown.expect("ValueForKey", labels: ["keyPath"])
        #expect(shown.children.first?.contains("celsius") == true)

        let neverFailing = CapturingPublisher<Int, Never>()
        neverFailing.setFailureType(to: TestError.self).subscribe(Recorder<Int, TestError>())
        Shown(neverFailing.subscriber).expect("SetFailureType", labels: [])
    }

    @Test func catchShowsItsSubscriberAndOutstandingDemand() {
        let caught = sides { $0.catch { _ in Just(0) } }.downstream
        caught.expect("Catch", labels: ["downstream", "demand"])
        #expect(caught.children.first?.contains("Recorder") == true)
        #expect(caught.children.last == "max(0)")
        sides { $0.tryCatch { _ in Just(0) } }.downstream.expect("TryCatch", labels: ["downstream", "demand"])
    }

    @Test func combiningOperatorsShowTheirNameAndNoChildren() {
        let other = PassthroughSubject<Int, TestError>()
        sides { $0.merge(with: other) }.downstream.expect("Merge", labels: [])
        sides { $0.combineLatest(other).map { $0.0 } }.downstream.expect("CombineLatest", labels: [])
        sides { $0.zip(other).map { $0.0 } }.downstream.expect("Zip", labels: [])
        sides { $0.append(other) }.downstream.expect("Concatenate", labels: [])
    }

    @Test func schedulingOperatorsShowTheirNameAndNoChildren() {
        sides { $0.receive(on: ImmediateScheduler.shared) }.downstream.expect("ReceiveOn", labels: [])
        sides { $0.subscribe(on: ImmediateScheduler.shared) }.downstream.expect("SubscribeOn", labels: [])
    }

    @Test func delayAndPrefixUntilOutputShowNothingOfTheirOwnAsInCombine() {
        let delayed = sides { $0.delay(for: 0, scheduler: ImmediateScheduler.shared) }
        let prefixed = sides { $0.prefix(untilOutputFrom: Empty<Int, TestError>(completeImmediately: false)) }
        let trigger = CapturingPublisher<Int, TestError>()
        ControlledPublisher<Int, TestError>().prefix(untilOutputFrom: trigger).subscribe(
            Recorder<Int, TestError>(initialDemand: .none))
        for shown in [
            delayed.upstream, delayed.downstream, prefixed.upstream, prefixed.downstream, Shown(trigger.subscriber),
        ] {
            #expect(shown.description == nil)
            #expect(shown.playground == nil)
            #expect(shown.labels == nil)
        }
        // `drop(untilOutputFrom:)`'s parts keep their name, the trigger's subscriber too.
        let dropTrigger = CapturingPublisher<Int, TestError>()
        ControlledPublisher<Int, TestError>().drop(untilOutputFrom: dropTrigger).subscribe(
            Recorder<Int, TestError>(initialDemand: .none))
        Shown(dropTrigger.subscriber).expect("DropUntilOutput", labels: [])
    }

    @Test func theSubscriberInFrontOfEachInnerPublisherIsNamedFlatMapAndShowsItsParent() throws {
        let outer = ControlledPublisher<Int, TestError>()
        let inner = CapturingPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        outer.flatMap { _ in inner }.subscribe(recorder)
        outer.send(1)
        let shown = Shown(inner.subscriber)
        shown.expect("FlatMap", labels: ["parentSubscription"])
        let parent = try #require(recorder.subscription)
        #expect(shown.children == ["\(parent.combineIdentifier)"])
        let subscriber = try #require(inner.subscriber)
        #expect(!(subscriber is any CustomDebugStringConvertible))
    }

    // MARK: Sharing

    @Test func multicastSubscribersSeeAMulticastSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        subscription(of: subject.multicast { PassthroughSubject() }).expect("Multicast", labels: [])
        subscription(of: subject.makeConnectable()).expect("Multicast", labels: [])
        // `share()` autoconnects: its subscribers get the multicast subscription as
        // autoconnect passes it on, named but without a mirror, as in Combine.
        let shared = subscription(of: subject.share())
        #expect(shared.description == "Multicast")
        #expect(shared.playground == "Multicast")
        #expect(shared.labels == nil)
    }

    @Test func aSharedSubscriptionKeepsItsNameAndIdentityOnceItHasEnded() {
        let subject = PassthroughSubject<Int, Never>()
        var received: (any Subscription)?
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let spy = AnySubscriber<Int, Never>(
            receiveSubscription: {
                received = $0
                sink.receive(subscription: $0)
            },
            receiveValue: { sink.receive($0) }, receiveCompletion: { sink.receive(completion: $0) })
        subject.share().subscribe(spy)
        let identifier = received?.combineIdentifier
        subject.send(completion: .finished)
        #expect(received.map { String(describing: $0) } == "Multicast")
        #expect(received?.combineIdentifier == identifier)
        received?.cancel()
        #expect(received.map { String(describing: $0) } == "Multicast")
    }

    @Test func autoconnectShowsItselfUpstreamAndPassesTheUpstreamSubscriptionOn() {
        let autoconnect = sides { $0.autoconnect() }
        autoconnect.upstream.expect("Autoconnect", labels: ["parent", "downstream"])
        #expect(autoconnect.downstream.description == "Stub")
        #expect(autoconnect.downstream.playground == "Stub")
        #expect(autoconnect.downstream.labels == nil, "the upstream's subscription, as its subscriber sees it")
    }

    @Test func multicastingKeepsDeliveringThroughItsSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        shared.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        recorder.request(.max(1))
        subject.send(3)
        recorder.cancel()
        subject.send(4)
        #expect(recorder.values == [1, 3])
    }
    // MARK: Added to match Combine

    @Test func reducingOperatorsShowTheirInitialResult() {
        let reduced = sides { $0.reduce(10, +) }.downstream
        #expect(Array(reduced.children.dropFirst()) == ["10", "10", "subscribed(Stub)"])
        #expect(Array(sides { $0.allSatisfy { $0 > 0 } }.downstream.children.dropFirst(2).prefix(1)) == ["true"])
        #expect(Array(sides { $0.contains(3) }.downstream.children.dropFirst(2).prefix(1)) == ["false"])
        #expect(Array(sides { $0.first() }.downstream.children.dropFirst(2).prefix(1)) == ["nil"])
    }

    @Test func tryScanCollectAndTheCodersShowWhatCombineShows() {
        sides { $0.tryScan(0, +) }.downstream.expect("TryScan", labels: ["downstream", "status", "result"])
        let collected = sides { $0.collect() }.downstream
        collected.expect("Collect", labels: ["count"])
        #expect(collected.children == ["0"])
        sides { $0.encode(encoder: JSONEncoder()) }.downstream.expect(
            "Encode", labels: ["downstream", "finished", "upstreamSubscription"])
        let decodePublisher = CapturingPublisher<Data, TestError>()
        let decoded = Recorder<Int, any Error>(initialDemand: .none)
        decodePublisher.decode(type: Int.self, decoder: JSONDecoder()).subscribe(decoded)
        Shown(decodePublisher.subscriber).expect("Decode", labels: ["downstream", "finished", "upstreamSubscription"])
    }

    @Test func bufferShowsItsValuesStateDemandAndCompletion() {
        let publisher = CapturingPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        publisher.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
        publisher.sendSubscription()
        let shown = Shown(recorder.subscription)
        shown.expect("Buffer", labels: ["values", "state", "downstreamDemand", "terminal"])
        #expect(shown.children == ["[]", "subscribed(Stub)", "max(0)", "nil"])
        Shown(publisher.subscriber).expect("Buffer", labels: ["values", "state", "downstreamDemand", "terminal"])
    }

    @Test func sequenceAndRecordSubscriptionsAreNamedAfterTheirValues() {
        let sequence = Recorder<Int, Never>(initialDemand: .none)
        (1...5).publisher.subscribe(sequence)
        Shown(sequence.subscription).expect("1...5", labels: ["sequence"])
        #expect(Shown(sequence.subscription).children == ["1...5"])
        sequence.request(.unlimited)
        #expect(Shown(sequence.subscription).description == "Sequence", "once played out")
        #expect(Shown(sequence.subscription).children == ["[]"])

        let failing = Recorder<Int, TestError>(initialDemand: .none)
        Record<Int, TestError>(output: [1, 2], completion: .failure(.oops)).subscribe(failing)
        let record = Shown(failing.subscription)
        record.expect("[1, 2]", labels: ["sequence", "completion"])
        #expect(record.children == ["[1, 2]", "failure(oops)"])
        failing.request(.unlimited)
        #expect(failing.history == [.subscription, .value(1), .value(2), .failure("oops")])
        #expect(Shown(failing.subscription).description == "Cancelled Events")

        let empty = Recorder<Int, TestError>()
        Record<Int, TestError>(output: [], completion: .failure(.oops)).subscribe(empty)
        #expect(Shown(empty.subscription).description == "Empty")
        #expect(empty.history == [.subscription, .failure("oops")])
    }

    @Test func debounceShowsItsSubscriberDemandAndWaitingValue() {
        let scheduler = TestScheduler()
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        publisher.debounce(for: 5, scheduler: scheduler).subscribe(recorder)
        let shown = Shown(recorder.subscription)
        shown.expect("Debounce", labels: ["downstream", "downstreamDemand", "currentValue"])
        #expect(Array(shown.children.dropFirst()) == ["max(2)", "nil"])
        publisher.send(7)
        #expect(Array(Shown(recorder.subscription).children.dropFirst()) == ["max(2)", "Optional(7)"])
    }

    @Test func innerSubscribersOfCatchConcatenateAndRetryAreNamedAsInCombine() {
        sides { $0.catch { _ in Just(0) } }.upstream.expect("Catch", labels: ["downstream", "demand"])
        sides { $0.tryCatch { _ in Just(0) } }.upstream.expect("TryCatch", labels: ["downstream", "demand"])
        // The replacement's subscriber too.
        let replacement = CapturingPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        Fail<Int, TestError>(error: .oops).catch { _ in replacement }.subscribe(recorder)
        Shown(replacement.subscriber).expect("Catch", labels: ["downstream", "demand"])

        sides { $0.append(1) }.upstream.expect("Concatenate", labels: [])
        sides { $0.retry(1) }.upstream.expect("Retry", labels: [])
        sides { $0.drop(untilOutputFrom: Empty<Int, TestError>(completeImmediately: false)) }.upstream.expect(
            "DropUntilOutput", labels: [])
    }

    @Test func aFutureShowsNeitherItselfNorItsSubscriberOnceTheOutcomeIsDelivered() {
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        let future = Future<Int, TestError> { $0(.failure(.oops)) }
        future.subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("oops")])
        let shown = Shown(recorder.subscription)
        shown.expect("Future", labels: ["parent", "downstream", "hasAnyDemand", "subject"])
        withExtendedLifetime(future) {
            #expect(shown.children == ["nil", "nil", "false", "nil"], "while the future itself is still alive")
        }
    }

    @Test func aFutureSubscriptionShowsItsFutureWhileThePromiseDeliversAndAfterADeliveryOnRequest() {
        // Combine's: `parent` is the future while the promise's outcome is being
        // delivered, `nil` once it has been; an outcome that waited for demand and went
        // out from `request` leaves it in place.
        func parent(_ subscription: (any Subscription)?) -> String? { Shown(subscription).children.first }
        for outcome in [Result<Int, TestError>.success(1), .failure(.oops)] {
            var promise: Future<Int, TestError>.Promise?
            let future = Future<Int, TestError> { promise = $0 }
            var subscription: (any Subscription)?
            var parentWhileDelivering: [String?] = []
            future.subscribe(
                AnySubscriber(
                    receiveSubscription: {
                        subscription = $0
                        $0.request(.unlimited)
                    },
                    receiveValue: { _ in
                        parentWhileDelivering.append(parent(subscription))
                        return .none
                    },
                    receiveCompletion: { _ in parentWhileDelivering.append(parent(subscription)) }))
            #expect(parent(subscription)?.contains("Future") == true, "pending")
            promise?(outcome)
            #expect(!parentWhileDelivering.isEmpty)
            #expect(parentWhileDelivering.allSatisfy { $0?.contains("Future") == true }, "\(outcome)")
            #expect(parent(subscription) == "nil", "after the promise delivered \(outcome)")
            withExtendedLifetime(future) {}
        }

        var promise: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { promise = $0 }
        let late = Recorder<Int, TestError>(initialDemand: .none)
        future.subscribe(late)
        promise?(.success(2))
        #expect(parent(late.subscription)?.contains("Future") == true, "resolved, waiting for demand")
        late.request(.max(1))
        #expect(late.history == [.subscription, .value(2), .finished])
        #expect(parent(late.subscription)?.contains("Future") == true, "delivered from request")
        withExtendedLifetime(future) {}
    }

    @Test func anySubscriberShowsWhatItWraps() {
        let recorder = Recorder<Int, Never>()
        let erased = Shown(AnySubscriber(recorder))
        let name = String(describing: type(of: recorder))
        #expect(erased.description == name)
        #expect(erased.playground == name)
        #expect(erased.labels == [])
        let mirror = (AnySubscriber(recorder) as Any as? any CustomReflectable)?.customMirror
        #expect(mirror.map { String(describing: $0.subjectType) } == name)
        let sink = AnySubscriber(Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in }))
        Shown(sink).expect("Sink", labels: [])
        let closures = AnySubscriber<Int, Never>()
        Shown(closures).expect("Anonymous AnySubscriber", labels: [])
        let closuresMirror = (closures as Any as? any CustomReflectable)?.customMirror
        #expect(closuresMirror.map { String(describing: $0.subjectType) } == "String")
    }

    @Test func collectByCountShowsItsGroupSoFarAndItsSize() {
        let collected = sides { $0.collect(53) }.downstream
        collected.expect("CollectByCount", labels: ["downstream", "upstreamSubscription", "buffer", "count"])
        #expect(Array(collected.children.dropFirst()) == ["Optional(Stub)", "[]", "53"])
    }

    @Test func mapWithSeveralKeyPathsShowsThemAsValueForKeys() {
        struct Reading { var celsius: Int, humidity: Int, pressure: Int }
        let pair = CapturingPublisher<Reading, Never>()
        pair.map(\.celsius, \.humidity).map { $0.0 }.subscribe(Recorder<Int, Never>())
        Shown(pair.subscriber).expect("ValueForKeys", labels: ["keyPath0", "keyPath1"])
        let triple = CapturingPublisher<Reading, Never>()
        triple.map(\.celsius, \.humidity, \.pressure).map { $0.2 }.subscribe(Recorder<Int, Never>())
        let shown = Shown(triple.subscriber)
        shown.expect("ValueForKeys", labels: ["keyPath0", "keyPath1", "keyPath2"])
        #expect(shown.children.last?.contains("pressure") == true)
    }
}

/// A subject that records the subscriptions it is handed and sends nowhere.
private final class RecordingSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    private let lock = NSLock()
    private var received: [any Subscription] = []

    var subscriptions: [any Subscription] { lock.withLock { received } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
    func send(_ value: Int) {}
    func send(completion: Subscribers.Completion<Never>) {}
    func send(subscription: any Subscription) { lock.withLock { received.append(subscription) } }
}
