/// The 100 inputs of the benchmark session: what a learner's session mixes (bindings,
/// types, functions, expressions, mutation, a stream fed from later inputs, printing),
/// without redeclarations, so that every prefix also compiles as one Swift program.
enum SessionScript {
    static let inputs: [String] = {
        var inputs = [
            "var acc = [Int]()",
            "let subject = PassthroughSubject<Int, Never>()",
            "let subscription = subject.map { $0 * 2 }.sink { print(\"sent\", $0) }",
        ]
        for index in 3..<100 {
            switch index % 10 {
            case 0: inputs.append("acc.append(\(index))")
            case 1: inputs.append("struct Point\(index) { var x: Int; var y: Int }")
            case 2: inputs.append("let label\(index) = \"item \\(acc.count)\"")
            case 3: inputs.append("func step\(index)(_ a: Int) -> Int { a + \(index) }")
            case 4: inputs.append("acc.map { step\(index - 1)($0) }.reduce(0, +)")
            case 5 where index < 10: inputs.append("let point\(index) = (x: \(index), y: acc.count)")
            case 5: inputs.append("let point\(index) = Point\(index - 4)(x: \(index), y: acc.count)")
            case 6: inputs.append("acc.filter { $0 % 2 == 0 }.count")
            case 7: inputs.append("subject.send(\(index))")
            case 8: inputs.append("var total\(index) = acc.reduce(0, +)")
            default: inputs.append("print(\"step \(index)\", total\(index - 1))")
            }
        }
        return inputs
    }()
}
