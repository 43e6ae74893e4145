// swift-format-ignore-file
protocol Container {
    associatedtype Item
    var count: Int { get }
    mutating func add(_ item: Item)
    subscript(index: Int) -> Item { get }
}
struct Bag: Container {
    var things: [String] = []
    var count: Int { things.count }
    mutating func add(_ item: String) { things.append(item) }
    subscript(index: Int) -> String { things[index] }
}
func firstAndLast<C: Container>(_ c: C) -> (C.Item, C.Item)? {
    guard c.count > 0 else { return nil }
    return (c[0], c[c.count - 1])
}
var bag = Bag()
bag.add("pen")
bag.add("cup")
bag.add("key")
if let ends = firstAndLast(bag) {
    print(ends.0, ends.1)
}
