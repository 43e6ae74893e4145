import Foundation
import Streams

// The program runs in a function, not as top-level code: top-level variables of
// main.swift are main-actor isolated in Swift 6, and a closure that touches them traps
// when a stream calls it on another queue.
func runExample() throws {
    /// A pretend expensive load: a report computed on a background queue.
    @Sendable func loadReport() -> AnyPublisher<String, Never> {
        print("  (loading the report...)")
        return Future { promise in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                promise(.success("Quarterly report: 42 sales"))
            }
        }
        .eraseToAnyPublisher()
    }

    let report = OnDemandResource(loader: loadReport)
    print("Resource created; loads so far: \(report.loadsStarted)")

    let arrived = DispatchSemaphore(value: 0)
    print("First subscriber arrives:")
    let first = report.value.sink {
        print("  first got: \($0)")
        arrived.signal()
    }
    arrived.wait()

    print("Second subscriber arrives after the load finished:")
    let second = report.value.sink {
        print("  second got: \($0)")
        arrived.signal()
    }
    arrived.wait()
    print("Loads so far: \(report.loadsStarted)")

    first.cancel()
    second.cancel()
    print("Both cancelled; value still held: \(report.isHoldingValue)")
}

try runExample()
