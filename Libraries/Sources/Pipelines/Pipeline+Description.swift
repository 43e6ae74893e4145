extension Pipeline: CustomStringConvertible {
    /// The pipeline's types and its steps in order, as the REPL shows it.
    ///
    /// ```swift
    /// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
    /// print(evensDoubled)  // Pipeline<Int, Int>: filter -> map
    /// print(Pipeline<Int, Int>())  // Pipeline<Int, Int>: no steps
    /// ```
    public var description: String {
        let steps = stepNames.isEmpty ? "no steps" : stepNames.joined(separator: " -> ")
        return "Pipeline<\(Input.self), \(Output.self)>: \(steps)"
    }
}
