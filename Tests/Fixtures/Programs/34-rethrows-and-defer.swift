// swift-format-ignore-file
struct Failure: Error {}
func attempt(_ label: String, failing: Bool) throws -> String {
    defer { print("cleanup", label) }
    if failing { throw Failure() }
    return label.uppercased()
}
do {
    print(try attempt("one", failing: false))
    print(try attempt("two", failing: true))
} catch is Failure {
    print("caught a failure")
}
let mapped = try? ["a", "b"].map { try attempt($0, failing: false) }
print(mapped ?? [])
