// swift-format-ignore-file
var any = 3
any += 1
print(any)
func some(_ x: Int) -> Int { x * 2 }
print(some(any))
func max(_ a: String, _ b: String) -> String { a.count >= b.count ? a : b }
print(max("long word", "short"))
print(max(3, 9))
