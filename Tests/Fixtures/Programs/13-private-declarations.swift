// swift-format-ignore-file
private let base = 10
fileprivate func scaled(_ x: Int) -> Int { x * base }
private struct Secret {
    var value: Int
}
private(set) var visits = 0
visits += 1
private let secret = Secret(value: scaled(4))
print(secret.value, visits)
