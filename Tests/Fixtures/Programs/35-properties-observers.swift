// swift-format-ignore-file
struct Thermostat {
    var target: Int = 20 {
        willSet { print("will set to", newValue) }
        didSet { print("changed from", oldValue) }
    }
    lazy var label: String = {
        print("making the label")
        return "T\(target)"
    }()
}
var thermostat = Thermostat()
thermostat.target = 22
print(thermostat.label)
print(thermostat.label)
var watched = 1 {
    didSet { print("watched is now", watched) }
}
watched = 5
