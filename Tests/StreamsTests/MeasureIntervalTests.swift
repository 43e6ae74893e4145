import Streams
import StreamsTesting
import Testing

@Suite struct MeasureIntervalTests {
    @Test func measuresFromTheSubscriptionThenBetweenValues() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-a--b-c|").measureInterval(using: scheduler))
        scheduler.run()
        #expect(recording.values == [.seconds(1), .seconds(3), .seconds(2)])
        try recording.verify("-a--b-c|", values: ["a": .seconds(1), "b": .seconds(3), "c": .seconds(2)])
        #expect(recording.diagram == "-a--b-c|\na = 1s\nb = 3s\nc = 2s")
    }

    @Test func respectsDemandAndForwardsTheCompletionAtOnce() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("ab-c|").measureInterval(using: scheduler), demand: .max(1))
        scheduler.run()
        #expect(recording.values == [.zero])
        try recording.verify("a---|", values: ["a": .zero])
    }
}
