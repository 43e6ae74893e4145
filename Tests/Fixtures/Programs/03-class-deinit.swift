// swift-format-ignore-file
final class Resource {
    let name: String
    init(name: String) {
        self.name = name
        print("open", name)
    }
    deinit {
        print("close", name)
    }
}
func use() {
    let r = Resource(name: "file")
    print("using", r.name)
}
use()
do {
    let a = Resource(name: "a")
    let b = Resource(name: "b")
    print(a.name + b.name)
}
print("done")
