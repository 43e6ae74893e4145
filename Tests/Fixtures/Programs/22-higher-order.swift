// swift-format-ignore-file
let numbers = Array(1...10)
let evens = numbers.filter { $0 % 2 == 0 }
let squares = evens.map { $0 * $0 }
let sum = squares.reduce(0, +)
print(evens, squares, sum)
let words = ["apple", "bob", "kayak", "swift"]
let palindromes = words.filter { $0 == String($0.reversed()) }
print(palindromes)
print(words.compactMap { $0.count > 4 ? $0.uppercased() : nil })
print([[1, 2], [3], []].flatMap { $0 })
print(numbers.sorted(by: >).prefix(3))
