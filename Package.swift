// swift-tools-version: 6.0
// SwiftLab: learn Swift's functional operators and reactive streams.
//
// The manifest is split into one block per area (the libraries, REPL, Examples)
// so that each area's targets read together; Documentation/Architecture.md describes them.
import PackageDescription

var products: [Product] = []
var targets: [Target] = []

// SWIFTLAB_SUBJECT_BIAS=off builds Streams without the subjects' thread bias
// (Libraries/Sources/Streams/Subjects/SubjectBias.swift): the compilation condition
// STREAMS_NO_SUBJECT_BIAS (Libraries/Package.swift reads the same variable), which leaves
// every send on the locked protocol, as on platforms without membarrier(2). That build
// exists to test the locked protocol alone, so this manifest then declares only the
// libraries' tests, and `swift test` there builds nothing else; `make test` runs
// StreamsTests that way, in a scratch path of its own (.build-nobias).
let subjectBias = Context.environment["SWIFTLAB_SUBJECT_BIAS"] != "off"
let streamsTestSettings: [SwiftSetting] = subjectBias ? [] : [.define("STREAMS_NO_SUBJECT_BIAS")]

// MARK: - The libraries: Pipelines, Streams, StreamsFoundation, StreamsTesting (and the
// LocalHTTPServer test aid) are their own package in Libraries/, the one other packages
// depend on (Libraries/Package.swift), with none of the REPL. Their tests are here.
let libraries = "Libraries"
func library(_ name: String) -> Target.Dependency { .product(name: name, package: libraries) }
targets += [
    .testTarget(name: "PipelinesTests", dependencies: [library("Pipelines")]),
]

// MARK: - How tests wait for something (Tests/TestWaiting): no fixed deadlines, nothing
// that starves Swift's cooperative pool; shared by every test target that waits.
targets += [
    .target(name: "TestWaiting", path: "Tests/TestWaiting"),
]

// MARK: - The marble tests of the time and combining operators (Tests/StreamsOperatorMarbles),
// checked by StreamsTests and drawn by streams-marble-pictures (below) into their DocC
// pages (scripts/docs.sh).
targets += [
    .target(
        name: "StreamsOperatorMarbles", dependencies: [library("Streams"), library("StreamsTesting")],
        path: "Tests/StreamsOperatorMarbles"),
]

targets += [
    .testTarget(
        name: "StreamsTests",
        dependencies: [
            library("Pipelines"), library("Streams"), library("StreamsFoundation"), library("StreamsTesting"),
            library("LocalHTTPServer"), "TestWaiting", "StreamsOperatorMarbles",
        ],
        swiftSettings: streamsTestSettings
    ),
]

// Where the build without the subjects' bias ends (see the top): the areas below are left
// out of it.
let streamsArea = Set(targets.map(\.name))

