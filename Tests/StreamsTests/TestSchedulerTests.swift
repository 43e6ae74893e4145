import Streams
import StreamsTesting
import Testing

@Suite struct TestSchedulerTests {
    @Test func startsAtZeroAndRunsDueActionsInTimeOrder() {
        let scheduler = TestScheduler()
        #expect(scheduler.now == .zero)
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { log.append("2s") }
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) { log.append("1s") }
        scheduler.schedule { log.append("now") }
        #expect(log.isEmpty)
        scheduler.advance(by: .milliseconds(1_500))
        #expect(log == ["now", "1s"])
        #expect(scheduler.now == VirtualTime(nanoseconds: 1_500_000_000))
        scheduler.advance(to: VirtualTime.zero.advanced(by: 5))
        #expect(log == ["now", "1s", "2s"])
        #expect(scheduler.now == VirtualTime.zero.advanced(by: .seconds(5)))
    }

    @Test func actionsAtOneInstantRunInSchedulingOrderIncludingThoseScheduledWhileRunning() {
        let scheduler = TestScheduler()
        var log: [Int] = []
        let at = VirtualTime.zero.advanced(by: 1)
        scheduler.schedule(after: at) {
            log.append(1)
            scheduler.schedule { log.append(3) }  // now, behind what is already due
        }
        scheduler.schedule(after: at) { log.append(2) }
        scheduler.run()
        #expect(log == [1, 2, 3])
        #expect(scheduler.now == at)
    }

    @Test func repeatingActionsRepeatUntilCancelled() {
        let scheduler = TestScheduler()
        var times: [VirtualTime] = []
        let token = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 2) {
            times.append(scheduler.now)
        }
        scheduler.advance(by: 6)
        #expect(times.map(\.nanoseconds) == [1, 3, 5].map { $0 * 1_000_000_000 })
        token.cancel()
        scheduler.run()
        #expect(times.count == 3)
        #expect(scheduler.scheduledCount == 0)
    }

    @Test func strideLiteralsReadAsOnDispatchQueue() {
        typealias Stride = VirtualTime.Stride
        #expect(Stride(integerLiteral: 2) == .seconds(2))
        #expect(Stride(floatLiteral: 0.25) == .milliseconds(250))
        #expect(Stride.microseconds(3) == .nanoseconds(3_000))
        #expect(Stride.seconds(1.5).description == "1.5s")
        #expect(VirtualTime.zero.distance(to: VirtualTime(nanoseconds: 7)) == .nanoseconds(7))
    }

    @Test func framesFollowTheFrameDuration() {
        let scheduler = TestScheduler(frameDuration: .milliseconds(100))
        scheduler.advance(by: .milliseconds(350))
        #expect(scheduler.frame == 3)
        let recording = scheduler.record(scheduler.cold("-a-b|"))
        scheduler.run()
        #expect(recording.marbles == "----a-b|")
        #expect(recording.events.first?.time == VirtualTime(nanoseconds: 450_000_000))
    }
}

