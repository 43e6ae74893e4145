// Streams against OpenCombine 0.14.0 and against the same closures called directly.
//
//   swift run -c release --package-path Benchmarks StreamsBenchmark
//
// Every scenario runs the identical closures (defined once below) through each
// implementation; each figure is the best of several rounds, to damp the noise of a
// shared machine. Compare ratios from one run, never figures across runs.
import Dispatch
import Foundation
import OpenCombine
import Streams

// MARK: - The work: the same closures for every implementation

/// Sums what reaches the sink, so that the optimizer cannot drop the work.
final class Accumulator {
    var total = 0
}

/// Hides a closure from the optimizer, so that it is not constant-folded into loops.
///
/// One non-generic overload per closure type: a generic `opaque<T>` would hand back each
/// closure wrapped in two reabstraction thunks (to and from the generic representation),
/// which every implementation would then pay on every call, although no real call site
/// has them. `@_optimize(none)` keeps the optimizer from seeing that the result is the
/// argument.
@inline(never) @_optimize(none)
func opaque(_ function: @escaping (Int) -> Int) -> (Int) -> Int { function }

@inline(never) @_optimize(none)
func opaque(_ function: @escaping (Int) -> Bool) -> (Int) -> Bool { function }

@inline(never) @_optimize(none)
func opaque(_ function: @escaping (Int) -> Void) -> (Int) -> Void { function }

@inline(never) @_optimize(none)
func opaque(_ function: @escaping (Int) -> Double) -> (Int) -> Double { function }

@inline(never) @_optimize(none)
func opaque(_ function: @escaping (Double) -> Int) -> (Double) -> Int { function }

/// The closures every implementation runs. Made once, behind `opaque`, and passed to
/// every scenario, so that no implementation gets them inlined for free.
struct Work {
    let increment: (Int) -> Int = opaque { $0 &+ 1 }
    let isEven: (Int) -> Bool = opaque { $0 & 1 == 0 }
    /// (d)'s type-changing maps: `toDouble` then `toInt` adds one, exactly.
    let toDouble: (Int) -> Double = opaque { Double($0) + 1 }
    let toInt: (Double) -> Int = opaque { Int($0) }
}

// MARK: - Scenarios

/// (a) and (b): a subject feeding `mapCount` maps, a filter and a sink, `events` sends.
func streamsChain(mapCount: Int, events: Int, work: Work) -> Int {
    let sum = Accumulator()
    let subject = Streams.PassthroughSubject<Int, Never>()
    let cancellable =
        mapCount == 1
        ? streamsSubscribeOneMap(subject, sum: sum, work: work)
        : streamsSubscribeFiveMaps(subject, sum: sum, work: work)
    for value in 0..<events { subject.send(value) }
    cancellable.cancel()
    return sum.total
}

@inline(never)
func streamsSubscribeOneMap(_ subject: Streams.PassthroughSubject<Int, Never>, sum: Accumulator, work: Work)
    -> Streams.AnyCancellable
{
    subject.map(work.increment).filter(work.isEven).sink { sum.total &+= $0 }
}

@inline(never)
func streamsSubscribeFiveMaps(_ subject: Streams.PassthroughSubject<Int, Never>, sum: Accumulator, work: Work)
    -> Streams.AnyCancellable
{
    let increment = work.increment
    return subject.map(increment).map(increment).map(increment).map(increment).map(increment)
        .filter(work.isEven).sink { sum.total &+= $0 }
}

func openCombineChain(mapCount: Int, events: Int, work: Work) -> Int {
    let (increment, isEven) = (work.increment, work.isEven)
    let sum = Accumulator()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let cancellable: OpenCombine.AnyCancellable
    if mapCount == 1 {
        cancellable = subject.map(increment).filter(isEven).sink { sum.total &+= $0 }
    } else {
        cancellable = subject.map(increment).map(increment).map(increment).map(increment).map(increment)
            .filter(isEven).sink { sum.total &+= $0 }
    }
    for value in 0..<events { subject.send(value) }
    cancellable.cancel()
    return sum.total
}

func directChain(mapCount: Int, events: Int, work: Work) -> Int {
    let (increment, isEven) = (work.increment, work.isEven)
    let sum = Accumulator()
    let sink: (Int) -> Void = opaque { sum.total &+= $0 }
    for value in 0..<events {
        var mapped = increment(value)
        if mapCount > 1 {
            mapped = increment(increment(increment(increment(mapped))))
        }
        if isEven(mapped) { sink(mapped) }
    }
    return sum.total
}

/// (d): like (b), but four of the five maps change the type (Int -> Double -> Int ...):
/// `map.map` then composes closures instead of keeping a list of same-type stages.
func streamsTypeChangingChain(events: Int, work: Work) -> Int {
    let sum = Accumulator()
    let subject = Streams.PassthroughSubject<Int, Never>()
    let cancellable = streamsSubscribeTypeChanging(subject, sum: sum, work: work)
    for value in 0..<events { subject.send(value) }
    cancellable.cancel()
    return sum.total
}

@inline(never)
func streamsSubscribeTypeChanging(_ subject: Streams.PassthroughSubject<Int, Never>, sum: Accumulator, work: Work)
    -> Streams.AnyCancellable
{
    let (toDouble, toInt) = (work.toDouble, work.toInt)
    return subject.map(toDouble).map(toInt).map(toDouble).map(toInt).map(work.increment)
        .filter(work.isEven).sink { sum.total &+= $0 }
}

func openCombineTypeChangingChain(events: Int, work: Work) -> Int {
    let (toDouble, toInt) = (work.toDouble, work.toInt)
    let sum = Accumulator()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let cancellable = subject.map(toDouble).map(toInt).map(toDouble).map(toInt).map(work.increment)
        .filter(work.isEven).sink { sum.total &+= $0 }
    for value in 0..<events { subject.send(value) }
    cancellable.cancel()
    return sum.total
}

