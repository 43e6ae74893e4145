import Pipelines

// The workloads of issue 4, each written once per contender. Every function is
// `@inline(never)` so that the timed call runs exactly what a caller of that spelling
// gets, and each takes the input as an argument so nothing is constant-folded.
//
// (p1)  map -> filter -> compactMap -> map, summed
// (p2)  the same with a flatMap stage yielding two elements per input, written as
//       learners write it: an array literal `[x, x + 1]`
// (p2r) the same as p2 with a range `x ..< x + 2` instead: no allocation per input, so
//       the pipeline machinery itself dominates

/// One way of computing one workload.
struct Contender {
    let name: String
    let run: @Sendable ([Int]) -> Int
}

/// A workload and its contenders; all contenders must compute the same sum.
struct Workload {
    let name: String
    let summary: String
    let contenders: [Contender]
}

// MARK: - p1

@inline(never) func p1StandardEager(_ input: [Int]) -> Int {
    input.map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
        .reduce(0, +)
}

@inline(never) func p1StandardLazy(_ input: [Int]) -> Int {
    input.lazy.map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
        .reduce(0, +)
}

@inline(never) func p1StandardLazyArray(_ input: [Int]) -> Int {
    Array(
        input.lazy.map { $0 * 3 }
            .filter { $0.isMultiple(of: 2) }
            .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
            .map { $0 + 1 }
    ).reduce(0, +)
}

/// The pipeline of p1; `@inline(__always)` so that each contender below sees it built
/// in its own body, as when a pipeline is written where it is used.
@inline(__always) func p1Pipeline() -> Pipeline<Int, Int> {
    Pipeline<Int, Int>()
        .map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
}

@inline(never) func p1PipelineRun(_ input: [Int]) -> Int {
    p1Pipeline().run(input).reduce(0, +)
}

@inline(never) func p1PipelineRunInto(_ input: [Int]) -> Int {
    p1Pipeline().run(input, into: 0, +=)
}

@inline(never) func p1PipelineLazy(_ input: [Int]) -> Int {
    input.lazy.through(p1Pipeline()).reduce(0, +)
}

@inline(never) func p1PipelineLazyIterator(_ input: [Int]) -> Int {
    var sum = 0
    for value in input.lazy.through(p1Pipeline()) {
        sum += value
    }
    return sum
}

// MARK: - p2

@inline(never) func p2StandardEager(_ input: [Int]) -> Int {
    input.map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .flatMap { (value: Int) -> [Int] in [value, value + 1] }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
        .reduce(0, +)
}

@inline(never) func p2StandardLazy(_ input: [Int]) -> Int {
    input.lazy.map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .flatMap { (value: Int) -> [Int] in [value, value + 1] }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
        .reduce(0, +)
}

@inline(never) func p2StandardLazyArray(_ input: [Int]) -> Int {
    Array(
        input.lazy.map { $0 * 3 }
            .filter { $0.isMultiple(of: 2) }
            .flatMap { (value: Int) -> [Int] in [value, value + 1] }
            .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
            .map { $0 + 1 }
    ).reduce(0, +)
}

@inline(__always) func p2Pipeline() -> Pipeline<Int, Int> {
    Pipeline<Int, Int>()
        .map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .flatMap { (value: Int) -> [Int] in [value, value + 1] }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
}

@inline(never) func p2PipelineRun(_ input: [Int]) -> Int {
    p2Pipeline().run(input).reduce(0, +)
}

@inline(never) func p2PipelineRunInto(_ input: [Int]) -> Int {
    p2Pipeline().run(input, into: 0, +=)
}

@inline(never) func p2PipelineLazy(_ input: [Int]) -> Int {
    input.lazy.through(p2Pipeline()).reduce(0, +)
}

@inline(never) func p2PipelineLazyIterator(_ input: [Int]) -> Int {
    var sum = 0
    for value in input.lazy.through(p2Pipeline()) {
        sum += value
    }
    return sum
}

// MARK: - p2r

@inline(never) func p2rStandardEager(_ input: [Int]) -> Int {
    input.map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .flatMap { (value: Int) -> Range<Int> in value..<value + 2 }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
        .reduce(0, +)
}

@inline(never) func p2rStandardLazy(_ input: [Int]) -> Int {
    input.lazy.map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .flatMap { (value: Int) -> Range<Int> in value..<value + 2 }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
        .reduce(0, +)
}

@inline(never) func p2rStandardLazyArray(_ input: [Int]) -> Int {
    Array(
        input.lazy.map { $0 * 3 }
            .filter { $0.isMultiple(of: 2) }
            .flatMap { (value: Int) -> Range<Int> in value..<value + 2 }
            .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
            .map { $0 + 1 }
    ).reduce(0, +)
}

