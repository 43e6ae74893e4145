import Dispatch
import Streams
import Testing

@Suite struct AsyncPublisherTests {
    @Test func iteratesAllValuesOfAFinitePublisher() async {
        var received: [Int] = []
        for await value in [1, 2, 3].publisher.values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test func requestsOneValuePerIteration() async {
        let upstream = ControlledPublisher<Int, Never>()
        var iterator = upstream.values.makeAsyncIterator()
        #expect(upstream.requests.isEmpty, "nothing is requested before next()")
        let task = Task { await iterator.next() }
        while upstream.requests.isEmpty { await Task.yield() }
        #expect(upstream.requests == [.max(1)])
        upstream.send(5)
        #expect(await task.value == 5)
    }

    @Test func throwsTheFailureThenEnds() async throws {
        var iterator = Fail<Int, TestError>(error: TestError(code: 3)).values.makeAsyncIterator()
        await #expect(throws: TestError(code: 3)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func aFailureAfterValuesIsThrownAfterThem() async {
        let upstream = ControlledPublisher<Int, TestError>()
        let task = Task { () -> ([Int], TestError?) in
            var received: [Int] = []
            do {
                for try await value in upstream.values { received.append(value) }
                return (received, nil)
            } catch {
                return (received, error as? TestError)
            }
        }
        for value in 1...2 {
            while upstream.requests.count < value { await Task.yield() }
            upstream.send(value)
        }
        while upstream.requests.count < 3 { await Task.yield() }
        upstream.send(completion: .failure(TestError(code: 8)))
        let (received, error) = await task.value
        #expect(received == [1, 2])
        #expect(error == TestError(code: 8))
    }

    @Test func valuesSentWhileNobodyAwaitsAreDroppedByAPassthroughSubject() async {
        let subject = PassthroughSubject<Int, Never>()
        let requests = EventLog<Subscribers.Demand>()
        var iterator = subject.handleEvents(receiveRequest: { requests.append($0) }).values.makeAsyncIterator()
        subject.send(1)  // nobody awaits, so there is no demand: dropped, as in Combine
        let next = Task { await iterator.next() }
        while requests.events.isEmpty { await Task.yield() }
        subject.send(2)
        #expect(await next.value == 2)
        #expect(requests.events == [.max(1)])
    }

    @Test func cancellingTheTaskEndsTheIterationAndCancelsTheSubscription() async {
        let upstream = ControlledPublisher<Int, Never>()
        let task = Task {
            var count = 0
            for await _ in upstream.values { count += 1 }
            return count
        }
        while upstream.requests.isEmpty { await Task.yield() }
        task.cancel()
        #expect(await task.value == 0)
        #expect(upstream.cancelCount == 1)
    }

    @Test func leavingTheLoopCancelsTheSubscription() async {
        let upstream = ControlledPublisher<Int, Never>()
        let task = Task {
            for await value in upstream.values where value == 2 {
                break
            }
        }
        for value in 1...2 {
            while upstream.requests.count < value { await Task.yield() }
            upstream.send(value)
        }
        await task.value
        #expect(upstream.cancelCount == 1)
    }
}

@Suite struct BufferedAsyncPublisherTests {
    @Test func keepsValuesSentWhileNobodyAwaits() async {
        let subject = PassthroughSubject<Int, Never>()
        var iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == nil)
        #expect(await iterator.next() == nil)
    }

    @Test func bufferingNewestKeepsTheLatest() async {
        let subject = PassthroughSubject<Int, Never>()
        let sequence = subject.values(bufferingPolicy: .bufferingNewest(2))
        var iterator = sequence.makeAsyncIterator()
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == [4, 5])
    }

    @Test func bufferingOldestKeepsTheFirst() async {
        let subject = PassthroughSubject<Int, Never>()
        var iterator = subject.values(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == [1, 2])
    }

    @Test func throwsTheFailureAfterTheBufferedValues() async throws {
        let subject = PassthroughSubject<Int, TestError>()
        var iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 2)))
        #expect(try await iterator.next() == 1)
        await #expect(throws: TestError(code: 2)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func concurrentSendersLoseNothingWithAnUnboundedBuffer() async {
        let subject = PassthroughSubject<Int, Never>()
        // Subscribing happens in makeAsyncIterator(), before anything is sent.
        var iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
        let consumer = Task {
            var sum = 0
            while let value = await iterator.next() { sum += value }
            return sum
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 { subject.send(1) }
        }
        subject.send(completion: .finished)
        #expect(await consumer.value == 4_000)
    }
}

@Suite struct FutureValueTests {
    @Test func awaitsAFulfilledValue() async {
        let future = Future<Int, Never> { promise in
            // Scheduler actions need not be @Sendable, so the promise can be captured.
            let queue = DispatchQueue.global()
            queue.schedule(after: queue.now.advanced(by: .milliseconds(5))) { promise(.success(42)) }
        }
        #expect(await future.value == 42)
        #expect(await future.value == 42, "later awaits get the same result")
    }

    @Test func throwsAFailure() async throws {
        let future = Future<Int, TestError> { promise in promise(.failure(TestError(code: 6))) }
        await #expect(throws: TestError(code: 6)) { try await future.value }
        let success = Future<Int, TestError> { promise in promise(.success(1)) }
        #expect(try await success.value == 1)
    }
}

@Suite struct AsyncIsolationTests {
    @MainActor @Test func loopsRunOnTheCallersActor() async {
        var received: [Int] = []
        for await value in [1, 2].publisher.values {
            MainActor.assertIsolated()
            received.append(value)
        }
        for await value in [3].publisher.values(bufferingPolicy: .unbounded) {
            received.append(value)  // no `try`: the publisher never fails
        }
        #expect(received == [1, 2, 3])
    }
}
