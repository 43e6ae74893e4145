// swift-format-ignore-file
func classify(_ value: Int) -> String {
    switch value {
    case ..<0: return "negative"
    case 0: return "zero"
    case 1...9: return "digit"
    case let n where n % 2 == 0: return "big even"
    default: return "big odd"
    }
}
print([-5, 0, 7, 12, 13].map(classify))
let point = (2, 0)
switch point {
case (0, 0): print("origin")
case (_, 0): print("on the x axis")
case (0, _): print("on the y axis")
default: print("elsewhere")
}
