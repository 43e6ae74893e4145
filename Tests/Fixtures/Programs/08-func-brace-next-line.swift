// swift-format-ignore-file
func greet(_ name: String) -> String
{
    return "Hello, " + name
}
print(greet("Ada"))
func pairUp<First,
            Second>(_ a: First, _ b: Second) -> (First, Second)
{
    (a, b)
}
print(pairUp(1, "one"))
