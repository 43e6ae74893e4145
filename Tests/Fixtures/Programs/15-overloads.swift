// swift-format-ignore-file
func describe(_ x: Int) -> String { "an Int: \(x)" }
func describe(_ x: String) -> String { "a String: \(x)" }
func describe(_ x: Double) -> String { "a Double: \(x)" }
print(describe(1))
print(describe("two"))
print(describe(3.5))
struct Vec { var x: Int; var y: Int }
func + (a: Vec, b: Vec) -> Vec { Vec(x: a.x + b.x, y: a.y + b.y) }
func - (a: Vec, b: Vec) -> Vec { Vec(x: a.x - b.x, y: a.y - b.y) }
prefix func - (v: Vec) -> Vec { Vec(x: -v.x, y: -v.y) }
let v = Vec(x: 1, y: 2)
print(v + v, v - v, -v)