func directTypeChangingChain(events: Int, work: Work) -> Int {
    let (toDouble, toInt, increment, isEven) = (work.toDouble, work.toInt, work.increment, work.isEven)
    let sum = Accumulator()
    let sink: (Int) -> Void = opaque { sum.total &+= $0 }
    for value in 0..<events {
        let mapped = increment(toInt(toDouble(toInt(toDouble(value)))))
        if isEven(mapped) { sink(mapped) }
    }
    return sum.total
}

/// (c): create a subject, subscribe the (a) pipeline, send one value, cancel; `cycles` times.
func streamsCycles(_ cycles: Int, work: Work) -> Int {
    let (increment, isEven) = (work.increment, work.isEven)
    let sum = Accumulator()
    for value in 0..<cycles {
        let subject = Streams.PassthroughSubject<Int, Never>()
        let cancellable = subject.map(increment).filter(isEven).sink { sum.total &+= $0 }
        subject.send(value)
        cancellable.cancel()
    }
    return sum.total
}

func openCombineCycles(_ cycles: Int, work: Work) -> Int {
    let (increment, isEven) = (work.increment, work.isEven)
    let sum = Accumulator()
    for value in 0..<cycles {
        let subject = OpenCombine.PassthroughSubject<Int, Never>()
        let cancellable = subject.map(increment).filter(isEven).sink { sum.total &+= $0 }
        subject.send(value)
        cancellable.cancel()
    }
    return sum.total
}

func directCycles(_ cycles: Int, work: Work) -> Int {
    let (increment, isEven) = (work.increment, work.isEven)
    _ = (increment, isEven)
    return directChain(mapCount: 1, events: cycles, work: work)
}

// MARK: - Measurement

/// CPU time of the calling thread: on a shared, overloaded machine, wall-clock time
/// mostly measures how long the process waited for a core.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func seconds(_ body: () -> Int) -> (seconds: Double, result: Int) {
    let start = threadCPUSeconds()
    let result = body()
    return (threadCPUSeconds() - start, result)
}

/// Runs each implementation `rounds` times, interleaved, and keeps the best time of each.
func compare(
    _ name: String, unit: String, count: Int, rounds: Int = 3,
    streams: () -> Int, openCombine: () -> Int, direct: () -> Int
) {
    var best = (streams: Double.infinity, openCombine: Double.infinity, direct: Double.infinity)
    var results: Set<Int> = []
    for _ in 0..<rounds {
        let s = seconds(streams)
        let o = seconds(openCombine)
        let d = seconds(direct)
        best.streams = min(best.streams, s.seconds)
        best.openCombine = min(best.openCombine, o.seconds)
        best.direct = min(best.direct, d.seconds)
        results.formUnion([s.result, o.result, d.result])
    }
    precondition(results.count == 1, "\(name): implementations disagree: \(results)")
    func perUnit(_ time: Double) -> String {
        let nanoseconds = time * 1e9 / Double(count)
        return String(format: "%8.1f ns/%@", nanoseconds, unit)
    }
    print("\(name)")
    print("  direct closures  \(perUnit(best.direct))")
    print(
        "  Streams          \(perUnit(best.streams))   \(String(format: "%5.1f", best.streams / best.direct))x direct")
    print(
        "  OpenCombine      \(perUnit(best.openCombine))   \(String(format: "%5.1f", best.openCombine / best.direct))x direct"
    )
    print("  Streams is \(String(format: "%.1f", best.openCombine / best.streams))x faster than OpenCombine")
}

let work = Work()
// `StreamsBenchmark profile [mapCount]` runs only the Streams side of (a) or (b), and
// `profile-cycles [count]` only that of (c), for `perf record` (or, with a small count,
// `valgrind --tool=callgrind`, whose instruction and call counts do not depend on load).
if CommandLine.arguments.dropFirst().first == "profile-cycles" {
    print(streamsCycles(Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 3_000_000, work: work))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "profile" {
    print(
        streamsChain(
            mapCount: Int(CommandLine.arguments.dropFirst(2).first ?? "1") ?? 1, events: 30_000_000, work: work))
    exit(0)
}
let events = 10_000_000
let cycles = 1_000_000
print("StreamsBenchmark (thread CPU time, best of 3 rounds each)\n")
compare(
    "(a) PassthroughSubject -> map -> filter -> sink, \(events) events", unit: "event", count: events,
    streams: { streamsChain(mapCount: 1, events: events, work: work) },
    openCombine: { openCombineChain(mapCount: 1, events: events, work: work) },
    direct: { directChain(mapCount: 1, events: events, work: work) })
compare(
    "(b) PassthroughSubject -> 5 x map -> filter -> sink, \(events) events", unit: "event", count: events,
    streams: { streamsChain(mapCount: 5, events: events, work: work) },
    openCombine: { openCombineChain(mapCount: 5, events: events, work: work) },
    direct: { directChain(mapCount: 5, events: events, work: work) })
compare(
    "(c) create subject, subscribe map -> filter -> sink, send 1, cancel; \(cycles) cycles", unit: "cycle",
    count: cycles,
    streams: { streamsCycles(cycles, work: work) },
    openCombine: { openCombineCycles(cycles, work: work) },
    direct: { directCycles(cycles, work: work) })
compare(
    "(d) PassthroughSubject -> 5 x map (4 change the type) -> filter -> sink, \(events) events",
    unit: "event", count: events,
    streams: { streamsTypeChangingChain(events: events, work: work) },
    openCombine: { openCombineTypeChangingChain(events: events, work: work) },
    direct: { directTypeChangingChain(events: events, work: work) })
