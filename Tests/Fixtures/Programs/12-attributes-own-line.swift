// swift-format-ignore-file
@discardableResult
func bump(_ x: inout Int) -> Int {
    x += 1
    return x
}
var n = 0
bump(&n)
bump(&n)
print(n)
@inline(never)
func square(_ x: Int) -> Int { x * x }
print(square(7))
