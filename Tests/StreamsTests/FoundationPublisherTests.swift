import Foundation
import LocalHTTPServer
import StreamsFoundation
import TestWaiting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A data task's result as a comparable string: status and body.
private func summary(_ output: URLSession.DataTaskPublisher.Output) -> String {
    "\((output.response as? HTTPURLResponse)?.statusCode ?? -1) \(String(decoding: output.data, as: UTF8.self))"
}

@Suite struct DataTaskPublisherTests {
    @Test func publishesBodyAndResponseThenFinishes() throws {
        let server = try LocalHTTPServer { request in
            request.path == "/hello" ? .text("hi there") : HTTPResponse(status: 404)
        }
        defer { server.stop() }
        let recorder = Recorder<String, URLError>()
        URLSession.shared.dataTaskPublisher(for: server.url(for: "/hello"))
            .map(summary)
            .subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.history == [.subscription, .value("200 hi there"), .finished])

        let missing = Recorder<String, URLError>()
        URLSession.shared.dataTaskPublisher(for: server.url(for: "/nope")).map(summary).subscribe(missing)
        missing.wait { $0.completionCount == 1 }
        #expect(missing.history == [.subscription, .value("404 "), .finished], "an HTTP error status is not a failure")
    }

    @Test func sendsTheRequestAsGiven() throws {
        let server = try LocalHTTPServer { request in
            .text(
                "\(request.method) \(request.headers["x-test"] ?? "-") \(String(decoding: request.body, as: UTF8.self))"
            )
        }
        defer { server.stop() }
        var request = URLRequest(url: server.url(for: "/post"))
        request.httpMethod = "POST"
        request.setValue("yes", forHTTPHeaderField: "X-Test")
        request.httpBody = Data("body".utf8)
        let recorder = Recorder<String, URLError>()
        URLSession.shared.dataTaskPublisher(for: request).map(summary).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == ["200 POST yes body"])
    }

    @Test func startsTheTaskOnlyOnDemand() throws {
        let hits = EventLog<String>()
        let server = try LocalHTTPServer { request in
            hits.append(request.path)
            return .text("ok")
        }
        defer { server.stop() }
        let recorder = Recorder<String, URLError>(initialDemand: .none)
        URLSession.shared.dataTaskPublisher(for: server.url(for: "/lazy")).map(summary).subscribe(recorder)
        usleep(50_000)
        #expect(hits.events.isEmpty)
        recorder.request(.max(1))
        recorder.wait { $0.completionCount == 1 }
        #expect(hits.events == ["/lazy"])
        #expect(recorder.values == ["200 ok"])
    }

    @Test func failsWithAURLErrorWhenNobodyListens() throws {
        let server = try LocalHTTPServer { _ in .text("never") }
        let url = server.url(for: "/")
        server.stop()
        let recorder = Recorder<String, URLError>()
        URLSession.shared.dataTaskPublisher(for: url).map(summary).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values.isEmpty)
        guard case .failure = recorder.history.last else {
            Issue.record("expected a URLError, got \(recorder.history)")
            return
        }
    }

    @Test func cancelStopsTheTaskAndNothingArrives() throws {
        let hits = EventLog<String>()
        let server = try LocalHTTPServer { request in
            hits.append(request.path)
            usleep(500_000)  // a slow server
            return .text("late")
        }
        defer { server.stop() }
        let recorder = Recorder<String, URLError>()
        URLSession.shared.dataTaskPublisher(for: server.url(for: "/slow")).map(summary).subscribe(recorder)
        waitUntil { !hits.events.isEmpty }
        recorder.cancel()
        usleep(800_000)  // past the server's answer
        #expect(recorder.history == [.subscription])
    }

    @Test func feedsDecode() throws {
        struct Greeting: Decodable, Equatable { var text: String }
        let server = try LocalHTTPServer { _ in .json(#"{"text":"hello"}"#) }
        defer { server.stop() }
        let recorder = Recorder<String, any Error>()
        URLSession.shared.dataTaskPublisher(for: server.url(for: "/json"))
            .map(\.data)
            .decode(type: Greeting.self, decoder: JSONDecoder())
            .map(\.text)
            .subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == ["hello"])
    }
}

