// swift-format-ignore-file
let inputs = ["4", "x", "15", ""]
let parsed = inputs.map { Int($0) }
print(parsed)
for value in parsed {
    if let value, value > 10 {
        print("big", value)
    } else if let value {
        print("small", value)
    } else {
        print("nothing")
    }
}
let total = parsed.compactMap { $0 }.reduce(0, +)
print(total)
let name: String? = nil
print(name ?? "anonymous", name?.count ?? 0)
