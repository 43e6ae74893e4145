// swift-format-ignore-file
enum Shape {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case triangle(Double, Double, Double)
}
func area(_ shape: Shape) -> Double {
    switch shape {
    case .circle(let r):
        return 3.0 * r * r
    case let .rectangle(w, h):
        return w * h
    case .triangle(let a, let b, let c):
        return a + b + c
    }
}
let shapes: [Shape] = [.circle(radius: 1), .rectangle(width: 2, height: 3), .triangle(3, 4, 5)]
for shape in shapes {
    print(area(shape))
}
print(shapes[1])
indirect enum Expr {
    case number(Int)
    case add(Expr, Expr)
    case multiply(Expr, Expr)
}
func evaluate(_ e: Expr) -> Int {
    switch e {
    case .number(let n): return n
    case .add(let a, let b): return evaluate(a) + evaluate(b)
    case .multiply(let a, let b): return evaluate(a) * evaluate(b)
    }
}
print(evaluate(.add(.number(2), .multiply(.number(3), .number(4)))))
