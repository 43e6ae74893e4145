// swift-format-ignore-file
let sentence = "The quick brown fox jumps over the lazy dog"
let words = sentence.split(separator: " ")
print(words.count)
print(words.map { $0.count })
let longest = words.max { $0.count < $1.count } ?? ""
print(longest)
var letters: [Character: Int] = [:]
for ch in sentence.lowercased() where ch.isLetter {
    letters[ch, default: 0] += 1
}
print(letters.filter { $0.value > 2 }.keys.sorted())
print(String(sentence.reversed()))
