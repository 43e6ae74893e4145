// swift-format-ignore-file
struct Record {
    let key: String
    let value: Int
}
let text = """
alpha=1
beta=22
gamma=333
"""
let records = text.split(separator: "\n").compactMap { line -> Record? in
    let parts = line.split(separator: "=")
    guard parts.count == 2, let value = Int(parts[1]) else { return nil }
    return Record(key: String(parts[0]), value: value)
}
print(records.map(\.key))
print(records.map(\.value).reduce(0, +))
let lookup = Dictionary(uniqueKeysWithValues: records.map { ($0.key, $0.value) })
print(lookup["beta"]!)
