// swift-format-ignore-file
var counter = 0
func increment() {
    counter += 1
}
struct Snapshot {
    let value: Int
    init() { value = counter }
}
increment()
increment()
print(counter, Snapshot().value)
class Tally {
    func add() { counter += 10 }
}
Tally().add()
print(counter)
