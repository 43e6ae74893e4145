// swift-format-ignore-file
// inherent: Owner names Pet, which a later input declares (a type used before the input that declares it).
final class Owner {
    let name: String
    var pet: Pet?
    init(name: String) { self.name = name }
    deinit { print("owner", name, "gone") }
}
final class Pet {
    weak var owner: Owner?
    deinit { print("pet gone") }
}
func adopt() {
    let owner = Owner(name: "Sam")
    let pet = Pet()
    owner.pet = pet
    pet.owner = owner
    print(pet.owner?.name ?? "none")
}
adopt()
print("after adopt")
