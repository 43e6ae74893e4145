import Foundation
import Streams
import StreamsTesting
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Marble diagrams drawn as SVG: the pictures of known diagrams, element by element.
@Suite struct MarbleSVGTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "Boom<1>" }
    }

    /// The elements of an SVG document, with their attributes and text.
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String], text: String)] = []

        init(_ svg: String) throws {
            super.init()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = self
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            found.append((name, attributes, ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // The line breaks between elements are not any element's text.
            let text = string.trimmingCharacters(in: .newlines)
            if !found.isEmpty { found[found.count - 1].text += text }
        }

        func named(_ name: String) -> [(name: String, attributes: [String: String], text: String)] {
            found.filter { $0.name == name }
        }

        /// The texts of the `<text>` elements, in document order.
        var texts: [String] { named("text").map(\.text) }
    }

    @Test func aRecordingIsOneLineWithAMarblePerValueAndABarAtTheEnd() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-a-b|", values: ["a": 1, "b": 22]))
        scheduler.run()
        let svg = try Elements(recording.svg)
        let marbles = svg.named("circle")
        #expect(marbles.map { $0.attributes["cx"] } == ["66", "138"])  // frames 1 and 3, 36 apart
        #expect(svg.texts.prefix(2) == ["1", "22"])
        let bar = svg.named("line").first { $0.attributes["class"] == "end" }
        #expect(bar?.attributes["x1"] == "174")  // frame 4
        #expect(svg.named("line").first?.attributes["x2"] == "174")  // the line stops at the bar
        #expect(!svg.texts.contains("output"))  // a recording has no label
    }

    @Test func aDiagramLabelsInputAndOutputAndGivesAValueOneColourEverywhere() throws {
        let diagram = MarbleDiagram { scheduler in
            scheduler.cold("-a-b|").delay(for: .seconds(2), scheduler: scheduler)
        }
        let svg = try Elements(diagram.svg)
        #expect(svg.texts.filter { ["input", "output"].contains($0) } == ["input", "output"])
        let circles = svg.named("circle")
        #expect(circles.count == 4)
        let fills = circles.map { $0.attributes["fill"] ?? "" }
        #expect(fills[0] == fills[2] && fills[1] == fills[3] && fills[0] != fills[1])
        // The output's a is two frames (72 units) right of the input's.
        let xs = circles.compactMap { $0.attributes["cx"].flatMap(Int.init) }
        #expect(xs[2] - xs[0] == 72)
        #expect(svg.named("line").filter { $0.attributes["class"] == "end" }.count == 2)
    }

    @Test func aFailureIsACrossAndItsErrorIsInTheLegendEscaped() throws {
        let diagram = MarbleDiagram { scheduler in
            scheduler.cold("-a#", error: Boom())
        }
        let text = diagram.svg
        #expect(text.contains("Boom&lt;1&gt;"))
        let svg = try Elements(text)
        let cross = svg.named("path").filter { $0.attributes["class"] == "failure" }
        #expect(cross.count == 2)  // the input's and the output's
        #expect(svg.texts.contains("✕ = Boom<1>"))
        #expect(svg.named("line").filter { $0.attributes["class"] == "end" }.isEmpty)
    }

    @Test func longValuesGetLettersExplainedBelowTheAxis() throws {
        let diagram = MarbleDiagram { scheduler in
            scheduler.cold("-a-b|", values: ["a": "hello", "b": "ok"])
        }
        let svg = try Elements(diagram.svg)
        #expect(svg.named("circle").first?.attributes["fill"] != nil)
        #expect(svg.texts.contains("ok"))  // short enough for its marble
        #expect(svg.texts.contains("a = hello"))
        #expect(!svg.texts.contains("hello"))
    }

    @Test func eventsOfOneFrameAreStackedNotDrawnOverEachOther() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-(ab)|"))
        scheduler.run()
        let circles = try Elements(recording.svg).named("circle")
        #expect(circles.count == 2)
        #expect(circles[0].attributes["cx"] == circles[1].attributes["cx"])
        #expect(circles[0].attributes["cy"] != circles[1].attributes["cy"])
    }

    @Test func anOutputStoppedAtTheLimitEndsInADashedArrowAndSaysSo() throws {
        let diagram = MarbleDiagram(frameLimit: 8) { scheduler in
            scheduler.cold("-a-b-c-d-e-f|")
        }
        let svg = try Elements(diagram.svg)
        #expect(svg.texts.contains("(stopped after 8 frames)"))
        let stopped = svg.named("line").filter { $0.attributes["class"] == "line stopped" }
        #expect(stopped.count == 1)
        // Frames 0 to 7 drawn: the arrow reaches the start of frame 8.
        #expect(stopped.first?.attributes["x2"] == "378")
    }

    @Test func theAxisIsNumberedEveryFifthFrame() throws {
        let scheduler = TestScheduler()
        let recording = scheduler.record(scheduler.cold("-----------|"))
        scheduler.run()
        let ticks = try Elements(recording.svg).named("text").filter { $0.attributes["class"] == "tick" }
        #expect(ticks.map(\.text) == ["0", "5", "10", "frames"])
    }

    @Test func theSameDiagramAlwaysGivesTheSameText() {
        func draw() -> String {
            MarbleDiagram { scheduler in
                scheduler.cold("-a-b-c|").map { $0 + "!" }
            }.svg
        }
        let first = draw()
        #expect(first == draw())
        #expect(first.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg""#))
        #expect(first.hasSuffix("</svg>\n"))
    }
}
