import Foundation

/// Finds executables built by the same `swift build` as the running tests.
public enum ProductLocator {
    /// The path of the built executable product `name` (such as `swiftlab`), searched in
    /// the build directory that holds the test bundle; `nil` if it was not built.
    public static func path(of name: String) -> String? {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
