// swift-format-ignore-file
print("loading", terminator: "")
for _ in 0..<3 {
    print(".", terminator: "")
}
print(" done")
print("a", "b", "c", separator: "-", terminator: "!\n")