@Suite struct MarbleTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "Boom" }
    }

    @Test func theIssueExampleRecordsDelayedMarbles() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("-a-b|", values: ["a": 1, "b": 2]).delay(for: .seconds(2), scheduler: scheduler)
        )
        scheduler.run()
        #expect(recording.marbles == "---1-2|")
        #expect(recording.values == [1, 2])
    }

    @Test func notationReadsFramesAsRxJSDoes() throws {
        let notation = try MarbleNotation("--a- (bc) -|")
        #expect(notation.events.map(\.frame) == [2, 4, 4, 9])
        #expect(notation.events.map(\.event) == [.value("a"), .value("b"), .value("c"), .finished])
        let hot = try MarbleNotation("-a-^-b|")
        #expect(hot.events.map(\.frame) == [-2, 2, 3])
        #expect(hot.hasSubscriptionPoint)
    }

    @Test func invalidNotationSaysWhere() {
        #expect(throws: MarbleSyntaxError.self) { try MarbleNotation("-a|b") }
        #expect(throws: MarbleSyntaxError.self) { try MarbleNotation("-(a") }
        do {
            _ = try MarbleNotation("-(a-)")
            Issue.record("a group holding '-' was accepted")
        } catch {
            #expect(error.offset == 3)
            #expect(error.description.contains("^"))
        }
    }

    @Test func coldPublishersStartForEachSubscriber() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a|")
        let first = scheduler.record(source)
        scheduler.advance(by: 2)
        let second = scheduler.record(source)
        scheduler.run()
        #expect(first.marbles == "-a|")
        #expect(second.marbles == "---a|")
    }

    @Test func hotPublishersPlayOnceFromTheirSubscriptionPoint() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-x-^-a-b|", values: ["x": 0, "a": 1, "b": 2])
        let early = scheduler.record(source)
        scheduler.advance(by: 3)
        let late = scheduler.record(source)
        scheduler.run()
        #expect(early.marbles == "--1-2|")
        #expect(late.marbles == "----2|")
    }

    @Test func failuresAndGroupsAreDrawn() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-(ab)-#", error: Boom()))
        scheduler.run()
        #expect(recording.marbles == "-(ab)-#")
        #expect(recording.diagram == "-(ab)-#\n# = Boom")
        #expect(recording.completion.map { if case .failure = $0 { true } else { false } } == true)
    }

    @Test func wideValuesAreLettersWithALegend() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-a-b-a|", values: ["a": 10, "b": 2]))
        scheduler.run()
        #expect(recording.marbles == "-a-2-a|")
        #expect(recording.diagram == "-a-2-a|\na = 10")
    }

    @Test func sequencesPublishEverythingAtFrameZero() {
        let scheduler = TestScheduler()
        let recording = scheduler.record([1, 2, 3].publisher)
        #expect(recording.marbles == "(123|)")
    }

    @Test func verifyPassesOnMatchAndShowsBothDiagramsAlignedOnMismatch() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(
            scheduler.cold("-a-b|", values: ["a": 1, "b": 2]).delay(for: 2, scheduler: scheduler)
        )
        scheduler.run()
        try recording.verify("---1-2|")
        try recording.verify("---a-b|", values: ["a": 1, "b": 2])
        #expect(recording.matches("--- 1 - 2 |"))
        #expect(!recording.matches("--1-2|"))
        do {
            try recording.verify("----1-2|")
            Issue.record("a mismatch passed")
        } catch let mismatch as MarbleMismatch {
            #expect(mismatch.frame == 3)
            #expect(
                mismatch.description == """
                    marbles differ at frame 3:
                      expected: ----1-2|
                      actual:   ---1-2|
                                   ^
                    """)
        }
    }

    @Test func failureMarblesMatchAnyFailure() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-a#", error: Boom()))
        scheduler.run()
        try recording.verify("-a#")
        #expect(!recording.matches("-a|"))
    }

    @Test func demandIsRespectedAndCanBeRaised() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("abc|"), demand: .max(1))
        scheduler.advance(by: 1)
        recording.request(.max(5))
        scheduler.run()
        #expect(recording.marbles == "a-c|")
    }

    @Test func diagramsDrawInputsThenOutputAlignedByFrame() {
        let diagram = MarbleDiagram { scheduler in
            scheduler.cold("-a-b|", values: ["a": 1, "b": 2]).delay(for: 2, scheduler: scheduler)
        }
        #expect(
            diagram.description == """
                input   -1-2|
                output  ---1-2|
                """)
        let merged = MarbleDiagram { scheduler in
            scheduler.cold("a---b|").merge(with: scheduler.cold("-x|", values: ["x": "wide"]))
        }
        #expect(
            merged.description == """
                input 1  a---b|
                input 2  -c|
                output   ac--b|
                         c = wide
                """)
        #expect(MarbleDiagram { _ in [1, 2, 3].publisher }.description == "output  (123|)")
    }

    @Test func hotInputsAreDrawnFromWhereTheyWereBuilt() {
        let diagram = MarbleDiagram { scheduler in
            scheduler.cold("--x|").map { _ in scheduler.hot("-^-a|") }.switchToLatest()
        }
        #expect(
            diagram.description == """
                input 1  --x|
                input 2    --a|
                output   ----a|
                """)
    }

    @Test func diagramsStopAtTheFrameLimit() {
        let diagram = MarbleDiagram(frameLimit: 5) { scheduler in
            scheduler.cold("a--------|")
        }
        #expect(
            diagram.description == """
                input   a--------|
                output  a----
                        (stopped after 5 frames, at 5 s on the clock, before the output completed: \
                to see what comes later, shorten the times, as in 3 for 300)
                """)
        #expect(diagram.rendered(style: .terminal).contains("\u{1B}["))
    }

    /// A mistake in marbles is shown by the diagram, not a trap (whose message an optimised
    /// build drops): swiftlab's `:marbles` draws diagrams in such a build.
    @Test func diagramsShowMistakesInTheirMarblesInsteadOfStopping() {
        let noError = MarbleDiagram { scheduler in scheduler.cold("-a-#") }
        #expect(
            noError.description
                == "error: '#' in \"-a-#\" needs an error: argument saying what the publisher fails with")
        let noValue = MarbleDiagram { scheduler in scheduler.cold("-a-b|", values: ["a": 1]) }
        #expect(noValue.mistakes == ["'b' in \"-a-b|\" has no entry in values:"])
        let unclosed = MarbleDiagram { scheduler in
            scheduler.cold("-a|").merge(with: scheduler.hot("-a-(b|"))
        }
        #expect(unclosed.description == "error: invalid marbles: a '(' is never closed\n  -a-(b|\n        ^")
        #expect(
            MarbleDiagram { scheduler in scheduler.cold("-^a|") }.mistakes == [
                "'^' marks a hot publisher's subscription; a cold publisher starts when subscribed: -^a|"
            ])
    }
}
