// swift-format-ignore-file
var stock = ["apples": 3, "pears": 0, "plums": 7]
stock["kiwis"] = 5
stock["pears"] = nil
for key in stock.keys.sorted() {
    print(key, stock[key]!)
}
let grouped = Dictionary(grouping: ["ant", "bee", "bat", "cat"]) { $0.first! }
print(grouped.keys.sorted(), grouped["b"]!.sorted())
let counts = ["a", "b", "a", "c", "a"].reduce(into: [:]) { $0[$1, default: 0] += 1 }
print(counts.sorted { $0.key < $1.key })
