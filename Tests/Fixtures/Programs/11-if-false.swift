// swift-format-ignore-file
print("before")
#if false
print("never")
let broken: Int = "not an int"
#endif
#if os(Linux) || os(macOS)
print("a known system")
#else
print("elsewhere")
#endif
print("after")
