import Streams
import Testing

/// `Result.Publisher`'s own operators (Combine's overloads): Combine's types, closures run
/// when the operator is applied (only on success), failures pass through.
@Suite struct ResultPublisherOperatorTests {
    let success = Result<Int, TestError>.success(4).publisher
    let failure = Result<Int, TestError>.failure(.oops).publisher
    let failed: [Event<Int>] = [.subscription, .failure("oops")]

    @Test func mapAndMapErrorAreEager() {
        var calls = 0
        let mapped: Result<String, TestError>.Publisher = success.map { value in
            calls += 1
            return "#\(value)"
        }
        #expect(calls == 1)
        #expect(recordedEvents(of: mapped) == [.subscription, .value("#4"), .finished])
        _ = failure.map { value in
            calls += 1
            return value
        }
        #expect(calls == 1)

        let retyped: Result<Int, TestError>.Publisher = failure.mapError { error -> TestError in
            calls += 1
            return error == .oops ? .other : .oops
        }
        #expect(calls == 2)
        #expect(recordedEvents(of: retyped) == [.subscription, .failure("other")])
    }

    @Test func chainsOfMapsCompileWithoutAnnotations() throws {
        let chain = success.map { $0 + 1 }.map { $0 * 2 }.map { $0 - 1 }
        #expect(try chain.result.get() == 9)
        let tried = success.map { $0 + 1 }.tryMap { $0 * 2 }.map { $0 - 1 }
        #expect(try tried.result.get() == 9)
    }

    @Test func tryOperatorsFailWithTheThrownOrTheOriginalError() {
        let parsed: Result<Int, any Error>.Publisher = success.tryMap { value in
            guard value < 4 else { throw TestError.other }
            return value
        }
        #expect(recordedEvents(of: parsed) == [.subscription, .failure("other")])
        let passed: Result<Int, any Error>.Publisher = failure.tryMap { $0 }
        #expect(recordedEvents(of: passed) == failed)

        let reduced: Result<Int, any Error>.Publisher = success.tryReduce(1) { $0 + $1 }
        let scanned: Result<Int, any Error>.Publisher = success.tryScan(1) { _, _ in throw TestError.other }
        #expect(recordedEvents(of: reduced) == [.subscription, .value(5), .finished])
        #expect(recordedEvents(of: scanned) == [.subscription, .failure("other")])

        let contains: Result<Bool, any Error>.Publisher = success.tryContains { $0 == 4 }
        let all: Result<Bool, any Error>.Publisher = failure.tryAllSatisfy { _ in true }
        #expect(recordedEvents(of: contains) == [.subscription, .value(true), .finished])
        #expect(recordedEvents(of: all) == [.subscription, .failure("oops")])

        // Combine asks these predicates once, comparing the value with itself.
        var compared: [String] = []
        let min: Result<Int, any Error>.Publisher = success.tryMin { lhs, rhs in
            compared.append("min \(lhs) \(rhs)")
            return false
        }
        let max: Result<Int, any Error>.Publisher = success.tryMax { _, _ in throw TestError.other }
        let unique: Result<Int, any Error>.Publisher = success.tryRemoveDuplicates { lhs, rhs in
            compared.append("unique \(lhs) \(rhs)")
            return true
        }
        #expect(compared == ["min 4 4", "unique 4 4"])
        #expect(recordedEvents(of: min) == [.subscription, .value(4), .finished])
        #expect(recordedEvents(of: max) == [.subscription, .failure("other")])
        #expect(recordedEvents(of: unique) == [.subscription, .value(4), .finished])
    }

    @Test func foldsCountsAndPredicates() {
        let total: Result<Int, TestError>.Publisher = success.reduce(10, +)
        let partial: Result<Int, TestError>.Publisher = success.scan(2, *)
        let collected: Result<[Int], TestError>.Publisher = success.collect()
        let counted: Result<Int, TestError>.Publisher = success.count()
        #expect(recordedEvents(of: total) == [.subscription, .value(14), .finished])
        #expect(recordedEvents(of: partial) == [.subscription, .value(8), .finished])
        #expect(recordedEvents(of: collected) == [.subscription, .value([4]), .finished])
        #expect(recordedEvents(of: counted) == [.subscription, .value(1), .finished])
        #expect(recordedEvents(of: failure.count()) == failed)
        #expect(recordedEvents(of: failure.reduce(0, +)) == failed)

        let containsWhere: Result<Bool, TestError>.Publisher = success.contains { $0 > 5 }
        let all: Result<Bool, TestError>.Publisher = success.allSatisfy { $0 > 3 }
        let contains: Result<Bool, TestError>.Publisher = success.contains(4)
        #expect(recordedEvents(of: containsWhere) == [.subscription, .value(false), .finished])
        #expect(recordedEvents(of: all) == [.subscription, .value(true), .finished])
        #expect(recordedEvents(of: contains) == [.subscription, .value(true), .finished])
    }

    @Test func samePublisherOperators() {
        var calls = 0
        let same: [Result<Int, TestError>.Publisher] = [
            success.first(), success.last(), success.min(), success.max(),
            success.min { _, _ in
                calls += 1
                return true
            },
            success.max { _, _ in
                calls += 1
                return true
            },
            success.removeDuplicates(),
            success.removeDuplicates { _, _ in
                calls += 1
                return true
            },
            success.replaceEmpty(with: 0), success.retry(2),
        ]
        #expect(calls == 0)
        for publisher in same {
            #expect(recordedEvents(of: publisher) == [.subscription, .value(4), .finished])
        }
        #expect(recordedEvents(of: failure.retry(2)) == failed)
    }

    @Test func replaceErrorSetFailureTypeAndIgnoreOutput() {
        let recovered: Result<Int, Never>.Publisher = failure.replaceError(with: 0)
        let kept: Result<Int, Never>.Publisher = success.replaceError(with: 0)
        #expect(recordedEvents(of: recovered) == [.subscription, .value(0), .finished])
        #expect(recordedEvents(of: kept) == [.subscription, .value(4), .finished])

        let typed: Result<Int, TestError>.Publisher = Result<Int, Never>.success(1).publisher
            .setFailureType(to: TestError.self)
        #expect(recordedEvents(of: typed) == [.subscription, .value(1), .finished])

        // Combine's answer is an `Empty`, which finishes even for a failed result.
        let ignored: Empty<Int, TestError> = failure.ignoreOutput()
        #expect(recordedEvents(of: ignored) == [.subscription, .finished])
    }
}
