// swift-format-ignore-file
let word = "café"
print(word.count, word.unicodeScalars.count, word.utf8.count)
let flags = "🇫🇷🇯🇵"
print(flags.count)
for character in "añb" {
    print(character, character.isLetter)
}
let index = word.index(word.startIndex, offsetBy: 3)
print(word[index])
print(word.uppercased(), word.hasPrefix("ca"), word.contains("fé"))