@Suite struct NotificationCenterPublisherTests {
    private static let ping = Notification.Name("StreamsTests.ping")

    @Test func publishesPostedNotificationsWithinDemand() {
        let center = NotificationCenter()
        let recorder = Recorder<String, Never>(initialDemand: .max(2))
        center.publisher(for: Self.ping).map { $0.userInfo?["n"] as? String ?? "?" }.subscribe(recorder)
        for n in ["a", "b", "c"] {
            center.post(name: Self.ping, object: nil, userInfo: ["n": n])
        }
        #expect(recorder.values == ["a", "b"], "the third meets no demand and is dropped")
        recorder.request(.max(1))
        center.post(name: Self.ping, object: nil, userInfo: ["n": "d"])
        #expect(recorder.values == ["a", "b", "d"])
    }

    @Test func filtersBySender() {
        let center = NotificationCenter()
        let sender = NSObject()
        let recorder = Recorder<Bool, Never>()
        center.publisher(for: Self.ping, object: sender).map { $0.object as AnyObject? === sender }.subscribe(recorder)
        center.post(name: Self.ping, object: NSObject())
        center.post(name: Self.ping, object: sender)
        center.post(name: Notification.Name("other"), object: sender)
        #expect(recorder.values == [true])
    }

    @Test func cancelRemovesTheObserver() {
        let center = NotificationCenter()
        let recorder = Recorder<Notification.Name, Never>()
        center.publisher(for: Self.ping).map(\.name).subscribe(recorder)
        center.post(name: Self.ping, object: nil)
        recorder.cancel()
        center.post(name: Self.ping, object: nil)
        #expect(recorder.history == [.subscription, .value(Self.ping)])
    }
}

@Suite struct TimerPublisherTests {
    /// Runs the current run loop until `condition` holds (or TestWaiting's deadlock bound).
    private func spin(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(deadlockBound)
        while !condition() && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.005))
        }
    }

    @Test func ticksOnlyAfterConnectAndStopsWhenCancelled() {
        let publisher = Timer.publish(every: 0.01, on: .current, in: .default)
        let recorder = Recorder<Date, Never>()
        publisher.subscribe(recorder)
        let before = Date()
        spin { Date().timeIntervalSince(before) > 0.05 }
        #expect(recorder.values.isEmpty, "not connected yet")

        let connection = publisher.connect()
        spin { recorder.values.count >= 3 }
        #expect(recorder.values.count >= 3)
        #expect(recorder.values == recorder.values.sorted())
        connection.cancel()
        let countAtCancel = recorder.values.count
        let after = Date()
        spin { Date().timeIntervalSince(after) > 0.05 }
        #expect(recorder.values.count == countAtCancel)
        #expect(recorder.completionCount == 0)
    }

    @Test func autoconnectStartsWithTheFirstSubscriber() {
        let recorder = Recorder<Date, Never>()
        let ticks = Timer.publish(every: 0.01, on: .current, in: .default).autoconnect()
        ticks.subscribe(recorder)
        spin { recorder.values.count >= 2 }
        #expect(recorder.values.count >= 2)
        recorder.cancel()
        let countAtCancel = recorder.values.count
        let after = Date()
        spin { Date().timeIntervalSince(after) > 0.05 }
        #expect(recorder.values.count == countAtCancel)
    }

    @Test func respectsDemand() {
        let recorder = Recorder<Date, Never>(initialDemand: .max(2))
        let connection = Timer.publish(every: 0.005, on: .current, in: .default).autoconnect()
        connection.subscribe(recorder)
        spin { recorder.values.count >= 2 }
        let after = Date()
        spin { Date().timeIntervalSince(after) > 0.05 }
        #expect(recorder.values.count == 2)
        recorder.cancel()
    }
}