@inline(__always) func p2rPipeline() -> Pipeline<Int, Int> {
    Pipeline<Int, Int>()
        .map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .flatMap { (value: Int) -> Range<Int> in value..<value + 2 }
        .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
        .map { $0 + 1 }
}

@inline(never) func p2rPipelineRun(_ input: [Int]) -> Int {
    p2rPipeline().run(input).reduce(0, +)
}

@inline(never) func p2rPipelineRunInto(_ input: [Int]) -> Int {
    p2rPipeline().run(input, into: 0, +=)
}

@inline(never) func p2rPipelineLazy(_ input: [Int]) -> Int {
    input.lazy.through(p2rPipeline()).reduce(0, +)
}

@inline(never) func p2rPipelineLazyIterator(_ input: [Int]) -> Int {
    var sum = 0
    for value in input.lazy.through(p2rPipeline()) {
        sum += value
    }
    return sum
}

// MARK: - A pipeline the optimiser can't see being built

/// Builds p1's pipeline behind an optimisation barrier, as when a pipeline is stored in
/// a property and run somewhere else: the run pays an indirect call per step.
@inline(never) func p1PipelineBuiltElsewhere() -> Pipeline<Int, Int> {
    p1Pipeline()
}

@inline(never) func p1PipelineOpaqueRunInto(_ input: [Int]) -> Int {
    p1PipelineBuiltElsewhere().run(input, into: 0, +=)
}

@inline(never) func p1PipelineOpaqueLazyIterator(_ input: [Int]) -> Int {
    var sum = 0
    for value in input.lazy.through(p1PipelineBuiltElsewhere()) {
        sum += value
    }
    return sum
}

@inline(never) func p2PipelineBuiltElsewhere() -> Pipeline<Int, Int> {
    p2Pipeline()
}

@inline(never) func p2PipelineOpaqueRunInto(_ input: [Int]) -> Int {
    p2PipelineBuiltElsewhere().run(input, into: 0, +=)
}

// MARK: - The table

let workloads: [Workload] = [
    Workload(
        name: "p1", summary: "map -> filter -> compactMap -> map, summed",
        contenders: [
            Contender(name: "stdlib eager chain", run: p1StandardEager),
            Contender(name: "stdlib .lazy chain", run: p1StandardLazy),
            Contender(name: "stdlib Array(.lazy chain) then reduce", run: p1StandardLazyArray),
            Contender(name: "Pipeline run(_:) then reduce", run: p1PipelineRun),
            Contender(name: "Pipeline run(_:into:_:)", run: p1PipelineRunInto),
            Contender(name: "Pipeline .lazy.through(_:).reduce", run: p1PipelineLazy),
            Contender(name: "Pipeline .lazy.through(_:), for-in", run: p1PipelineLazyIterator),
            Contender(name: "Pipeline built out of sight, run(_:into:_:)", run: p1PipelineOpaqueRunInto),
            Contender(name: "Pipeline built out of sight, for-in", run: p1PipelineOpaqueLazyIterator),
        ]),
    Workload(
        name: "p2", summary: "p1 with flatMap { [$0, $0 + 1] } after filter",
        contenders: [
            Contender(name: "stdlib eager chain", run: p2StandardEager),
            Contender(name: "stdlib .lazy chain", run: p2StandardLazy),
            Contender(name: "stdlib Array(.lazy chain) then reduce", run: p2StandardLazyArray),
            Contender(name: "Pipeline run(_:) then reduce", run: p2PipelineRun),
            Contender(name: "Pipeline run(_:into:_:)", run: p2PipelineRunInto),
            Contender(name: "Pipeline .lazy.through(_:).reduce", run: p2PipelineLazy),
            Contender(name: "Pipeline .lazy.through(_:), for-in", run: p2PipelineLazyIterator),
            Contender(name: "Pipeline built out of sight, run(_:into:_:)", run: p2PipelineOpaqueRunInto),
        ]),
    Workload(
        name: "p2r", summary: "p1 with flatMap { $0 ..< $0 + 2 } after filter",
        contenders: [
            Contender(name: "stdlib eager chain", run: p2rStandardEager),
            Contender(name: "stdlib .lazy chain", run: p2rStandardLazy),
            Contender(name: "stdlib Array(.lazy chain) then reduce", run: p2rStandardLazyArray),
            Contender(name: "Pipeline run(_:) then reduce", run: p2rPipelineRun),
            Contender(name: "Pipeline run(_:into:_:)", run: p2rPipelineRunInto),
            Contender(name: "Pipeline .lazy.through(_:).reduce", run: p2rPipelineLazy),
            Contender(name: "Pipeline .lazy.through(_:), for-in", run: p2rPipelineLazyIterator),
        ]),
]
