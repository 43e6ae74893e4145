import Foundation
import TestWaiting
import Testing

@testable import SwiftLabCore

/// A build the test finishes when it wants: it records that it started, then waits until
/// the test releases it or its cancellation stops it (as a killed compiler would).
private final class ControlledBuilds: @unchecked Sendable {
    let started = LockedValue<[String]>([])
    let released = LockedValue<Set<String>>([])
    let stops = LockedValue<[String]>([])

    func work(_ key: String) -> SpeculativeBuild<String, String>.Work {
        { [self] cancellation in
            started.modify { $0.append(key) }
            while !released.value.contains(key) {
                if cancellation.isStopped {
                    stops.modify { $0.append(key) }
                    return "stopped \(key)"
                }
                usleep(500)
            }
            return "built \(key)"
        }
    }

    func release(_ key: String) { released.modify { $0.insert(key) } }
}

/// The matching rules of the build made while an input is typed (issue 31), with builds
/// that stand for the compiler: an input takes a build only of its own key, waits only
/// for a build of its own key, and never waits behind another.
struct SpeculativeBuildTests {
    @Test func anInputTakesTheFinishedBuildOfItsKey() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        builds.release("a")
        speculation.start("a", work: builds.work("a"))
        #expect(waitUntil { !speculation.isBusy })
        #expect(speculation.take(matching: "a") == "built a")
        // Taken once: the same input again builds afresh.
        #expect(speculation.take(matching: "a") == nil)
        #expect(builds.started.value == ["a"])
    }

    @Test func anInputWaitsForTheRunningBuildOfItsKey() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        speculation.start("a", work: builds.work("a"))
        #expect(waitUntil { builds.started.value == ["a"] })
        let taken = LockedValue<String?>(nil)
        let done = Signal()
        Thread {
            taken.value = speculation.take(matching: "a")
            done.signal()
        }.start()
        builds.release("a")
        #expect(done.wait(bound: deadlockBound))
        #expect(taken.value == "built a")
        #expect(builds.stops.value.isEmpty)
    }

    @Test func anotherInputStopsTheRunningBuildAndGetsNothing() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        speculation.start("a", work: builds.work("a"))
        #expect(waitUntil { builds.started.value == ["a"] })
        // Never released: take returns only because it stopped the build.
        let taken = LockedValue<String?>("not returned")
        #expect(finishesInTime { taken.value = speculation.take(matching: "b") })
        #expect(taken.value == nil)
        #expect(builds.stops.value == ["a"])
        #expect(!speculation.isBusy)
    }

    @Test func aFinishedBuildOfAnotherKeyIsNotTaken() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        builds.release("print(1)")
        speculation.start("print(1)", work: builds.work("print(1)"))
        #expect(waitUntil { !speculation.isBusy })
        #expect(speculation.take(matching: "print(2)") == nil)
        #expect(speculation.take(matching: "print(1)") == nil)  // dropped with the mismatch
    }

    @Test func aChangedInputDropsWhatWasBuilt() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        builds.release("a")
        speculation.start("a", work: builds.work("a"))
        #expect(waitUntil { !speculation.isBusy })
        speculation.supersede()
        #expect(speculation.take(matching: "a") == nil)
    }

    @Test func aNewPauseSupersedesTheRunningBuildAndWaitsForIt() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        speculation.start("a", work: builds.work("a"))
        #expect(waitUntil { builds.started.value == ["a"] })
        speculation.start("b", work: builds.work("b"))
        // One build at a time: b starts only once the superseded a has ended.
        #expect(builds.started.value == ["a"])
        #expect(speculation.startedBuilds == 1)
        builds.release("a")
        builds.release("b")
        #expect(waitUntil { !speculation.isBusy })
        #expect(builds.started.value == ["a", "b"])
        // a was superseded, so only b's result is there.
        #expect(speculation.take(matching: "a") == nil)
        builds.release("b")
        speculation.start("b", work: builds.work("b"))
        #expect(waitUntil { !speculation.isBusy })
        #expect(speculation.take(matching: "b") == "built b")
    }

    @Test func anInputWhoseBuildWaitsBehindAStaleOneDoesNotWaitForEither() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        speculation.start("a", work: builds.work("a"))
        #expect(waitUntil { builds.started.value == ["a"] })
        speculation.start("b", work: builds.work("b"))
        // b has not started (a, superseded, still runs): the input builds b itself.
        let taken = LockedValue<String?>("not returned")
        #expect(finishesInTime { taken.value = speculation.take(matching: "b") })
        #expect(taken.value == nil)
        #expect(builds.stops.value == ["a"])
        #expect(builds.started.value == ["a"])
    }

    @Test func theSameKeyAgainStartsNoSecondBuild() {
        let builds = ControlledBuilds()
        let speculation = SpeculativeBuild<String, String>()
        speculation.start("a", work: builds.work("a"))
        speculation.start("a", work: builds.work("a"))
        builds.release("a")
        #expect(waitUntil { !speculation.isBusy })
        speculation.start("a", work: builds.work("a"))
        #expect(speculation.startedBuilds == 1)
        #expect(speculation.take(matching: "a") == "built a")
    }
}
