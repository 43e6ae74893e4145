import Testing

@testable import SwiftLabCore

@Suite struct LessonRenderingTests {
    @Test func plainTextDropsMarkupAndWrapsToTheWidth() {
        let markdown = """
            ## Map

            A *closure* is **called** once for every element of the `array`, and map collects the results in order.

            - first item that is long enough to need a second line here
            1. numbered
            """
        let text = MarkdownRenderer(width: 30, style: .plain).render(markdown)
        #expect(
            text == """
                Map
                ---

                A closure is called once for
                every element of the `array`,
                and map collects the results
                in order.

                  • first item that is long
                    enough to need a second
                    line here
                  1. numbered
                """)
        #expect(!text.contains("\u{1B}"))
    }

    @Test func listItemsKeepTheirContinuationLines() {
        let markdown = """
            - first part of the item
              and its continuation
            - second item
            continued lazily
              - nested

            After.
            """
        #expect(
            MarkdownRenderer(width: 30, style: .plain).render(markdown) == """
                  • first part of the item and
                    its continuation
                  • second item continued
                    lazily
                    • nested

                After.
                """)
    }

    @Test func pipeTablesAlignTheirColumns() {
        let markdown = """
            | Operator | Gives |
            |:---|---:|
            | `map` | one per input |
            | `compactMap` | 0 or 1 |

            Not | a table.
            """
        let text = MarkdownRenderer(width: 40, style: .plain).render(markdown)
        #expect(
            text == """
                  Operator              Gives
                  ------------  -------------
                  `map`         one per input
                  `compactMap`         0 or 1

                Not | a table.
                """)
        let styled = MarkdownRenderer(width: 40, style: .ansi).render(markdown).split(separator: "\n").prefix(4)
        #expect(styled[0].hasPrefix("  \u{1B}[1mOperator\u{1B}[0m"))
        #expect(Set(styled.dropFirst().map { TerminalStyle.visibleWidth(of: $0) }).count == 1)
    }

    @Test func tablesTooWideForTheTerminalBecomeOneBlockPerRow() {
        let markdown = "| Operator | Gives |\n|---|---|\n| `map` | one per input |\n| `compactMap` | 0 or 1 |"
        #expect(
            MarkdownRenderer(width: 20, style: .plain).render(markdown) == """
                  Operator: `map`
                    Gives: one per
                      input

                  Operator:
                    `compactMap`
                    Gives: 0 or 1
                """)
    }

    @Test func codeBlocksAreIndentedAndNeverWrapped() {
        let markdown =
            "Before.\n\n```swift\nlet aVeryLongNameThatDoesNotFitInTheWidth = [1, 2, 3].map { $0 * 2 }\n```\nAfter."
        let lines = MarkdownRenderer(width: 20, style: .plain).render(markdown).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines == [
                "Before.", "", "    let aVeryLongNameThatDoesNotFitInTheWidth = [1, 2, 3].map { $0 * 2 }", "", "After.",
            ])
    }

    @Test func terminalStylesHeadingsEmphasisAndCode() {
        let renderer = MarkdownRenderer(width: 80, style: .ansi)
        #expect(renderer.render("# Title") == "\u{1B}[1m\u{1B}[4mTitle\u{1B}[0m")
        #expect(renderer.render("a *b* `c`") == "a \u{1B}[3mb\u{1B}[0m \u{1B}[36mc\u{1B}[0m")
        #expect(renderer.render("snake_case_name stays") == "snake_case_name stays")
    }

    @Test func wrappingCountsOnlyVisibleCharactersAndReopensStyles() {
        let renderer = MarkdownRenderer(width: 20, style: .ansi)
        let lines = renderer.render("**one two three four five six**").split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { TerminalStyle.visibleWidth(of: $0) <= 20 })
        #expect(lines[1].hasPrefix("\u{1B}[1m"))
        #expect(lines[0].hasSuffix("\u{1B}[0m"))
    }

    @Test func swiftCodeBlocksUseTheHighlighterOnlyOnATerminal() {
        let highlight: @Sendable (String, String) -> String = { _, code in "<\(code)>" }
        let markdown = "```swift\nlet x = 1\n```\n\n```text\nlet y\n```"
        #expect(
            MarkdownRenderer(width: 40, style: .ansi, highlight: highlight).render(markdown)
                == "    <let x = 1>\n\n    let y")
        #expect(
            MarkdownRenderer(width: 40, style: .plain, highlight: highlight).render(markdown)
                == "    let x = 1\n\n    let y")
    }
}

@Suite struct LessonHighlightingTests {
    @Test func coloursKeywordsLiteralsCommentsAndTypesKeepingEveryCharacter() {
        let code = "let s: String = \"hi\" // note\nfunc f() -> Int { 42 }"
        let coloured = SwiftHighlighter(style: .ansi).highlight(code)
        #expect(coloured.contains("\u{1B}[35mlet\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[36mString\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[31m\"hi\"\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[2m// note\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[34m42\u{1B}[0m"))
        let stripped = coloured.replacing(/\x1B\[[0-9;]*m/, with: "")
        #expect(stripped == code)
        #expect(SwiftHighlighter(style: .plain).highlight(code) == code)
    }
}
