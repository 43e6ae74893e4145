import Dispatch
import Foundation
import Streams
import StreamsFoundation
import TestWaiting
import Testing

@Suite struct SchedulerTimeTests {
    typealias Time = DispatchQueue.SchedulerTimeType
    typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    @Test func dispatchStrideUnitsAreNanoseconds() {
        #expect(Stride.seconds(2).magnitude == 2_000_000_000)
        #expect(Stride.seconds(0.5).magnitude == 500_000_000)
        #expect(Stride.milliseconds(3).magnitude == 3_000_000)
        #expect(Stride.microseconds(3).magnitude == 3_000)
        #expect(Stride.nanoseconds(3).magnitude == 3)
        let fromLiteral: Stride = 2
        let fromFloat: Stride = 0.25
        #expect(fromLiteral == .seconds(2))
        #expect(fromFloat == .milliseconds(250))
        #expect(Stride(.milliseconds(7)) == .milliseconds(7))
        #expect(Stride(exactly: 3) == .seconds(3))
        #expect(Stride(exactly: Int.max) == nil)
    }

    @Test func dispatchStrideArithmeticAndOrder() {
        var stride = Stride.seconds(1) + .milliseconds(500)
        #expect(stride == .milliseconds(1_500))
        stride -= .seconds(2)
        #expect(stride == .milliseconds(-500))
        #expect(Stride.milliseconds(1) < .milliseconds(2))
        #expect(Stride.seconds(Int.max) == Stride.nanoseconds(.max), "saturates instead of trapping")
    }

    @Test func dispatchTimeAdvancesAndMeasuresDistance() {
        let start = Time(DispatchTime(uptimeNanoseconds: 10_000))
        let later = start.advanced(by: .nanoseconds(2_500))
        #expect(later.dispatchTime.uptimeNanoseconds == 12_500)
        #expect(start.distance(to: later) == .nanoseconds(2_500))
        #expect(later.distance(to: start) == .nanoseconds(-2_500))
        #expect(later.advanced(by: .nanoseconds(-2_500)) == start)
        #expect(start < later)
    }

    @Test func dispatchTimeRoundTripsThroughCodable() throws {
        let time = Time(DispatchTime(uptimeNanoseconds: 123_456_789))
        let data = try JSONEncoder().encode([time])
        #expect(try JSONDecoder().decode([Time].self, from: data) == [time])
        let stride = Stride.milliseconds(42)
        #expect(try JSONDecoder().decode([Stride].self, from: JSONEncoder().encode([stride])) == [stride])
    }

    @Test func runLoopStrideUnitsAreSeconds() {
        typealias RunLoopStride = RunLoop.SchedulerTimeType.Stride
        #expect(RunLoopStride.milliseconds(250).timeInterval == 0.25)
        #expect(RunLoopStride.seconds(2).magnitude == 2)
        let date = Date(timeIntervalSinceReferenceDate: 100)
        let time = RunLoop.SchedulerTimeType(date).advanced(by: .seconds(1.5))
        #expect(time.date == Date(timeIntervalSinceReferenceDate: 101.5))
        #expect(RunLoop.SchedulerTimeType(date).distance(to: time) == .seconds(1.5))
    }
}

@Suite struct ImmediateSchedulerTests {
    @Test func runsEveryKindOfActionAtOnceOnTheCallingThread() {
        let scheduler = ImmediateScheduler.shared
        var log: [String] = []
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("after") }
        let token = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("repeating") }
        token.cancel()
        #expect(log == ["now", "after", "repeating"])
    }

    @Test func timeNeverAdvances() {
        let now = ImmediateScheduler.shared.now
        #expect(now.advanced(by: 5) == now)
        #expect(now.distance(to: now.advanced(by: 5)) == 0)
        #expect(ImmediateScheduler.SchedulerTimeType.Stride.seconds(3) == 0)
    }
}

