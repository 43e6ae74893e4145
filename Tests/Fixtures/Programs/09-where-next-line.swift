// swift-format-ignore-file
func allEqual<T>(_ items: [T]) -> Bool
    where T: Equatable
{
    guard let first = items.first else { return true }
    return items.allSatisfy { $0 == first }
}
print(allEqual([1, 1, 1]), allEqual(["a", "b"]))
extension Array
where Element: Numeric {
    func total() -> Element { reduce(0, +) }
}
print([1, 2, 3].total())
