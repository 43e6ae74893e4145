// swift-format-ignore-file
var reads = 0
var next: Int {
    reads += 1
    return reads * 100
}
print(reads)
print(next)
print(next)
print(reads)
var celsius = 20.0
var fahrenheit: Double {
    get { celsius * 9 / 5 + 32 }
    set { celsius = (newValue - 32) * 5 / 9 }
}
print(fahrenheit)
fahrenheit = 212
print(celsius)
