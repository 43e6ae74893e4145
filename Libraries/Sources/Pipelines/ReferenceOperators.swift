// Plain, readable versions of the standard library's map, flatMap and compactMap, for
// lessons that ask learners to write their own and compare. Each builds its result with
// a for-in loop and `append`, which is all the standard library's versions do at heart.
// The names end in -ed so that they never shadow or clash with the real operators.

extension Sequence {
    /// Returns an array of the results of calling `transform` on each element, in order:
    /// a hand-written `map(_:)`.
    ///
    /// ```swift
    /// [1, 2, 3].mapped { $0 * 10 }  // [10, 20, 30]
    /// ```
    ///
    /// - Complexity: O(*n*) time, where *n* is the length of the sequence: one call of
    ///   `transform` and one amortised O(1) `append` per element. The result array is
    ///   the only storage allocated.
    @inlinable
    public func mapped<Transformed>(
        _ transform: (Element) throws -> Transformed
    ) rethrows -> [Transformed] {
        var result: [Transformed] = []
        // Every element produces exactly one result, so reserve room for the ones the
        // sequence promises up front and skip most of the array's regrowth.
        result.reserveCapacity(underestimatedCount)
        for element in self {
            result.append(try transform(element))
        }
        return result
    }

    /// Returns an array of the elements of the sequences that `transform` returns for
    /// each element, concatenated in order: a hand-written `flatMap(_:)`.
    ///
    /// ```swift
    /// [1, 2].flatMapped { [$0, $0 * 10] }  // [1, 10, 2, 20]
    /// ["ab", "c"].flatMapped { $0 }        // ["a", "b", "c"]
    /// ```
    ///
    /// - Complexity: O(*n* + *m*) time, where *n* is the length of the sequence and *m* is
    ///   the total length of the sequences that `transform` returns.
    @inlinable
    public func flatMapped<Segment: Sequence>(
        _ transform: (Element) throws -> Segment
    ) rethrows -> [Segment.Element] {
        var result: [Segment.Element] = []
        for element in self {
            // `append(contentsOf:)` would do; the inner loop shows what it does.
            for inner in try transform(element) {
                result.append(inner)
            }
        }
        return result
    }

    /// Returns an array of the non-`nil` results of calling `transform` on each element,
    /// in order: a hand-written `compactMap(_:)`.
    ///
    /// ```swift
    /// ["1", "two", "3"].compactMapped { Int($0) }  // [1, 3]
    /// ```
    ///
    /// - Complexity: O(*n*) time, where *n* is the length of the sequence: one call of
    ///   `transform` per element.
    @inlinable
    public func compactMapped<Transformed>(
        _ transform: (Element) throws -> Transformed?
    ) rethrows -> [Transformed] {
        var result: [Transformed] = []
        for element in self {
            if let transformed = try transform(element) {
                result.append(transformed)
            }
        }
        return result
    }
}
