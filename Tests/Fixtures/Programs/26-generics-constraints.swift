// swift-format-ignore-file
protocol Shape {
    func area() -> Double
}
struct Square: Shape {
    var side: Double
    func area() -> Double { side * side }
}
struct Circle: Shape {
    var radius: Double
    func area() -> Double { 3 * radius * radius }
}
func totalArea<S: Sequence>(_ shapes: S) -> Double where S.Element: Shape {
    shapes.reduce(0) { $0 + $1.area() }
}
print(totalArea([Square(side: 2), Square(side: 3)]))
func biggest(_ shapes: [any Shape]) -> Double {
    shapes.map { $0.area() }.max() ?? 0
}
print(biggest([Square(side: 1), Circle(radius: 2)]))
