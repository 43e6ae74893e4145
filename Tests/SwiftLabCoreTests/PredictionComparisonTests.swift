import Testing

@testable import SwiftLabCore

/// A guess at an example's output is compared on its values only.
struct PredictionComparisonTests {
    let division = "$R16: Int = 3\n$R17: Double = 3.5\n"

    @Test(arguments: [
        "3 and 3.5", "3, 3.5", "3\n3.5", "$R16: Int = 3 $R17: Double = 3.5", "$R1: Int = 3, $R2: Double = 3.5",
        " 3   3.5 ",
    ])
    func theValuesInAnyReasonableFormMatch(guess: String) {
        #expect(PredictionComparison.matches(guess: guess, printed: division))
    }

    @Test(arguments: ["3.5 and 3", "3", "3 and 4", "13 and 3.5", ""])
    func otherValuesDoNot(guess: String) {
        #expect(!PredictionComparison.matches(guess: guess, printed: division))
    }

    @Test func printedTextAndNamedResultsCompareByValueIgnoringCase() {
        #expect(PredictionComparison.matches(guess: "Done", printed: "done\n"))
        #expect(!PredictionComparison.matches(guess: "tick 1 tick 2 done", printed: "done\n"))
        #expect(
            PredictionComparison.matches(
                guess: "[2, 4] and \"Hi\"", printed: "xs: [Int] = [2, 4]\ngreeting: String = \"Hi\"\n"))
    }
}
