import Streams
import StreamsTesting
import Testing

@Suite struct MeasureIntervalTests {
    @Test func respectsDemandAndForwardsTheCompletionAtOnce() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("ab-c|").measureInterval(using: scheduler), demand: .max(1))
        scheduler.run()
        #expect(recording.values == [.zero])
        try recording.verify("a---|", values: ["a": .zero])
    }

    /// As in Combine (recorded by OpenCombine's tests), the demand the subscriber returns
    /// for a value reaches the upstream as a request, and `receive` itself returns none.
    @Test func asksTheUpstreamForTheDemandReturnedForAValue() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<TestScheduler.SchedulerTimeType.Stride, Never>(
            initialDemand: .max(1), demandPerValue: .max(2))
        upstream.measureInterval(using: TestScheduler()).subscribe(recorder)
        #expect(upstream.send(1) == .none)
        #expect(upstream.requests == [.max(1), .max(2)])
        #expect(recorder.values == [.zero])
        recorder.request(.max(3))
        #expect(upstream.requests == [.max(1), .max(2), .max(3)])
    }

    @Test func subscriptionIsNamedAsInCombine() {
        let recorder = Recorder<TestScheduler.SchedulerTimeType.Stride, Never>()
        PassthroughSubject<Int, Never>().measureInterval(using: TestScheduler()).subscribe(recorder)
        #expect(recorder.subscription.map { "\($0)" } == "MeasureInterval")
    }
}
