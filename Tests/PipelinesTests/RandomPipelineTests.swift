import Pipelines
import Testing

/// One randomly chosen step: how to add it to a pipeline, the same step as a standard
/// library call on an array, and a name for failure messages.
struct RandomStep {
    let name: String
    let extend: (Pipeline<Int, Int>) -> Pipeline<Int, Int>
    let reference: ([Int]) -> [Int]
}

/// A randomly composed pipeline and its standard-library equivalent.
struct RandomPipeline {
    var names: [String] = []
    var pipeline = Pipeline<Int, Int>()
    var reference: ([Int]) -> [Int] = { $0 }

    mutating func append(_ step: RandomStep) {
        names.append(step.name)
        pipeline = step.extend(pipeline)
        reference = { [reference] in step.reference(reference($0)) }
    }

    /// Composes with `then(_:)` instead of adding steps one by one.
    mutating func append(_ other: RandomPipeline) {
        names.append("then(\(other.names.joined(separator: ".")))")
        pipeline = pipeline.then(other.pipeline)
        reference = { [reference] in other.reference(reference($0)) }
    }
}

/// Random chains of every operator, with closures from fixed sets, against the standard
/// library's eager chain on random arrays.
@Suite struct RandomPipelineTests {
    static let maps: [(String, @Sendable (Int) -> Int)] = [
        ("+1", { $0 + 1 }), ("*2", { $0 * 2 }), ("-3", { $0 - 3 }), ("negate", { -$0 }), ("%7", { $0 % 7 }),
    ]
    static let predicates: [(String, @Sendable (Int) -> Bool)] = [
        ("even", { $0.isMultiple(of: 2) }), ("positive", { $0 > 0 }), ("notMultipleOf3", { !$0.isMultiple(of: 3) }),
        ("always", { _ in true }), ("never", { _ in false }),
    ]
    static let optionals: [(String, @Sendable (Int) -> Int?)] = [
        ("halfOfEven", { $0.isMultiple(of: 2) ? $0 / 2 : nil }), ("positiveOnly", { $0 > 0 ? $0 : nil }),
        ("none", { _ in nil }),
    ]
    static let segments: [(String, @Sendable (Int) -> [Int])] = [
        ("twice", { [$0, $0] }), ("empty", { _ in [] }), ("upToMod3", { Array(0..<(abs($0) % 3)) }),
        ("withNegation", { [$0, -$0] }),
    ]

    static func randomStep(using random: inout SplitMix64) -> RandomStep {
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            let (name, transform) = maps.randomElement(using: &random)!
            return RandomStep(name: "map(\(name))", extend: { $0.map(transform) }, reference: { $0.map(transform) })
        case 1:
            let (name, predicate) = predicates.randomElement(using: &random)!
            return RandomStep(
                name: "filter(\(name))", extend: { $0.filter(predicate) }, reference: { $0.filter(predicate) })
        case 2:
            let (name, transform) = optionals.randomElement(using: &random)!
            return RandomStep(
                name: "compactMap(\(name))", extend: { $0.compactMap(transform) },
                reference: { $0.compactMap(transform) })
        case 3:
            let (name, transform) = segments.randomElement(using: &random)!
            return RandomStep(
                name: "flatMap(\(name))", extend: { $0.flatMap(transform) }, reference: { $0.flatMap(transform) })
        case 4:
            let maxLength = Int.random(in: 0...6, using: &random)
            return RandomStep(
                name: "prefix(\(maxLength))", extend: { $0.prefix(maxLength) },
                reference: { Array($0.prefix(maxLength)) })
        case 5:
            let (name, predicate) = predicates.randomElement(using: &random)!
            return RandomStep(
                name: "prefix(while: \(name))", extend: { $0.prefix(while: predicate) },
                reference: { Array($0.prefix(while: predicate)) })
        case 6:
            let (name, predicate) = predicates.randomElement(using: &random)!
            return RandomStep(
                name: "drop(while: \(name))", extend: { $0.drop(while: predicate) },
                reference: { Array($0.drop(while: predicate)) })
        case 7:
            let count = Int.random(in: 0...4, using: &random)
            return RandomStep(
                name: "dropFirst(\(count))", extend: { $0.dropFirst(count) }, reference: { Array($0.dropFirst(count)) })
        default:
            // Wrapping addition: long chains can grow values, and the test is about
            // order and state, not overflow.
            return RandomStep(
                name: "scan(0, &+)", extend: { $0.scan(0, &+) },
                reference: { values in
                    var total = 0
                    return values.map { value in
                        total &+= value
                        return total
                    }
                })
        }
    }

    static func randomPipeline(using random: inout SplitMix64, allowingThen: Bool = true) -> RandomPipeline {
        var result = RandomPipeline()
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            if allowingThen, Int.random(in: 0..<6, using: &random) == 0 {
                result.append(randomPipeline(using: &random, allowingThen: false))
            } else {
                result.append(randomStep(using: &random))
            }
        }
        return result
    }

    @Test(arguments: [0x5EED_0001, 0xC0FF_EE42, 20_261_121] as [UInt64])
    func randomPipelinesMatchTheStandardLibrary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var failures = 0
        for caseNumber in 0..<2000 where failures < 5 {
            let candidate = Self.randomPipeline(using: &random)
            let input = (0..<Int.random(in: 0...24, using: &random)).map { _ in Int.random(in: -40...40, using: &random)
            }
            let expected = candidate.reference(input)
            let eager = candidate.pipeline.run(input)
            let again = candidate.pipeline.run(input)
            let lazy = Array(input.lazy.through(candidate.pipeline))
            let sum = candidate.pipeline.run(input, into: 0, &+=)
            let lazySum = input.lazy.through(candidate.pipeline).reduce(0, &+)
            let lazyCollected = input.lazy.through(candidate.pipeline).reduce(into: []) { $0.append($1) }
            let matches =
                eager == expected && again == expected && lazy == expected
                && sum == expected.reduce(0, &+) && lazySum == sum && lazyCollected == expected
            if !matches { failures += 1 }
            #expect(
                matches,
                """
                seed \(seed) case \(caseNumber): \(candidate.names.joined(separator: "."))
                on \(input): expected \(expected), run \(eager), second run \(again), lazy \(lazy), sum \(sum), lazy reduce \(lazySum), lazy reduce(into:) \(lazyCollected)
                """)
        }
    }
}
