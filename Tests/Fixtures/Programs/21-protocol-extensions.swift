// swift-format-ignore-file
protocol Describable {
    var title: String { get }
}
extension Describable {
    func banner() -> String { "== \(title) ==" }
}
struct Book: Describable {
    var title: String
}
struct Film: Describable {
    var title: String
    func banner() -> String { "** \(title) **" }
}
let items: [any Describable] = [Book(title: "Dune"), Film(title: "Alien")]
for item in items {
    print(item.banner())
}
print(Film(title: "Heat").banner())
