// swift-format-ignore-file
final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
    deinit { print("freeing a box of", type(of: value)) }
}
func peek<T>(_ value: T) -> String {
    let box = Box(value)
    return "\(box.value)"
}
print(peek(3))
print(peek("text"))
print(peek([1.5]))
