import Streams
import Testing

/// The general operators added next to the eager ones of `Just`, `Publishers.Sequence`,
/// `Optional.Publisher` and `Result.Publisher`: without a type annotation, Swift still
/// picks the eager overload (Combine's choice), and the general one where no eager one
/// exists, with no ambiguity, also inside chains and after closures.
@Suite struct EagerOverloadResolutionTests {
    @Test func eagerPublishersKeepTheirOwnOverloads() {
        #expect(type(of: Just(1).count()) == Just<Int>.self)
        #expect(type(of: Just(1).map { $0 + 1 }.contains { $0 > 1 }) == Just<Bool>.self)
        #expect(type(of: Just(1).count().contains(1)) == Just<Bool>.self)
        #expect(type(of: Just(1).tryContains { $0 > 0 }) == Result<Bool, any Error>.Publisher.self)
        #expect(type(of: Just(1).drop { $0 < 0 }) == Optional<Int>.Publisher.self)
        #expect(type(of: Just(1).replaceEmpty(with: 0)) == Just<Int>.self)
        #expect(type(of: Just(1).ignoreOutput()) == Empty<Int, Never>.self)
        #expect(type(of: Just(1).append(2, 3)) == Publishers.Sequence<[Int], Never>.self)
        #expect(type(of: [3, 1, 2].publisher.min()) == Optional<Int>.Publisher.self)
        #expect(type(of: [3, 1, 2].publisher.map { $0 * 2 }.max()) == Optional<Int>.Publisher.self)
        #expect(type(of: [1, 2].publisher.prefix { $0 < 2 }) == Publishers.Sequence<[Int], Never>.self)
        #expect(type(of: [1, 2].publisher.prepend(0)) == Publishers.Sequence<[Int], Never>.self)
        #expect(type(of: Optional(1).publisher.allSatisfy { $0 > 0 }) == Optional<Bool>.Publisher.self)
        #expect(type(of: Result<Int, TestError>.Publisher(1).count()) == Result<Int, TestError>.Publisher.self)
        #expect(
            type(of: Result<Int, TestError>.Publisher(1).tryMax { $0 < $1 })
                == Result<Int, any Error>.Publisher.self)
    }

    @Test func operatorsWithoutAnEagerVersionAreTheGeneralOnes() {
        #expect(type(of: Just(1).append(Just(2))) == Publishers.Concatenate<Just<Int>, Just<Int>>.self)
        #expect(type(of: Just(1).tryMin { $0 < $1 }) == Publishers.TryComparison<Just<Int>>.self)
        let numbers = [1, 2]
        #expect(
            type(of: numbers.publisher.tryCompactMap { $0 > 1 ? $0 : nil })
                == Publishers.TryCompactMap<Publishers.Sequence<[Int], Never>, Int>.self)
        #expect(
            type(of: [1, 2].publisher.tryDrop { $0 < 2 })
                == Publishers.TryDropWhile<Publishers.Sequence<[Int], Never>>.self)
        #expect(
            type(of: Optional(1).publisher.tryLast { $0 > 0 })
                == Publishers.TryLastWhere<Optional<Int>.Publisher>.self)

        let subject = PassthroughSubject<Int, Never>()
        #expect(
            type(of: subject.count().count())
                == Publishers.Count<Publishers.Count<PassthroughSubject<Int, Never>>>.self)
        #expect(
            type(of: subject.map { $0 + 1 }.contains(2))
                == Publishers.Contains<Publishers.Map<PassthroughSubject<Int, Never>, Int>>.self)
        #expect(
            type(of: subject.filter { $0 > 0 }.min().max())
                == Publishers.Comparison<Publishers.Comparison<Publishers.Filter<PassthroughSubject<Int, Never>>>>.self)
        #expect(
            type(of: subject.append(1).prepend([0]))
                == Publishers.Concatenate<
                    Publishers.Sequence<[Int], Never>,
                    Publishers.Concatenate<PassthroughSubject<Int, Never>, Publishers.Sequence<[Int], Never>>
                >.self)
    }
}
