import Streams
import Testing

/// count, contains and append (Concatenate) with several threads sending, requesting and
/// cancelling at once.
@Suite struct GeneralOperatorStressTests {
    /// count() over a subject that four threads send into: every value is counted, and the
    /// count arrives once.
    @Test func countWithConcurrentSenders() {
        let subject = PassthroughSubject<Int, Never>()
        let total = Tally()
        let results = Tally()
        let cancellable = subject.count().sink { count in
            total.add(count)
            results.add(1)
        }
        concurrently(4) { _ in
            for value in 0..<5_000 { subject.send(value) }
        }
        subject.send(completion: .finished)
        #expect(total.value == 20_000)
        #expect(results.value == 1)
        cancellable.cancel()
    }

    /// contains(_:) with four threads each sending the value looked for: one answer only.
    @Test func containsAnswersOnceUnderConcurrentSends() {
        for _ in 0..<200 {
            let subject = PassthroughSubject<Int, Never>()
            let answers = Tally()
            let completions = Tally()
            let cancellable = subject.contains(7).sink(
                receiveCompletion: { _ in completions.add(1) },
                receiveValue: { _ in answers.add(1) })
            concurrently(4) { _ in
                for value in 0..<20 { subject.send(value) }
            }
            #expect(answers.value == 1)
            #expect(completions.value == 1)
            cancellable.cancel()
        }
    }

    /// append: the prefix finishing races requests and (on odd rounds) a cancel; the
    /// subscriber sees at most one completion and nothing after it, and when not
    /// cancelled it gets the whole suffix once it asks for everything.
    @Test func appendSwitchRacesRequestsAndCancel() {
        for round in 0..<300 {
            let prefix = PassthroughSubject<Int, Never>()
            let recorder = ConcurrentRecorder<Never>(initialDemand: .max(1))
            prefix.append(Array(0..<50)).subscribe(recorder)
            let cancels = round % 2 == 1
            concurrently(3) { worker in
                switch worker {
                case 0:
                    for value in 0..<10 { prefix.send(value) }
                    prefix.send(completion: .finished)
                case 1:
                    for _ in 0..<60 { recorder.request(.max(1)) }
                default:
                    if cancels { recorder.cancel() }
                }
            }
            #expect(recorder.completions <= 1)
            #expect(!recorder.receivedAfterCompletion)
            if !cancels {
                recorder.request(.unlimited)
                #expect(recorder.completions == 1)
                #expect(recorder.valueCount >= 50)
                #expect(recorder.valueCount <= 60)
            }
        }
    }
}
