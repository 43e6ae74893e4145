/// Floating-point values spelled as the LLDB Swift REPL spells them: `NaN`, `+Inf`, `0`,
/// `-0`, `100`, `0.10000000000000001`, `1.0E+20`, `9.9999999999999995E-7`.
///
/// LLDB prints with LLVM's `APFloat::toString` at the type's full precision (17
/// significant digits for `Double`, 9 for `Float`) and at most six padding zeros. That
/// conversion is not plain rounding: it first drops the decimal digits that the
/// precision surely does not need (truncating), then rounds half up on the next digit,
/// so `1e-11` reads `9.9999999999999993E-12` where `%.16e` gives `...94E-12`. This type
/// follows the same steps on the exact value, so every value reads as in LLDB.
enum LLDBFloatingPointFormat {
    /// The most zeros the plain notation pads with before LLDB switches to `E` notation.
    private static let maximumPadding = 6

    /// `value` as LLDB prints a `Double`.
    static func string(_ value: Double) -> String {
        string(value, significantDigits: 17)
    }

    /// `value` as LLDB prints a `Float`.
    static func string(_ value: Float) -> String {
        string(value, significantDigits: 9)
    }

    private static func string<F: BinaryFloatingPoint>(_ value: F, significantDigits: Int) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        let sign = value.sign == .minus ? "-" : ""
        // value = significand × 2^binaryExponent, the significand an integer.
        var significand = UInt64(value.significandBitPattern)
        var binaryExponent: Int
        if value.isNormal {
            significand |= 1 << UInt64(F.significandBitCount)
            binaryExponent = Int(value.exponent) - F.significandBitCount
        } else {
            binaryExponent = Int(F.leastNormalMagnitude.exponent) - F.significandBitCount
        }
        let trailingZeros = significand.trailingZeroBitCount
        significand >>= UInt64(trailingZeros)
        binaryExponent += trailingZeros
        // As an integer times a power of ten: N × 2^-e = N × 5^e × 10^-e.
        var number = DecimalConversionInteger(significand)
        var exponent = 0
        if binaryExponent > 0 {
            number.shiftLeft(by: binaryExponent)
        } else {
            for _ in 0 ..< -binaryExponent { number.multiply(by: 5) }
            exponent = binaryExponent
        }
        // Drop the digits the precision surely does not need (196/59 slightly exceeds log2(10)).
        let bits = number.bitWidth
        let bitsRequired = (significantDigits * 196 + 58) / 59
        if bits > bitsRequired {
            let removable = (bits - bitsRequired) * 59 / 196
            for _ in 0..<removable { _ = number.divide(by: 10) }
            exponent += removable
        }
        // The decimal digits, least significant first, without trailing zeros.
        var reversedDigits: [UInt8] = []
        while !number.isZero {
            let digit = UInt8(number.divide(by: 10))
            if reversedDigits.isEmpty && digit == 0 { exponent += 1 } else { reversedDigits.append(digit) }
        }
        roundHalfUp(&reversedDigits, exponent: &exponent, significantDigits: significantDigits)
        let digits = reversedDigits.reversed().map { Character(String($0)) }
        return sign + layout(digits, exponent: exponent, significantDigits: significantDigits)
    }

    /// Keeps the `significantDigits` most significant digits, rounding half up on the
    /// first digit dropped, and drops the trailing zeros that leaves.
    private static func roundHalfUp(_ reversedDigits: inout [UInt8], exponent: inout Int, significantDigits: Int) {
        let count = reversedDigits.count
        guard count > significantDigits else { return }
        var firstKept = count - significantDigits
        if reversedDigits[firstKept - 1] >= 5 {
            while firstKept < count, reversedDigits[firstKept] == 9 { firstKept += 1 }
            if firstKept == count {
                exponent += count
                reversedDigits = [1]
                return
            }
            reversedDigits[firstKept] += 1
        } else {
            while firstKept < count, reversedDigits[firstKept] == 0 { firstKept += 1 }
        }
        exponent += firstKept
        reversedDigits.removeFirst(firstKept)
    }

    /// `digits` × 10^`exponent` in plain notation when that pads with at most
    /// ``maximumPadding`` zeros and shows no more digits than the precision, else as
    /// `d.dddE±x`.
    private static func layout(_ digits: [Character], exponent: Int, significantDigits: Int) -> String {
        let count = digits.count
        let scientific: Bool
        if exponent >= 0 {
            scientific = exponent > maximumPadding || count + exponent > significantDigits
        } else {
            let mostSignificant = exponent + count - 1
            scientific = mostSignificant < 0 && -mostSignificant > maximumPadding
        }
        if scientific {
            let power = exponent + count - 1
            let fraction = count == 1 ? "0" : String(digits.dropFirst())
            return "\(digits[0]).\(fraction)E\(power >= 0 ? "+" : "-")\(abs(power))"
        }
        if exponent >= 0 {
            return String(digits) + String(repeating: "0", count: exponent)
        }
        let wholeDigits = exponent + count
        if wholeDigits > 0 {
            return String(digits.prefix(wholeDigits)) + "." + String(digits.dropFirst(wholeDigits))
        }
        return "0." + String(repeating: "0", count: -wholeDigits) + String(digits)
    }
}

/// The unsigned integer arithmetic the conversion needs, on numbers up to about 2^2600
/// (a `Double`'s smallest subnormal times 10^1074): 32-bit limbs, least significant first.
struct DecimalConversionInteger {
    private var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trim()
    }

    var isZero: Bool { limbs.isEmpty }

    /// The number of bits up to the most significant set bit.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return (limbs.count - 1) * 32 + (32 - top.leadingZeroBitCount)
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    mutating func shiftLeft(by bits: Int) {
        for _ in 0..<bits / 32 { limbs.insert(0, at: 0) }
        let remaining = bits % 32
        if remaining > 0 { multiply(by: 1 << UInt32(remaining)) }
    }

    /// Divides in place and returns the remainder.
    mutating func divide(by divisor: UInt32) -> UInt32 {
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            let current = remainder << 32 | UInt64(limbs[index])
            limbs[index] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
        trim()
        return UInt32(remainder)
    }

    private mutating func trim() {
        while limbs.last == 0 { limbs.removeLast() }
    }
}
