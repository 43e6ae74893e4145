// swift-format-ignore-file
enum ParseError: Error, CustomStringConvertible {
    case empty
    case notANumber(String)
    var description: String {
        switch self {
        case .empty: return "empty input"
        case .notANumber(let text): return "not a number: \(text)"
        }
    }
}
func parse(_ text: String) -> Result<Int, ParseError> {
    guard !text.isEmpty else { return .failure(.empty) }
    guard let value = Int(text) else { return .failure(.notANumber(text)) }
    return .success(value)
}
for input in ["42", "", "x1"] {
    switch parse(input) {
    case .success(let value): print("ok", value)
    case .failure(let error): print("error:", error)
    }
}
print((try? parse("7").get()) ?? 0)
