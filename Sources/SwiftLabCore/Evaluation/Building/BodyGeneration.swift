/// One file the warm compiler keeps compiling for inputs that declare nothing
/// (``BodyOnlyCode``): functions `__swiftlab_input_1` ... `__swiftlab_input_N`, all empty but the one holding
/// the current input, so that from one compile to the next only function bodies change and
/// sourcekitd reuses its compiler instance (re-type-checking the changed bodies only).
///
/// Each slot is filled once: an input fills the next slot and empties the previous one, and
/// when the slots run out (or the imports differ, or a compile said anything at all) the
/// session starts a new generation, a new module with a new compiler instance. A body
/// that the reused compiler reported on is never trusted: after a diagnostic the reused
/// instance has compiled wrong code in later bodies (BENCHMARKS.md, the warm-compiler
/// section), so the cell is compiled again as a module of its own.
final class BodyGeneration {
    /// Module names of generations start with it (a cell compiled in one is told apart by it).
    static let modulePrefix = "SwiftLabBodies"
    /// How many inputs a generation takes. Every compile generates code for all the slots
    /// again (only type checking is reused): 25 kept a compile at 5-7 ms in the prototype,
    /// 200 at 11 ms, and a new generation costs one full compile.
    static let slotCount = 25

    /// Swift 6's run-time checks that a main-actor closure runs on the main actor need the
    /// source location of the closure, and the reused compiler crashes computing it for a
    /// re-parsed body (signal 11 in SILGen, "While silgen closureexpr", on the second
    /// compile): bodies are compiled without them. They only ever stop a program whose
    /// main-actor closure is called on another thread by code not checked for Swift 6; such
    /// an input runs on instead of stopping with "Incorrect actor executor assumption".
    static let dynamicIsolationFlag = "-disable-dynamic-actor-isolation"

    /// The generation's number in the session (`SwiftLabBodies3`).
    let number: Int
    /// The import lines every body of the generation is compiled with.
    let imports: [String]
    /// The slot the last input filled (0 before the first).
    private(set) var filledSlot = 0

    init(number: Int, imports: [String]) {
        self.number = number
        self.imports = imports
    }

    var moduleName: String { "\(Self.modulePrefix)\(number)" }

    /// Whether `cell` was compiled in a generation rather than as a module of its own.
    static func contains(_ cell: GeneratedCell) -> Bool { cell.moduleName.hasPrefix(modulePrefix) }

    /// Whether `body` can go in the next slot: same imports, and a slot left.
    func accepts(_ body: BodyOnlyCode) -> Bool {
        body.imports == imports && filledSlot < Self.slotCount
    }

    /// Puts `cell`'s body in the next slot and returns the cell as compiled in the
    /// generation: its module, the slot's entry point and the whole file as its source.
    func fill(with cell: GeneratedCell) -> GeneratedCell {
        guard let body = cell.bodyOnly, accepts(body) else {
            preconditionFailure("the cell does not fit the generation")
        }
        filledSlot += 1
        var compiled = cell
        compiled.moduleName = moduleName
        compiled.entrySymbol = entrySymbol(slot: filledSlot)
        compiled.source = source(filling: filledSlot, with: body.statements)
        return compiled
    }

    private func entrySymbol(slot: Int) -> String { "swiftlab_bodies\(number)_slot\(slot)" }

    /// The file with `statements` in `slot` and every other body empty. The entry points
    /// come first, so that their line numbers (which `assumeIsolated` records) never move.
    private func source(filling slot: Int, with statements: [String]) -> String {
        // Nothing outside the bodies may change from one input to the next, comments included.
        var lines = ["// swiftlab: inputs that declare nothing, compiled in \(moduleName)"] + imports + [""]
        // One function runs a slot, and each slot's entry point only calls it: code for 25
        // entry points with a main-actor closure each took longer than the body's own.
        lines += ["@MainActor func __swiftlab_run(slot: Int) throws {", "    switch slot {"]
        lines += (1...Self.slotCount).map { "    case \($0): try __swiftlab_input_\($0)()" }
        lines += [
            "    default: break", "    }", "}",
            "func __swiftlab_enter(slot: Int, _ finished: @convention(c) () -> Void) {",
            "    nonisolated(unsafe) let done = finished",
            "    MainActor.assumeIsolated {",
            "        do { try __swiftlab_run(slot: slot) } catch { SwiftLabRuntime.reportUncaughtError(error) }",
            "        done()",
            "    }",
            "}",
        ]
        for index in 1...Self.slotCount {
            let entry = entrySymbol(slot: index)
            lines.append(
                "@_cdecl(\"\(entry)\") public func \(entry)(_ finished: @convention(c) () -> Void) { __swiftlab_enter(slot: \(index), finished) }"
            )
        }
        for index in 1...Self.slotCount {
            if index == slot {
                lines += ["@MainActor func __swiftlab_input_\(index)() throws {"] + statements + ["}"]
            } else {
                lines.append("@MainActor func __swiftlab_input_\(index)() throws {}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