// MARK: - The operators' marble diagrams as SVG pictures for their DocC pages
// (Tests/StreamsMarblePictures; scripts/docs.sh runs it).
targets += [
    .executableTarget(
        name: "streams-marble-pictures", dependencies: ["StreamsOperatorMarbles", library("StreamsTesting")],
        path: "Tests/StreamsMarblePictures"),
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
    .library(name: "SwiftLabCells", type: .dynamic, targets: ["SwiftLabCells", "SwiftLabRuntime", "SwiftLabCellsDisplay"]),
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
    // No code of its own: it puts the libraries (from Libraries/) into libSwiftLabCells.
    .target(
        name: "SwiftLabCells",
        dependencies: [
            library("Pipelines"), library("Streams"), library("StreamsFoundation"), library("StreamsTesting"),
            library("LocalHTTPServer"),
        ]
    ),
    // A marble diagram or recording shown as a cell's result is also an SVG picture under
    // `swiftlab serve` (the Jupyter kernel): conformances found at run time, in SwiftLabCells.
    .target(name: "SwiftLabCellsDisplay", dependencies: ["SwiftLabRuntime", library("StreamsTesting")]),
    .testTarget(name: "SwiftLabRuntimeTests", dependencies: ["SwiftLabRuntime"]),
    // SwiftLabCore reads the check reports SwiftLabRuntime's `expect` helpers print.
    .target(
        name: "SwiftLabCore",
        dependencies: [
            "CEditLine", "SwiftLabDescriptorIO", "SwiftLabWorkerProtocol", "SwiftLabRuntime", "SourceKitInProcess",
        ],
        exclude: ["README.md"]),
    .executableTarget(name: "swiftlab", dependencies: ["SwiftLabCore"]),
    // Writing whole and reading framed on file descriptors: swiftlab and its helper
    // processes (the three below) speak to each other through pipes with it.
    .target(name: "SwiftLabDescriptorIO"),
    // Runs compiled cells in a separate process (Sources/SwiftLabCore/Evaluation/Worker).
    .target(name: "SwiftLabWorkerProtocol"),
    .target(name: "CSwiftLabWorker"),
    .executableTarget(
        name: "swiftlab-worker", dependencies: ["SwiftLabDescriptorIO", "SwiftLabWorkerProtocol", "CSwiftLabWorker"]),
    .executableTarget(
        name: "swiftlab-compile-server",
        dependencies: ["SourceKitInProcess", "SwiftLabDescriptorIO", "SwiftLabWorkerProtocol"]),
    .executableTarget(name: "swiftlab-complete", dependencies: ["SourceKitInProcess", "SwiftLabDescriptorIO"]),
    .testTarget(
        name: "SwiftLabCoreTests",
        dependencies: [
            "SwiftLabCore", "SwiftLabDescriptorIO", "SwiftLabRuntime", "SwiftLabWorkerProtocol", "TestWaiting",
        ]),
    // Drives programs through a pseudo-terminal in tests (Tests/PTYTestSupport/README.md).
    .target(name: "PTYTestSupport", dependencies: ["TestWaiting"], path: "Tests/PTYTestSupport", exclude: ["README.md"]),
    .testTarget(
        name: "SwiftLabEndToEndTests",
        dependencies: [
            "SwiftLabCore", "PTYTestSupport", "TestWaiting", "swiftlab", "swiftlab-worker", "swiftlab-compile-server", "swiftlab-complete",
        ]
    ),
]

// MARK: - wss:// (Libraries' StreamsFoundationTLS, on the system's OpenSSL) against a TLS
// WebSocket server of its own on loopback with a test CA. The server is written with
// OpenSSL too: COpenSSLTestServer is its C module (the library's own is not a product).
targets += [
    .systemLibrary(
        name: "COpenSSLTestServer",
        path: "Tests/COpenSSLTestServer",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .testTarget(
        name: "StreamsFoundationTLSTests",
        dependencies: [library("StreamsFoundation"), library("StreamsFoundationTLS"), "COpenSSLTestServer", "TestWaiting"]
    ),
]

// MARK: - Examples: runnable programs built on Streams (Examples/<Name>), `swift run <Name>`.
// Every target names each module it compiles against as a direct dependency, including
// Streams behind StreamsFoundation's re-export: SwiftPM rebuilds a target only when a
// direct dependency's module changes, so a target reaching Streams (or Pipelines)
// through another module kept code inlined from the old Streams after a change to its
// layout, and crashed.
targets += [
    .executableTarget(name: "FeedLoader", dependencies: [library("Streams"), library("StreamsFoundation"), library("LocalHTTPServer")], path: "Examples/FeedLoader"),
    .executableTarget(name: "TokenRefresh", dependencies: [library("Streams")], path: "Examples/TokenRefresh"),
    .executableTarget(name: "RemoteConfig", dependencies: [library("Streams"), library("StreamsFoundation"), library("LocalHTTPServer")], path: "Examples/RemoteConfig"),
    .executableTarget(name: "SaveResult", dependencies: [library("Streams")], path: "Examples/SaveResult"),
    .executableTarget(name: "LoadOnDemand", dependencies: [library("Streams")], path: "Examples/LoadOnDemand"),
    .executableTarget(name: "LiveUpdates", dependencies: [library("Streams"), library("StreamsFoundation"), library("LocalHTTPServer")], path: "Examples/LiveUpdates"),
    .testTarget(
        name: "ExamplesTests",
        dependencies: [
            "FeedLoader", "TokenRefresh", "RemoteConfig", "SaveResult", "LoadOnDemand", "LiveUpdates",
            library("Streams"), library("StreamsFoundation"), library("LocalHTTPServer"), "TestWaiting",
        ]
    ),
]

if !subjectBias {
    products = []
    targets = targets.filter { target in
        streamsArea.contains(target.name) && (target.type != .test || target.name == "StreamsTests")
    }
}

let package = Package(
    name: "SwiftLab",
    platforms: [.macOS(.v13)],
    products: products,
    dependencies: [.package(path: libraries)],
    targets: targets,
    swiftLanguageModes: [.v6]
)
