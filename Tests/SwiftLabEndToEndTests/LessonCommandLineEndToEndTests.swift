import Foundation
import Testing

/// The lesson subcommands and progress file with the real swiftlab and evaluator.
@Suite("Lessons from the command line", .serialized)
struct LessonCommandLineEndToEndTests {
    @Test func verifyPassesOnTheFixturesAndNamesAnExampleWhoseOutputIsWrong() throws {
        let sandbox = try LessonSandbox()
        let good = try sandbox.run(["verify"])
        #expect(good.status == 0, "\(good.output)\(good.errors)")
        #expect(good.output.contains("✓ 01-basics (2 examples, 1 exercise)"))
        #expect(good.output.contains("All 2 lessons agree with what swiftlab does."))

        // A copy of the lessons whose predict example claims the wrong output.
        let copy = sandbox.root.appendingPathComponent("lessons")
        try FileManager.default.copyItem(atPath: LessonSandbox.fixtureLessons, toPath: copy.path)
        let file = copy.appendingPathComponent("01-basics.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "```output\n4\n```", with: "```output\n5\n```")
            .write(to: file, atomically: true, encoding: .utf8)
        let edited = try LessonSandbox(lessons: copy.path)
        let bad = try edited.run(["verify"])
        #expect(bad.status == 1)
        #expect(bad.output.contains("✗ 01-basics"))
        #expect(
            bad.output.contains(
                "01-basics.md:24: predict example 2: output differs at line 1: expected \"5\", got \"4\""))
        #expect(bad.output.contains("✓ 02-sums"))
    }

    /// The same on a copy of a real lesson: one wrong character in one expected output.
    @Test func verifyNamesTheLessonAndExampleWhenARealLessonIsEditedToBeWrong() throws {
        let sandbox = try LessonSandbox()
        let copy = sandbox.root.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let original = try String(contentsOfFile: LessonSandbox.realLessons + "/02-map.md", encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The second example's first output line.
        let outputs = lines.indices.filter { lines[$0] == "```output" }
        try #require(outputs.count >= 2)
        var edited = lines
        let line = outputs[1] + 1
        edited[line] = edited[line].replacingOccurrences(of: "1", with: "7")
        try #require(edited[line] != lines[line])
        try edited.joined(separator: "\n").write(
            to: copy.appendingPathComponent("02-map.md"), atomically: true, encoding: .utf8)
        let run = try LessonSandbox(lessons: copy.path).run(["verify"])
        #expect(run.status == 1)
        #expect(run.output.contains("✗ 02-map"))
        #expect(run.output.contains("02-map.md:"))
        #expect(
            run.output.contains(
                ": example 2: output differs at line 1: expected \"\(edited[line])\", got \"\(lines[line])\""),
            "\(run.output)")
        #expect(run.output.hasSuffix("1 problem found.\n"))
    }

    /// `swiftlab watch` checks again when an exercise file is saved.
    @Test func watchChecksAgainOnSave() throws {
        let sandbox = try LessonSandbox()
        let started = try sandbox.start(["watch", "2"])
        let process = started.0
        defer { if process.isRunning { process.terminate() } }
        let output = OutputCollector(started.1)
        try output.wait(for: "Watching")
        #expect(output.output.contains("the check uses `total`, which you have not defined yet"))
        let file = sandbox.dataDirectory.appendingPathComponent("workspace/02-sums/1-total.swift")
        // Modification times can be as coarse as a second: make sure this one differs.
        Thread.sleep(forTimeInterval: 1.1)
        try "func total(_ numbers: [Int]) -> Int { numbers.reduce(0, +) }\n".write(
            to: file, atomically: true, encoding: .utf8)
        try output.wait(for: "Every exercise of lesson 2 passes")
        #expect(output.output.contains("✓ Exercise 1: Total"))
        // Not a terminal: each check is appended, the screen never cleared.
        #expect(!output.output.contains("\u{1B}[2J"))
        process.terminate()
        process.waitUntilExit()
    }

