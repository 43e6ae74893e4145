// swift-format-ignore-file
class Animal {
    let name: String
    init(name: String) { self.name = name }
    func sound() -> String { "..." }
    func describe() -> String { "\(name) says \(sound())" }
}
class Dog: Animal {
    override func sound() -> String { "woof" }
}
class Puppy: Dog {
    override func sound() -> String { super.sound() + "!" }
}
let animals: [Animal] = [Animal(name: "generic"), Dog(name: "Rex"), Puppy(name: "Bit")]
for animal in animals {
    print(animal.describe())
}
print(animals.filter { $0 is Dog }.count)