@Suite struct DispatchQueueSchedulerTests {
    @Test func runsActionsInOrderOnTheQueue() async {
        let queue = DispatchQueue(label: "SchedulerTests.serial")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let log = EventLog<Int?>()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for _ in 0..<3 {
                queue.schedule { log.append(DispatchQueue.getSpecific(key: key)) }
            }
            queue.schedule { done.resume() }
        }
        #expect(log.events == [7, 7, 7])
    }

    @Test func delayedActionRunsNoEarlierThanItsDate() async {
        let queue = DispatchQueue(label: "SchedulerTests.delayed")
        let start = queue.now
        let elapsed = EventLog<Int>()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.schedule(after: start.advanced(by: .milliseconds(20))) {
                elapsed.append(start.distance(to: queue.now).magnitude)
                done.resume()
            }
        }
        #expect(elapsed.events.count == 1)
        #expect(elapsed.events[0] >= 20_000_000)
    }

    @Test func repeatingActionStopsWhenCancelled() async throws {
        let queue = DispatchQueue(label: "SchedulerTests.repeating")
        let ticks = EventLog<Int>()
        let token = queue.schedule(after: queue.now, interval: .milliseconds(5)) { ticks.append(1) }
        // Waits for three ticks, however slow the machine (bounded only against a hang).
        let deadline = Date().addingTimeInterval(deadlockBound)
        while ticks.events.count < 3 && Date() < deadline {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        token.cancel()
        queue.sync {}  // lets a tick already running finish
        let countAtCancel = ticks.events.count
        #expect(countAtCancel >= 3)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(ticks.events.count == countAtCancel)
    }

    @Test func groupOptionTracksTheWork() {
        let queue = DispatchQueue(label: "SchedulerTests.group")
        let group = DispatchGroup()
        let log = EventLog<String>()
        queue.schedule(options: .init(group: group)) { log.append("a") }
        queue.schedule(after: queue.now.advanced(by: .milliseconds(5)), tolerance: .zero, options: .init(group: group))
        {
            log.append("b")
        }
        group.wait()
        #expect(log.events == ["a", "b"])
    }
}

@Suite struct RunLoopSchedulerTests {
    @Test func runsActionsWhenTheRunLoopRuns() {
        let runLoop = RunLoop.current
        var log: [String] = []
        runLoop.schedule { log.append("soon") }
        runLoop.schedule(after: runLoop.now.advanced(by: .milliseconds(10))) { log.append("later") }
        #expect(log.isEmpty, "nothing runs until the run loop does")
        let deadline = Date().addingTimeInterval(deadlockBound)
        while log.count < 2 && Date() < deadline {
            _ = runLoop.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        #expect(log == ["soon", "later"])
    }
}

/// Code written for Combine extends `Scheduler` once for run loops and once for operation
/// queues, by their time types (pointfreeco's CombineSchedulers does): the two must be
/// different types, as in Combine, or the extensions redeclare each other.
extension Scheduler where SchedulerTimeType == RunLoop.SchedulerTimeType, SchedulerOptions == RunLoop.SchedulerOptions {
    fileprivate var clockName: String { "run loop" }
}

extension Scheduler
where SchedulerTimeType == OperationQueue.SchedulerTimeType, SchedulerOptions == OperationQueue.SchedulerOptions {
    fileprivate var clockName: String { "operation queue" }
}

@Suite struct OperationQueueSchedulerTests {
    @Test func hasTimeAndOptionTypesOfItsOwnAsInCombine() {
        #expect(RunLoop.main.clockName == "run loop")
        #expect(OperationQueue.main.clockName == "operation queue")
        let date = Date(timeIntervalSince1970: 100)
        let time = OperationQueue.SchedulerTimeType(date).advanced(by: .milliseconds(1_500))
        #expect(time.date == Date(timeIntervalSince1970: 101.5))
        #expect(OperationQueue.SchedulerTimeType(date).distance(to: time) == .seconds(1.5))
    }

    @Test func runsActionsAsOperationsInOrderOnASerialQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let log = EventLog<Int>()
        for value in 1...3 {
            queue.schedule { log.append(value) }
        }
        queue.waitUntilAllOperationsAreFinished()
        #expect(log.events == [1, 2, 3])
    }

    @Test func delayedActionRunsNoEarlierThanItsDate() {
        let queue = OperationQueue()
        let start = queue.now
        let done = Signal()
        let elapsed = EventLog<Double>()
        queue.schedule(after: start.advanced(by: .milliseconds(20))) {
            elapsed.append(start.distance(to: queue.now).timeInterval)
            done.signal()
        }
        #expect(done.wait())
        #expect(elapsed.events.count == 1)
        #expect(elapsed.events.first.map { $0 >= 0.019 } == true)
    }

    @Test func repeatingActionStopsWhenCancelled() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let ticks = EventLog<Int>()
        let token = queue.schedule(after: queue.now, interval: .milliseconds(5)) { ticks.append(1) }
        waitUntil { ticks.events.count >= 3 }
        token.cancel()
        queue.waitUntilAllOperationsAreFinished()
        let countAtCancel = ticks.events.count
        #expect(countAtCancel >= 3)
        usleep(50_000)
        queue.waitUntilAllOperationsAreFinished()
        #expect(ticks.events.count == countAtCancel)
    }
}
