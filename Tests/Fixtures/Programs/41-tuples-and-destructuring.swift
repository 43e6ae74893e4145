// swift-format-ignore-file
func minMax(_ values: [Int]) -> (min: Int, max: Int)? {
    guard let first = values.first else { return nil }
    return values.dropFirst().reduce((first, first)) { (min($0.0, $1), max($0.1, $1)) }
}
if let bounds = minMax([5, -2, 9, 4]) {
    print(bounds.min, bounds.max)
}
let (a, b) = (1, "one")
print(a, b)
var (x, y) = (0, 0)
(x, y) = (y + 3, x + 4)
print(x, y)
