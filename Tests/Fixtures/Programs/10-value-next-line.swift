// swift-format-ignore-file
let greeting =
    "hello"
var total =
    [1, 2, 3].reduce(0, +)
total +=
    10
print(greeting, total)
let message = greeting +
    " world"
print(message)
