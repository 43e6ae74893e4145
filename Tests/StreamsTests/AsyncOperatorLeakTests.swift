import Dispatch
import Streams
import Testing

/// After cancel or completion, the operators let go of the subscriber even while their
/// upstream subjects live on (checked with weak references). Not `receive(on:)`, which
/// keeps it as long as its subscription lives, as Combine's does (`ReceiveOnTests`).
@Suite struct AsyncOperatorLeakTests {
    typealias Subjects = (PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>)

    static let pipelines: [(String, @Sendable (Subjects) -> AnyPublisher<Int, Never>)] = [
        ("merge", { $0.0.merge(with: $0.1).eraseToAnyPublisher() }),
        ("zip", { $0.0.zip($0.1).map { $0 + $1 }.eraseToAnyPublisher() }),
        ("combineLatest", { $0.0.combineLatest($0.1).map { $0 + $1 }.eraseToAnyPublisher() }),
        ("switchToLatest", { subjects in Just(subjects.0).switchToLatest().eraseToAnyPublisher() }),
        ("subscribe(on:)", { $0.0.subscribe(on: ImmediateScheduler.shared).eraseToAnyPublisher() }),
        ("delay", { $0.0.delay(for: 0, scheduler: ImmediateScheduler.shared).eraseToAnyPublisher() }),
        ("debounce", { $0.0.debounce(for: 0, scheduler: ImmediateScheduler.shared).eraseToAnyPublisher() }),
    ]

    @Test(arguments: 0..<pipelines.count)
    func cancelReleasesTheSubscriber(index: Int) {
        let (name, makePipeline) = Self.pipelines[index]
        let subjects: Subjects = (PassthroughSubject(), PassthroughSubject())
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let recorder = Recorder<Int, Never>()
            weakRecorder = recorder
            makePipeline(subjects).subscribe(recorder)
            subjects.0.send(1)
            subjects.1.send(2)
            recorder.cancel()
        }
        #expect(weakRecorder == nil, "\(name) keeps its subscriber after cancel")
    }

    @Test(arguments: 0..<pipelines.count)
    func completionReleasesTheSubscriber(index: Int) {
        let (name, makePipeline) = Self.pipelines[index]
        let subjects: Subjects = (PassthroughSubject(), PassthroughSubject())
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let recorder = Recorder<Int, Never>()
            weakRecorder = recorder
            makePipeline(subjects).subscribe(recorder)
            subjects.0.send(1)
            subjects.0.send(completion: .finished)
            subjects.1.send(completion: .finished)
            #expect(recorder.completionCount == 1, "\(name)")
        }
        #expect(weakRecorder == nil, "\(name) keeps its subscriber after completion")
    }

    @Test func abandonedValuesLoopReleasesItsSubscriber() async {
        let subject = PassthroughSubject<Int, Never>()
        let requests = EventLog<Subscribers.Demand>()
        let cancels = EventLog<Bool>()
        let task = Task {
            for await _ in subject.handleEvents(
                receiveCancel: { cancels.append(true) }, receiveRequest: { requests.append($0) }
            ).values {
                break
            }
        }
        while requests.events.isEmpty { await Task.yield() }
        subject.send(1)
        await task.value
        #expect(cancels.events == [true])
    }
}
