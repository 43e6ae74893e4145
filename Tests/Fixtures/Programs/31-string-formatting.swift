// swift-format-ignore-file
import Foundation
let items = [("tea", 3), ("coffee", 12), ("water", 0)]
for (name, count) in items {
    let padded = name.padding(toLength: 8, withPad: ".", startingAt: 0)
    print(padded + String(count))
}
let csv = "id,name\n1,Ana\n2,Bo"
let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
for row in rows {
    print("#\(row[0]) is \(row[1])")
}
let multiline = """
    first line
      indented line
    last line
    """
print(multiline)
print("tab\tseparated", "quote \"here\"")
