import StreamsTesting
import SwiftLabRuntime

// A cell's result that is a marble diagram or a recording is also shown as a picture
// where the front end can show one (`swiftlab serve`, the Jupyter kernel): the runtime
// finds these conformances when the worker loads SwiftLabCells, without a cell importing
// this module.

extension MarbleDiagram: RichDisplayable {
    /// The diagram as SVG, and as text.
    public var displayRepresentations: [(mimeType: String, text: String)] {
        [("image/svg+xml", svg), ("text/plain", rendered())]
    }
}

extension Recording: RichDisplayable {
    /// The recorded events as SVG, and as marbles with their legend.
    public var displayRepresentations: [(mimeType: String, text: String)] {
        [("image/svg+xml", svg), ("text/plain", diagram)]
    }
}
