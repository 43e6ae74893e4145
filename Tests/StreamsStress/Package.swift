// swift-tools-version: 6.0
// The Streams concurrency stress suite, as its own package so that a ThreadSanitizer
// build compiles only Streams and these tests, not the whole of SwiftLab:
//
//     swift test --package-path Tests/StreamsStress --sanitize=thread
//
// `make test` runs it that way.
import PackageDescription

let package = Package(
    name: "StreamsStress",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "SwiftLab", path: "../../Libraries")
    ],
    targets: [
        .testTarget(
            name: "StreamsStressTests",
            dependencies: [.product(name: "Streams", package: "SwiftLab")]
        )
    ],
    swiftLanguageModes: [.v6]
)
