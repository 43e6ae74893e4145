// swift-format-ignore-file
struct Countdown: Sequence, IteratorProtocol {
    var current: Int
    mutating func next() -> Int? {
        guard current > 0 else { return nil }
        defer { current -= 1 }
        return current
    }
}
print(Array(Countdown(current: 5)))
let firstBig = (1...).lazy.map { $0 * $0 }.first { $0 > 50 }
print(firstBig!)
for (index, value) in ["a", "b"].enumerated() {
    print(index, value)
}
print(Array(zip([1, 2, 3], ["x", "y"])))
print(stride(from: 10, to: 0, by: -3).map { $0 })
