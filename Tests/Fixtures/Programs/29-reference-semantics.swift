// swift-format-ignore-file
final class Node {
    var value: Int
    var next: Node?
    init(_ value: Int, next: Node? = nil) {
        self.value = value
        self.next = next
    }
}
let list = Node(1, next: Node(2, next: Node(3)))
var cursor: Node? = list
var values: [Int] = []
while let node = cursor {
    values.append(node.value)
    cursor = node.next
}
print(values)
let alias = list
alias.value = 99
print(list.value, alias === list)
