import Foundation

/// An input that compiled and ran to its end: what the session keeps of it, and what
/// the worker supervisor runs again to restore the state in a new worker.
struct AcceptedCell {
    /// The input's number (`$R` numbering, module name).
    var number: Int
    /// The input as the learner entered it.
    var input: String
    /// The compiled cell.
    var library: URL
    /// The entry point the worker calls.
    var symbol: String
    /// The generated cell (its declarations and imports).
    var generated: GeneratedCell
    /// The static types of the `$R` results it showed, by number: what a later input
    /// naming one of them reads (a new worker that runs the cell again shows them again).
    var results: [Int: String] = [:]
}
