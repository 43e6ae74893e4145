// swift-tools-version: 6.0
// SwiftLab's libraries, the package other packages depend on: Pipelines, Streams,
// StreamsFoundation (with StreamsFoundationTLS for wss://) and StreamsTesting, with nothing of the REPL. Depend on it as the
// README says ("Use the libraries in your package"):
//
//     .package(url: "https://github.com/OWNER/SwiftLab.git", from: "X.Y.Z")
//     .package(name: "SwiftLab", path: "../SwiftLab/Libraries")   // a local clone
//
// A release tag (scripts/release.sh) holds this folder as its whole tree, so the
// URL line finds this manifest at the root of the tagged tree, as SwiftPM requires.
// The REPL's package (../Package.swift) depends on this one by path; the libraries'
// tests are there (../Tests), built and run by `make test`.
import PackageDescription

// SWIFTLAB_SUBJECT_BIAS=off builds Streams without the subjects' thread bias
// (Sources/Streams/Subjects/SubjectBias.swift): the compilation condition
// STREAMS_NO_SUBJECT_BIAS leaves every send on the locked protocol, as on platforms without
// membarrier(2). `make test` tests Streams that way too (../Package.swift, ../Makefile).
let streamsSettings: [SwiftSetting] =
    Context.environment["SWIFTLAB_SUBJECT_BIAS"] == "off" ? [.define("STREAMS_NO_SUBJECT_BIAS")] : []

let package = Package(
    name: "SwiftLabLibraries",
    platforms: [.macOS(.v13)],
    products: [
        // MARK: - Pipelines: map / flatMap / compactMap operators and the fused Pipeline value.
        .library(name: "Pipelines", targets: ["Pipelines"]),
        // MARK: - Streams: a Combine-compatible reactive stream type.
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "StreamsFoundation", targets: ["StreamsFoundation"]),
        // Virtual time and marble diagrams for testing (and teaching) time-based streams.
        .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
        // A test aid, not part of the libraries' API: a real HTTP and WebSocket server on
        // 127.0.0.1 for tests and examples. It is here, not in the REPL's package, because it
        // upgrades connections with StreamsFoundation's frame codec (package access), so
        // the client and the server speak one wire format.
        .library(name: "LocalHTTPServer", targets: ["LocalHTTPServer"]),
        // wss:// for StreamsFoundation's WebSocket client: TLS by the system's OpenSSL
        // (libssl-dev, installed by scripts/install-deps.sh). A module of its own so that
        // StreamsFoundation links no TLS library: only programs that import
        // StreamsFoundationTLS (and pass `WebSocketTLS.system()` in their configuration)
        // need OpenSSL.
        .library(name: "StreamsFoundationTLS", targets: ["StreamsFoundationTLS"]),
    ],
    targets: [
        .target(name: "Pipelines"),
        // The compiler barrier and membarrier(2) behind the subjects' thread-biased send
        // (Sources/Streams/Subjects/SubjectBias.swift); imported by Streams' own code only.
        .target(name: "CAsymmetricFence"),
        .target(
            name: "Streams", dependencies: ["Pipelines", "CAsymmetricFence"], exclude: ["Operators/README.md"],
            swiftSettings: streamsSettings
        ),
        .target(name: "StreamsFoundation", dependencies: ["Streams"]),
        .target(name: "StreamsTesting", dependencies: ["Streams"]),
        .target(name: "LocalHTTPServer", dependencies: ["Streams", "StreamsFoundation"]),
        // OpenSSL's headers, with wrappers for the calls OpenSSL spells as macros (shim.h).
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "StreamsFoundationTLS", dependencies: ["StreamsFoundation", "COpenSSL"]),
    ],
    swiftLanguageModes: [.v6]
)
