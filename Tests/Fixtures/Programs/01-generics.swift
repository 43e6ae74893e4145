// swift-format-ignore-file
func largest<T: Comparable>(_ items: [T]) -> T? {
    guard var best = items.first else { return nil }
    for item in items where item > best {
        best = item
    }
    return best
}
print(largest([3, 9, 2]) ?? -1)
print(largest(["pear", "apple", "zucchini"]) ?? "none")
struct Stack<Element> {
    private var items: [Element] = []
    mutating func push(_ item: Element) { items.append(item) }
    mutating func pop() -> Element? { items.popLast() }
    var isEmpty: Bool { items.isEmpty }
}
var stack = Stack<String>()
stack.push("a")
stack.push("b")
while let top = stack.pop() {
    print("popped", top)
}
print(stack.isEmpty)
