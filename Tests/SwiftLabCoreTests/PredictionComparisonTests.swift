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

    /// Lesson 4 asks for "the type and the value of `present`": each of these was rejected.
    @Test(arguments: [
        #"[String?] = [Optional("Ada"), Optional("Grace")]"#,
        #"present: [String?] = [Optional("Ada"), Optional("Grace")]"#,
        #"[Optional("Ada"), Optional("Grace")]"#,
    ])
    func aGuessMayGiveTheTypeAndNameAsTheREPLShowsThem(guess: String) {
        let printed = #"present: [String?] = [Optional("Ada"), Optional("Grace")]"# + "\n"
        #expect(PredictionComparison.matches(guess: guess, printed: printed))
        #expect(!PredictionComparison.matches(guess: #"[String] = ["Ada", "Grace"]"#, printed: printed))
    }

    @Test func severalLinesAreGuessedOnOneSeparatedBySemicolons() {
        let printed = "xs: [Int] = [2, 4]\ngreeting: String = \"Hi\"\n"
        #expect(PredictionComparison.matches(guess: #"xs: [Int] = [2, 4]; greeting: String = "Hi""#, printed: printed))
        #expect(PredictionComparison.matches(guess: #"[Int] = [2, 4]; String = "Hi""#, printed: printed))
        #expect(!PredictionComparison.matches(guess: #"[Int] = [2, 4]; String = "Ho""#, printed: printed))
    }
}
