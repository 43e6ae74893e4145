/// The app's remote configuration.
struct AppConfig: Codable, Equatable, Sendable {
    /// Increases with every change on the server.
    var version: Int
    var welcomeMessage: String
    var featureFlags: [String: Bool]

    /// The copy that ships with the app, used until anything better is known.
    static let bundledDefault = AppConfig(
        version: 1,
        welcomeMessage: "Welcome!",
        featureFlags: ["newOnboarding": false]
    )
}
