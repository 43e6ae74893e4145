import CSwiftLabWorker
import Foundation
import SwiftLabDescriptorIO
import SwiftLabWorkerProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs cells on the main thread and keeps the main run loop going between them.
@MainActor
enum CellRunner {
    /// The cell that runs now, its library's handle, and the output descriptors saved
    /// while a quiet cell runs.
    private static var current: (cell: Int, handle: UnsafeMutableRawPointer, savedOutput: (Int32, Int32)?)?

    /// Starts reading requests, reports readiness and runs the main run loop forever.
    static func start() -> Never {
        let reader = Thread { readRequests() }
        reader.start()
        send(.ready)
        // A far-off repeating timer keeps the run loop from returning when it has no other
        // source (the main dispatch queue alone does not count as one).
        RunLoop.main.add(Timer(timeInterval: 86_400, repeats: true) { _ in }, forMode: .default)
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    /// Makes the standard library's prespecialised generics (`Array<Int>.append`...)
    /// and libSwiftLabCells (Streams, Pipelines, SwiftLabRuntime...) available to every
    /// cell. Cells are compiled with -Onone, which calls the generics from
    /// SwiftOnoneSupport; a debug worker has that library loaded already, a release one
    /// does not. Loading it once here, for all cells, costs a few milliseconds at start;
    /// linking every cell against it cost about 23 ms per input. The fast path links cells
    /// without naming libSwiftLabCells (it saves the linker half its work), so it must be
    /// here, next to this executable, before the first cell.
    static func loadSupportLibraries() {
        #if os(macOS)
        let names = ["libswiftSwiftOnoneSupport.dylib", "libSwiftLabCells.dylib"]
        #else
        let names = ["libswiftSwiftOnoneSupport.so", "libSwiftLabCells.so"]
        #endif
        let directory = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for (index, name) in names.enumerated() {
            let path = index == 0 ? name : directory.appendingPathComponent(name).path
            let handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL)
            if index == 1 { cellsLibrary = handle }
            if handle == nil {
                // Cells that need it then fail to load with the loader's message naming the
                // missing symbol; everything else works.
                FileHandle.standardError.write(Data("swiftlab-worker: \(String(cString: dlerror()))\n".utf8))
            }
        }
    }

    /// libSwiftLabCells, where the runtime's functions are (cells on the fast path do not
    /// link it, so a cell's handle does not reach them).
    private static var cellsLibrary: UnsafeMutableRawPointer?

    /// Runs requested while another cell had not finished (a restore sends all at once).
    private static var queued: [(cell: Int, library: String, symbol: String, quiet: Bool)] = []

    /// Loads a cell and calls its entry point, or queues it while another cell runs.
    static func run(cell: Int, library: String, symbol: String, quiet: Bool) {
        guard current == nil else {
            queued.append((cell, library, symbol, quiet))
            return
        }
        guard let handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL),
            let address = dlsym(handle, symbol)
        else {
            send(.failed(cell: cell, message: String(cString: dlerror())))
            runNextQueued()
            return
        }
        var saved: (Int32, Int32)?
        if quiet {
            fflush(nil)
            saved = (dup(1), dup(2))
            let null = open("/dev/null", O_WRONLY)
            dup2(null, 1)
            dup2(null, 2)
            close(null)
        }
        current = (cell, handle, saved)
        var signal: Int32 = 0
        let ending = swiftlab_worker_run_guarded(address, cellDidFinish, &signal)
        if ending != swiftlab_cell_returned {
            finishStoppedCell(trapped: ending == swiftlab_cell_trapped, signal: signal)
        }
    }

    /// Ends the cell the guard left at a trap or a Ctrl-C: everything it did before stays
    /// (its frames' locals are leaked, as when LLDB leaves an expression), and the worker
    /// goes on with the next request. The cell's completion is never called.
    private static func finishStoppedCell(trapped: Bool, signal: Int32) {
        guard let running = current else { return }
        current = nil
        fflush(nil)
        restoreOutput(running.savedOutput)
        // Results it showed before stopping are forgotten and their numbers given out
        // again, as a new worker running the earlier inputs again would.
        if let address = runtimeFunction("swiftlab_runtime_discard_new_results", handle: running.handle) {
            unsafeBitCast(address, to: (@convention(c) () -> Void).self)()
        }
        send(trapped ? .trapped(cell: running.cell, signal: signal) : .interrupted(cell: running.cell))
        runNextQueued()
    }

    private static func restoreOutput(_ saved: (Int32, Int32)?) {
        guard let (out, err) = saved else { return }
        dup2(out, 1)
        dup2(err, 2)
        close(out)
        close(err)
    }

    private static func runNextQueued() {
        guard !queued.isEmpty else { return }
        let next = queued.removeFirst()
        run(cell: next.cell, library: next.library, symbol: next.symbol, quiet: next.quiet)
    }

    /// Sends the reply for the running cell after the main-queue work the cell has queued
    /// so far (a main-actor `Task`, a `receive(on: DispatchQueue.main)` delivery), so that
    /// this output is shown with the input that caused it.
    static func finishCurrentCell() {
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard let running = current else { return }
                current = nil
                fflush(nil)
                restoreOutput(running.savedOutput)
                for (number, type) in takeNewResults(handle: running.handle) {
                    send(.result(cell: running.cell, number: number, type: type))
                }
                send(.finished(cell: running.cell))
                runNextQueued()
            }
        }
    }
}

