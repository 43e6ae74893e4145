// swift-format-ignore-file
// swift-version: 6
actor Counter {
    private var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}
let counter = Counter()
func work(_ id: Int) async -> Int {
    await counter.increment() * 0 + id
}
print(await counter.increment())
print(await counter.increment())
print(await work(21) * 2)
