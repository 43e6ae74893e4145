// swift-tools-version: 6.0
// SwiftLab: learn Swift's functional operators and reactive streams.
//
// The manifest is split into one block per area (Pipelines, Streams, REPL, Examples)
// so that each area's targets read together; see ../shared/design/architecture.md.
import PackageDescription

var products: [Product] = []
var targets: [Target] = []

// MARK: - Pipelines: map / flatMap / compactMap operators and the fused Pipeline value.
products += [
    .library(name: "Pipelines", targets: ["Pipelines"])
]
targets += [
    .target(name: "Pipelines"),
    .testTarget(name: "PipelinesTests", dependencies: ["Pipelines"]),
]

// MARK: - How tests wait for something (Tests/TestWaiting): no fixed deadlines, nothing
// that starves Swift's cooperative pool; shared by every test target that waits.
targets += [
    .target(name: "TestWaiting", path: "Tests/TestWaiting")
]

// MARK: - A real HTTP server on 127.0.0.1: the examples that talk to a server start one, and
// so do the tests of URLSession.dataTaskPublisher. It upgrades connections to WebSockets
// with StreamsFoundation's frame codec (package access), so the client and the server speak
// one wire format. A library product so that the WebSocket interoperability package
// (Tests/WebSocketInterop) can test it; SwiftLabCells holds it for lesson 20.
products += [
    .library(name: "LocalHTTPServer", targets: ["LocalHTTPServer"])
]
targets += [
    .target(name: "LocalHTTPServer", dependencies: ["Streams", "StreamsFoundation"])
]

// MARK: - Streams: a Combine-compatible reactive stream type.
products += [
    .library(name: "Streams", targets: ["Streams"]),
    .library(name: "StreamsFoundation", targets: ["StreamsFoundation"]),
    // Virtual time and marble diagrams for testing (and teaching) time-based streams.
    .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
]
targets += [
    // The compiler barrier and membarrier(2) behind the subjects' thread-biased send
    // (Sources/Streams/Subjects/SubjectBias.swift); imported by Streams' own code only.
    .target(name: "CAsymmetricFence"),
    .target(name: "Streams", dependencies: ["Pipelines", "CAsymmetricFence"], exclude: ["Operators/README.md"]),
    .target(name: "StreamsFoundation", dependencies: ["Streams"]),
    .target(name: "StreamsTesting", dependencies: ["Streams"]),
    .testTarget(
        name: "StreamsTests",
        dependencies: ["Pipelines", "Streams", "StreamsFoundation", "StreamsTesting", "LocalHTTPServer", "TestWaiting"]
    ),
]

