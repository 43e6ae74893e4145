// swift-format-ignore-file
struct Palette {
    enum Tone: String, CaseIterable {
        case light, dark
    }
    static var created = 0
    let tone: Tone
    init(tone: Tone) {
        self.tone = tone
        Palette.created += 1
    }
}
let palettes = Palette.Tone.allCases.map(Palette.init)
print(palettes.map { $0.tone.rawValue }, Palette.created)
print(Palette.Tone(rawValue: "dark") == .dark)
