import Foundation
import StreamsFoundation
import Testing

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

/// Records `any Error` failures as their description so histories stay comparable.
private func describe(_ events: [EventRecorder<Point, any Error>.Event]) -> [String] {
    events.map {
        switch $0 {
        case .subscription: "subscription"
        case .value(let point): "value \(point.x),\(point.y)"
        case .finished: "finished"
        case .failure(let error): "failure \(type(of: error))"
        }
    }
}

@Suite struct DecodeEncodeTests {
    @Test func decodesEachValue() {
        let recorder = EventRecorder<Point, any Error>()
        [Data(#"{"x":1,"y":2}"#.utf8), Data(#"{"x":3,"y":4}"#.utf8)].publisher
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(recorder)
        #expect(describe(recorder.events) == ["subscription", "value 1,2", "value 3,4", "finished"])
    }

    @Test func aDecodingErrorFailsTheStreamAndCancelsTheUpstream() {
        let upstream = ControlledPublisher<Data, Never>()
        let recorder = EventRecorder<Point, any Error>()
        upstream.decode(type: Point.self, decoder: JSONDecoder()).subscribe(recorder)
        upstream.send(Data("not json".utf8))
        upstream.send(Data(#"{"x":1,"y":2}"#.utf8))
        #expect(describe(recorder.events) == ["subscription", "failure DecodingError"])
        #expect(upstream.cancelCount == 1)
    }

    @Test func passesTheUpstreamFailureOn() {
        let recorder = EventRecorder<Point, any Error>()
        Fail<Data, TestError>(error: TestError(code: 7))
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(recorder)
        guard case .failure(let error) = recorder.events.last else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? TestError == TestError(code: 7))
    }

    @Test func respectsDemandAndCancel() {
        let recorder = EventRecorder<Point, any Error>(initialDemand: .max(1))
        let data = (1...3).map { Data(#"{"x":\#($0),"y":0}"#.utf8) }
        data.publisher.decode(type: Point.self, decoder: JSONDecoder()).subscribe(recorder)
        #expect(describe(recorder.events) == ["subscription", "value 1,0"])
        recorder.cancel()
        recorder.request(.max(5))
        #expect(describe(recorder.events) == ["subscription", "value 1,0"])
    }

    @Test func encodesAndRoundTrips() {
        let recorder = EventRecorder<Point, any Error>()
        [Point(x: 5, y: 6)].publisher
            .encode(encoder: JSONEncoder())
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(recorder)
        #expect(describe(recorder.events) == ["subscription", "value 5,6", "finished"])

        let plist = EventRecorder<Point, any Error>()
        Just(Point(x: 1, y: 1))
            .encode(encoder: PropertyListEncoder())
            .decode(type: Point.self, decoder: PropertyListDecoder())
            .subscribe(plist)
        #expect(describe(plist.events) == ["subscription", "value 1,1", "finished"])
    }

    @Test func anEncodingErrorFailsTheStream() {
        let recorder = EventRecorder<Data, any Error>()
        Just(Double.nan).encode(encoder: JSONEncoder()).subscribe(recorder)
        #expect(recorder.values.isEmpty)
        guard case .failure(let error) = recorder.events.last else {
            Issue.record("expected a failure")
            return
        }
        #expect(error is EncodingError)
    }
}
