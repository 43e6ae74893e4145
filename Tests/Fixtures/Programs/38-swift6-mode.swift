// swift-format-ignore-file
// swift-version: 6
extension String {
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
struct Money: CustomStringConvertible {
    var cents: Int
    var description: String { "$\(cents / 100).\(String(format2: cents % 100))" }
}
let prices = [Money(cents: 199), Money(cents: 2050), Money(cents: 5)]
print(prices)
print(prices.map(\.cents).reduce(0, +))