    @Test func checkUsesTheWorkspaceCopyShowsAHintAndRecordsThePass() throws {
        let sandbox = try LessonSandbox()
        let first = try sandbox.run(["check", "--hint", "sums"])
        #expect(first.status == 1)
        let file = sandbox.dataDirectory.appendingPathComponent("workspace/02-sums/1-total.swift")
        #expect(first.output.contains("Created \(file.path)"))
        #expect(first.output.contains("✗ Not yet: the check uses `total`, which you have not defined yet."))
        #expect(first.output.contains("Hint 1 of 1: `reduce` starts from a value"))

        try
            (String(contentsOf: file, encoding: .utf8)
            + "func total(_ numbers: [Int]) -> Int { numbers.reduce(0, -) }\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let wrong = try sandbox.run(["check", "2"])
        #expect(wrong.status == 1)
        #expect(wrong.output.contains("  ✗ total([1, 2, 3])\n      expected: 6\n      actual:   -6"))

        try (String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "reduce(0, -)", with: "reduce(0, +)"))
            .write(to: file, atomically: true, encoding: .utf8)
        let right = try sandbox.run(["check", "2"])
        #expect(right.status == 0, "\(right.output)")
        #expect(right.output.contains("✓ Passed: all 2 checks hold."))
        let list = try sandbox.run(["lessons"])
        #expect(list.output.contains("  ✓  2  Sums    1/1 exercises"))
    }

    @Test func aCorruptProgressFileIsKeptAsideWithAMessage() throws {
        let sandbox = try LessonSandbox()
        try FileManager.default.createDirectory(at: sandbox.dataDirectory, withIntermediateDirectories: true)
        try Data("not json at all {".utf8).write(to: sandbox.progressFile)
        let run = try sandbox.run(["lessons"])
        #expect(run.status == 0)
        let backup = sandbox.dataDirectory.appendingPathComponent("progress.json.corrupt-1")
        #expect(run.errors.contains("kept it as \(backup.path) and started fresh progress"))
        #expect(try String(contentsOf: backup, encoding: .utf8) == "not json at all {")
        #expect(run.output.contains("     1  Basics"))
    }

    /// Two swiftlab processes move through different lessons at the same time; each move
    /// saves progress. Both lessons' furthest sections must be in the file at the end,
    /// which fails if either process writes a stale copy over the other's changes.
    @Test func twoProcessesSavingAtOnceLoseNothing() throws {
        let sandbox = try LessonSandbox()
        // Each process first answers `:lessons`; once both have (their evaluators have
        // started), both get their moves at the same moment, so that the runs overlap.
        let a = try sandbox.start([], input: ":lessons\n", closeInput: false)
        let b = try sandbox.start([], input: ":lessons\n", closeInput: false)
        for started in [a, b] {
            try OutputCollector(started.1).wait(for: "Open one with")
        }
        let moves = [
            ":lesson 1\n" + String(repeating: ":next\n:next\n:next\n:back\n:back\n:back\n", count: 100)
                + ":next\n:next\n:next\n",
            ":lesson 2\n" + String(repeating: ":next\n:back\n", count: 300) + ":next\n",
        ]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let input = (index == 0 ? a : b).0.standardInput as! Pipe
            input.fileHandleForWriting.write(Data(moves[index].utf8))
            try? input.fileHandleForWriting.close()
        }
        let runs = [sandbox.finish(a), sandbox.finish(b)]
        for run in runs { #expect(run.status == 0, "\(run.errors)") }
        let data = try Data(contentsOf: sandbox.progressFile)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let lessons = try #require(json["lessons"] as? [String: [String: Any]])
        #expect(lessons["01-basics"]?["furthestSection"] as? Int == 3)
        #expect(lessons["02-sums"]?["furthestSection"] as? Int == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.dataDirectory.path).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }
}
