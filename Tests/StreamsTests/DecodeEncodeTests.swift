import Foundation
import StreamsFoundation
import Testing

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

/// A history with failures reduced to "failure", since decoding errors have long
/// descriptions.
private func describe(_ events: [Event<Point>]) -> [String] {
    events.map {
        switch $0 {
        case .subscription: "subscription"
        case .value(let point): "value \(point.x),\(point.y)"
        case .finished: "finished"
        case .failure: "failure"
        }
    }
}

@Suite struct DecodeEncodeTests {
    @Test func decodesEachValue() {
        let recorder = Recorder<Point, any Error>()
        [Data(#"{"x":1,"y":2}"#.utf8), Data(#"{"x":3,"y":4}"#.utf8)].publisher
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(recorder)
        #expect(describe(recorder.history) == ["subscription", "value 1,2", "value 3,4", "finished"])
    }

    @Test func aDecodingErrorFailsTheStreamAndCancelsTheUpstream() {
        let upstream = ControlledPublisher<Data, Never>()
        let recorder = Recorder<Point, any Error>()
        upstream.decode(type: Point.self, decoder: JSONDecoder()).subscribe(recorder)
        upstream.send(Data("not json".utf8))
        upstream.send(Data(#"{"x":1,"y":2}"#.utf8))
        #expect(describe(recorder.history) == ["subscription", "failure"])
        #expect(upstream.cancelCount == 1)
    }

    @Test func passesTheUpstreamFailureOn() {
        let recorder = Recorder<Point, any Error>()
        Fail<Data, TestError>(error: TestError.oops)
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func respectsDemandAndCancel() {
        let recorder = Recorder<Point, any Error>(initialDemand: .max(1))
        let data = (1...3).map { Data(#"{"x":\#($0),"y":0}"#.utf8) }
        data.publisher.decode(type: Point.self, decoder: JSONDecoder()).subscribe(recorder)
        #expect(describe(recorder.history) == ["subscription", "value 1,0"])
        recorder.cancel()
        recorder.request(.max(5))
        #expect(describe(recorder.history) == ["subscription", "value 1,0"])
    }

    @Test func encodesAndRoundTrips() {
        let recorder = Recorder<Point, any Error>()
        [Point(x: 5, y: 6)].publisher
            .encode(encoder: JSONEncoder())
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(recorder)
        #expect(describe(recorder.history) == ["subscription", "value 5,6", "finished"])

        let plist = Recorder<Point, any Error>()
        Just(Point(x: 1, y: 1))
            .encode(encoder: PropertyListEncoder())
            .decode(type: Point.self, decoder: PropertyListDecoder())
            .subscribe(plist)
        #expect(describe(plist.history) == ["subscription", "value 1,1", "finished"])
    }

    @Test func anEncodingErrorFailsTheStream() {
        var values: [Data] = []
        var failure: (any Error)?
        let cancellable = Just(Double.nan).encode(encoder: JSONEncoder()).sink(
            receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
            receiveValue: { values.append($0) }
        )
        #expect(values.isEmpty)
        #expect(failure is EncodingError)
        _ = cancellable
    }
}
