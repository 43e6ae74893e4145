// swift-tools-version: 6.0
// SwiftLab's benchmarks: a separate package so that only it, never the product, depends on
// OpenCombine. Run in release (`swift run -c release --package-path Benchmarks NAME`);
// figures go to ../BENCHMARKS.md with the command that produced them.
import PackageDescription

let swiftLab = "SwiftLab"

let package = Package(
    name: "SwiftLabBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: swiftLab, path: "../Libraries"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // MARK: - Streams against OpenCombine and direct calls.
        .executableTarget(
            name: "StreamsBenchmark",
            dependencies: [
                .product(name: "Streams", package: swiftLab),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // MARK: - Pipeline against the standard library's eager and lazy chains.
        .executableTarget(
            name: "PipelinesBenchmark",
            dependencies: [.product(name: "Pipelines", package: swiftLab)]
        ),
        // MARK: - REPL latency: swiftlab per input against swiftc per stand-alone program.
        // Drives the built swiftlab binary (an executable cannot be a dependency).
        .target(name: "REPLBenchmarkSupport"),
        .executableTarget(name: "REPLLatencyBenchmark", dependencies: ["REPLBenchmarkSupport"]),
        // MARK: - Recovery after a trap or a stopped loop, with few and with many earlier inputs.
        .executableTarget(name: "REPLRecoveryBenchmark", dependencies: ["REPLBenchmarkSupport"]),
        // MARK: - REPL latency: swiftlab against LLDB's Swift REPL on the same session.
        .executableTarget(name: "REPLVersusLLDBBenchmark", dependencies: ["REPLBenchmarkSupport"]),
        // MARK: - Enter to result for a person typing (issue 31): swiftlab against LLDB at a terminal.
        .executableTarget(name: "REPLTypingBenchmark", dependencies: ["REPLBenchmarkSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
