import Foundation

/// A lesson as a Jupyter notebook (`swiftlab notebook N`), for a class to start from: its
/// text as Markdown cells, each example as a code cell (a prediction says to guess
/// first), and each exercise as its task, a code cell with its starter code to complete,
/// and a `:check LESSON.N` cell (``showsSolutions``: the solution instead, for a teacher).
/// The notebook runs on the swiftlab kernel (`make jupyter`).
public struct LessonNotebook {
    /// The lesson written out.
    public var lesson: Lesson
    /// Whether each exercise's code cell holds its solution instead of its starter code:
    /// the teacher's copy, whose `:check` cells all pass.
    public var showsSolutions = false

    /// The notebook of `lesson`.
    public init(lesson: Lesson) { self.lesson = lesson }

    /// One cell: Markdown or code.
    struct Cell: Equatable {
        var isCode: Bool
        var source: String
    }

    /// The cells, in the lesson's order.
    var cells: [Cell] {
        var cells: [Cell] = []
        var markdown: [String] = []
        func flushMarkdown() {
            let text = markdown.joined(separator: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { cells.append(Cell(isCode: false, source: text)) }
            markdown = []
        }
        for (index, section) in lesson.sections.enumerated() {
            markdown.append(
                index == 0
                    ? "# \(lesson.title)"
                    : section.exercise != nil ? "## Exercise: \(section.title)" : "## \(section.title)")
            for item in section.items {
                switch item {
                case .markdown(let text):
                    markdown.append(text)
                case .example(let example):
                    if example.isPrediction { markdown.append("**Predict the output**, then run the cell.") }
                    flushMarkdown()
                    cells.append(Cell(isCode: true, source: example.code))
                case .starter:
                    // The exercise's code cell below holds it.
                    continue
                }
            }
            flushMarkdown()
            if let exercise = section.exercise {
                cells.append(
                    Cell(
                        isCode: true,
                        source: showsSolutions ? exercise.solution : exercise.starter ?? "// Your answer here."))
                cells.append(
                    Cell(
                        isCode: false,
                        source: "Run the next cell to check your answer (`:hint` gives a hint, `:solution` the answer)."
                    ))
                cells.append(Cell(isCode: true, source: ":check \(lesson.number).\(exercise.number)"))
            }
        }
        return cells
    }

    /// The notebook file's contents (nbformat 4.5, cells numbered for their ids so that
    /// writing it again gives the same file).
    public func json() throws -> Data {
        let cellObjects: [[String: Any]] = cells.enumerated().map { index, cell in
            var object: [String: Any] = [
                "cell_type": cell.isCode ? "code" : "markdown",
                "id": "cell-\(index + 1)",
                "metadata": [String: Any](),
                "source": Self.lines(cell.source),
            ]
            if cell.isCode {
                object["execution_count"] = NSNull()
                object["outputs"] = [Any]()
            }
            return object
        }
        let notebook: [String: Any] = [
            "cells": cellObjects,
            "metadata": [
                "kernelspec": ["name": "swiftlab", "display_name": "Swift (swiftlab)", "language": "swift"],
                "language_info": ["name": "swift", "file_extension": ".swift", "mimetype": "text/x-swift"],
            ],
            "nbformat": 4,
            "nbformat_minor": 5,
        ]
        let data = try JSONSerialization.data(
            withJSONObject: notebook, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return data + Data("\n".utf8)
    }

    /// The file name it is written to by default: `03-flatmap.ipynb`.
    public var fileName: String { lesson.id + ".ipynb" }

    /// `source` as Jupyter stores it: lines, each but the last with its line break.
    static func lines(_ source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.enumerated().map { index, line in index < lines.count - 1 ? line + "\n" : line }
    }
}
