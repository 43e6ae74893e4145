/// The Swift module source the generator writes for one input, and what it declares.
struct GeneratedCell: Equatable {
    /// A declaration the cell adds to the session (for shadowing and completion).
    struct Declaration: Equatable {
        /// The declared name.
        var name: String
        /// The declaring keyword: `struct`, `func`, `let` ...
        var keyword: String
        /// A function's ``FunctionSignature``: a later function of the same name replaces
        /// it only when its signature is the same (another one is an overload).
        var signature: String?
    }

    /// An `extension` the cell declares: later cells that declare the same members on the
    /// same type replace it.
    struct Extension: Equatable {
        /// The extended type as written, without generic arguments: `Sequence`, `Outer.Inner`.
        var extendedType: String
        /// The names of the members declared in its body (`init`, `subscript` for those).
        var members: [String]
        /// Whether it states conformances (`extension P: CustomStringConvertible`). Those
        /// are never replaced: the runtime keeps using the first conformance it loaded.
        var statesConformances = false
    }

    /// The cell number (`N` in `CellN` and `input N`).
    var number: Int
    /// The module name, `CellN`.
    var moduleName: String
    /// The C symbol of the entry point.
    var entrySymbol: String
    /// The complete source file.
    var source: String
    /// Names the cell declares at file scope, in order.
    var declarations: [Declaration]
    /// The extensions the cell declares, in order.
    var extensions: [Extension] = []
    /// An empty type every cell that declares something has, so that a later cell can
    /// import the module without any of its names (`@testable import enum CellN.marker`)
    /// once they have all been replaced: for its extension members, and for access to the
    /// members of its types, which values made earlier still have.
    var marker: String?
    /// The import items the learner wrote in this input (carried to later cells).
    var imports: [String]
    /// Whether the cell has anything at file scope that later cells must import.
    var exportsDeclarations: Bool
    /// Where columns of the generated file differ from the input's (line, first column, shift).
    var columnShifts: [ColumnShift]
    /// The names the cell declares with `typealias`, nested ones too (see ``WrittenType``).
    var typeAliasNames: [String] = []
    /// The declared return types of the top-level functions the cell declares, as written,
    /// by name (see ``WrittenType``).
    var functionReturnTypes: [String: String] = [:]
    /// The names by which a later input reaches what the cell declares (see ``NarrowImports``).
    var reachableNames: Set<String> = []
    /// Whether the cell leaves out an earlier declaring cell (see ``NarrowImports``).
    var leavesOutEarlierCells = false
}

/// Characters inserted into a line of the input (a rewritten `try` initializer): a
/// diagnostic at or after `column` on `line` must move left by `width`.
struct ColumnShift: Equatable {
    /// The input line.
    var line: Int
    /// The first byte column (1-based) that moved.
    var column: Int
    /// How many bytes were inserted.
    var width: Int
}
