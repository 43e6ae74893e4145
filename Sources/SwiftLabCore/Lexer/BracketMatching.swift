/// Pairs the brackets of a run of tokens (`(`, `[`, `{` with their closing ones; those
/// inside string literals and comments are not punctuation tokens, so they never count).
enum BracketMatching {
    /// The index of the bracket closing the one at `open` (or the last index, when it is
    /// never closed).
    static func close(in tokens: [SwiftToken], from open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return tokens.count - 1
    }
}
