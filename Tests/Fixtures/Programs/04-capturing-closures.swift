// swift-format-ignore-file
func makeCounter(step: Int) -> () -> Int {
    var total = 0
    return {
        total += step
        return total
    }
}
let byTwo = makeCounter(step: 2)
let byTen = makeCounter(step: 10)
print(byTwo(), byTwo(), byTen(), byTwo())
var log: [String] = []
let record = { (message: String) in log.append(message) }
record("first")
record("second")
print(log)
let adders = (1...3).map { n in { (x: Int) in x + n } }
print(adders.map { $0(10) })
