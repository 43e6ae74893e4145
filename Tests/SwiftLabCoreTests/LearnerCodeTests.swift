import Testing

@testable import SwiftLabCore

/// Finding the learner's answer to an exercise among the inputs typed in the REPL.
struct LearnerCodeTests {
    let exercise = Exercise(
        number: 1, title: "Shapes", task: "", starter: nil, check: "",
        hints: [],
        solution: "struct Square { var side: Int }\nfunc area(_ square: Square) -> Int { square.side * square.side }",
        line: 1, checkLine: 1)

    @Test func takesTheLastInputDeclaringEachNameInTheOrderTyped() {
        let inputs = [
            "func area(_ square: Square) -> Int { 0 }",
            "struct Square { var side: Int }",
            "let unrelated = 1",
            ":check",
            "func area(_ square: Square) -> Int { square.side * square.side }",
        ]
        #expect(
            LearnerCode.latest(for: exercise, in: inputs)
                == "struct Square { var side: Int }\n\nfunc area(_ square: Square) -> Int { square.side * square.side }"
        )
    }

    @Test func nothingBeforeAResetCountsAndNoAnswerIsNil() {
        #expect(LearnerCode.latest(for: exercise, in: ["struct Square { var side: Int }", ":reset", "1 + 1"]) == nil)
        #expect(LearnerCode.latest(for: exercise, in: []) == nil)
    }
}