extension CellRunner {
    /// The runtime's function listing the results shown since it was last called.
    private typealias TakeNewResultTypes = @convention(c) () -> UnsafeMutablePointer<CChar>?

    /// A function of the runtime's, found in libSwiftLabCells as the worker loaded it, else
    /// through the cell's library (the driver path links it).
    static func runtimeFunction(_ name: String, handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        cellsLibrary.flatMap { dlsym($0, name) } ?? dlsym(handle, name)
    }

    /// The static type of each `$R` result the cell showed, by number, which swiftlab is
    /// told so that later inputs can name them.
    static func takeNewResults(handle: UnsafeMutableRawPointer) -> [(number: Int, type: String)] {
        guard let address = runtimeFunction("swiftlab_runtime_take_new_result_types", handle: handle),
            let text = unsafeBitCast(address, to: TakeNewResultTypes.self)()
        else { return [] }
        defer { free(text) }
        return String(cString: text).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2, let number = Int(fields[0]) else { return nil }
            return (number, String(fields[1]))
        }
    }
}

/// The completion callback handed to every cell's entry point (always called on the main thread).
private let cellDidFinish: @convention(c) () -> Void = {
    MainActor.assumeIsolated { CellRunner.finishCurrentCell() }
}

/// Writes one reply line, whole (replies go out from the main thread and the reader's).
func send(_ reply: WorkerReply) {
    guard FileDescriptorWriter.write(Array((reply.line + "\n").utf8), to: WorkerChannel.replyDescriptor) else {
        exit(0)  // the REPL has gone: nothing is left to do
    }
}

/// Reads requests on a thread of its own and hands each to the main queue; the worker
/// exits when the REPL closes the request pipe.
private func readRequests() {
    var requests = FileDescriptorReader(WorkerChannel.requestDescriptor)
    while case .success(let line) = requests.next(FileDescriptorReader.line) {
        switch WorkerRequest(line: Substring(line)) {
        case .run(let cell, let library, let symbol, let quiet):
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    CellRunner.run(cell: cell, library: library, symbol: symbol, quiet: quiet)
                }
            }
        case .ping:
            send(.pong)
        case nil:
            FileHandle.standardError.write(Data("swiftlab-worker: unknown request: \(line)\n".utf8))
        }
    }
    // The REPL has gone (it quit, or was killed). Exit on the main thread once the cell
    // that runs now returns, with its output flushed; but a cell that does not return (an
    // endless loop, which the REPL would have stopped) must not run on forever with nobody
    // left to stop it: after a second, exit from here, without cleanup.
    DispatchQueue.main.async {
        fflush(nil)
        exit(0)
    }
    sleep(1)
    _exit(0)
}