// MARK: - wss:// for StreamsFoundation's WebSocket client: TLS by the system's OpenSSL
// (libssl-dev, installed by scripts/install-deps.sh). A module of its own so that
// StreamsFoundation links no TLS library: only programs that import StreamsFoundationTLS
// (and pass `WebSocketTLS.system()` in their configuration) need OpenSSL.
products += [
    .library(name: "StreamsFoundationTLS", targets: ["StreamsFoundationTLS"])
]
targets += [
    .systemLibrary(
        name: "COpenSSL",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .target(name: "StreamsFoundationTLS", dependencies: ["StreamsFoundation", "COpenSSL"]),
    // Against a TLS WebSocket server of its own on loopback, with a test CA.
    .testTarget(
        name: "StreamsFoundationTLSTests",
        dependencies: ["StreamsFoundation", "StreamsFoundationTLS", "COpenSSL", "TestWaiting"]
    ),
]

// MARK: - sourcekitd, the toolchain's compiler as a library (usr/lib/libsourcekitdInProc.so),
// loaded with dlopen (CSourceKitd declares the C API) and sent any request; never loaded in
// swiftlab's own process, since a crash in the library would end the REPL.
targets += [
    .target(name: "CSourceKitd", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "SourceKitInProcess", dependencies: ["CSourceKitd"], exclude: ["README.md"]),
    .testTarget(name: "SourceKitInProcessTests", dependencies: ["SourceKitInProcess"]),
]

// MARK: - The swiftlab REPL.
products += [
    .executable(name: "swiftlab", targets: ["swiftlab"]),
    .executable(name: "swiftlab-worker", targets: ["swiftlab-worker"]),
    // The warm compiler: sourcekitd kept loaded in a process of its own, compiling cells
    // (Sources/SwiftLabCore/Evaluation/Building/CompileServer.swift); optional at run time.
    .executable(name: "swiftlab-compile-server", targets: ["swiftlab-compile-server"]),
    // The compiler's completion (sourcekitd) in a process of its own, started by the REPL.
    .executable(name: "swiftlab-complete", targets: ["swiftlab-complete"]),
    // What every compiled REPL cell links against and imports: one shared library, so
    // that the worker loads each module's code and metadata exactly once. LocalHTTPServer
    // is in it so that a lesson (20, live data) can start a real server with `import`.
    .library(
        name: "SwiftLabCells",
        type: .dynamic,
        targets: ["Pipelines", "Streams", "StreamsFoundation", "StreamsTesting", "LocalHTTPServer", "SwiftLabRuntime"]
    ),
]
targets += [
    // libedit, with static inline wrappers for its variadic calls (Sources/CEditLine/shim.h).
    .systemLibrary(
        name: "CEditLine",
        pkgConfig: "libedit",
        providers: [.apt(["libedit-dev"])]
    ),
    // Linked into every compiled cell: result display and the lesson check helpers.
    .target(name: "SwiftLabRuntime"),
    .testTarget(name: "SwiftLabRuntimeTests", dependencies: ["SwiftLabRuntime"]),
    // SwiftLabCore reads the check reports SwiftLabRuntime's `expect` helpers print.
    .target(
        name: "SwiftLabCore",
        dependencies: ["CEditLine", "SwiftLabWorkerProtocol", "SwiftLabRuntime", "SourceKitInProcess"],
        exclude: ["README.md"]),
    .executableTarget(name: "swiftlab", dependencies: ["SwiftLabCore"]),
    // Runs compiled cells in a separate process (Sources/SwiftLabCore/Evaluation/Worker).
    .target(name: "SwiftLabWorkerProtocol"),
    .target(name: "CSwiftLabWorker"),
    .executableTarget(name: "swiftlab-worker", dependencies: ["SwiftLabWorkerProtocol", "CSwiftLabWorker"]),
    .executableTarget(name: "swiftlab-compile-server", dependencies: ["SourceKitInProcess", "SwiftLabWorkerProtocol"]),
    .executableTarget(name: "swiftlab-complete", dependencies: ["SourceKitInProcess"]),
    .testTarget(
        name: "SwiftLabCoreTests",
        dependencies: ["SwiftLabCore", "SwiftLabRuntime", "SwiftLabWorkerProtocol", "TestWaiting"]),
    // Drives programs through a pseudo-terminal in tests (Tests/PTYTestSupport/README.md).
    .target(
        name: "PTYTestSupport", dependencies: ["TestWaiting"], path: "Tests/PTYTestSupport", exclude: ["README.md"]),
    .testTarget(
        name: "SwiftLabEndToEndTests",
        dependencies: [
            "SwiftLabCore", "PTYTestSupport", "TestWaiting", "swiftlab", "swiftlab-worker", "swiftlab-compile-server",
            "swiftlab-complete",
        ]
    ),
]

// MARK: - Examples: runnable programs built on Streams (Examples/<Name>), `swift run <Name>`.
// Every target names each module it compiles against as a direct dependency, including
// Streams behind StreamsFoundation's re-export: SwiftPM rebuilds a target only when a
// direct dependency's module changes, so a target reaching Streams (or Pipelines)
// through another module kept code inlined from the old Streams after a change to its
// layout, and crashed.
targets += [
    .executableTarget(
        name: "FeedLoader", dependencies: ["Streams", "StreamsFoundation", "LocalHTTPServer"],
        path: "Examples/FeedLoader"),
    .executableTarget(name: "TokenRefresh", dependencies: ["Streams"], path: "Examples/TokenRefresh"),
    .executableTarget(
        name: "RemoteConfig", dependencies: ["Streams", "StreamsFoundation", "LocalHTTPServer"],
        path: "Examples/RemoteConfig"),
    .executableTarget(name: "SaveResult", dependencies: ["Streams"], path: "Examples/SaveResult"),
    .executableTarget(name: "LoadOnDemand", dependencies: ["Streams"], path: "Examples/LoadOnDemand"),
    .executableTarget(
        name: "LiveUpdates", dependencies: ["Streams", "StreamsFoundation", "LocalHTTPServer"],
        path: "Examples/LiveUpdates"),
    .testTarget(
        name: "ExamplesTests",
        dependencies: [
            "FeedLoader", "TokenRefresh", "RemoteConfig", "SaveResult", "LoadOnDemand", "LiveUpdates",
            "Streams", "StreamsFoundation", "LocalHTTPServer", "TestWaiting",
        ]
    ),
]

let package = Package(
    name: "SwiftLab",
    platforms: [.macOS(.v13)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
