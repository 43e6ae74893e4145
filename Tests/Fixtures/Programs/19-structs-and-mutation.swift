// swift-format-ignore-file
struct Point: Equatable, Hashable {
    var x: Int
    var y: Int
    mutating func move(by dx: Int, _ dy: Int) {
        x += dx
        y += dy
    }
    static let origin = Point(x: 0, y: 0)
}
var p = Point(x: 1, y: 1)
p.move(by: 2, 3)
print(p)
print(p == Point(x: 3, y: 4), Point.origin)
let unique = Set([p, p, Point.origin])
print(unique.count)
var copy = p
copy.x = 100
print(p.x, copy.x)
