import Foundation
import Streams
import Testing

@Suite struct DemandTests {
    @Test func finiteAndUnlimitedValues() {
        #expect(Subscribers.Demand.max(3).max == 3)
        #expect(Subscribers.Demand.unlimited.max == nil)
        #expect(Subscribers.Demand.none == .max(0))
        #expect(Subscribers.Demand.unlimited.description == "unlimited")
        #expect(Subscribers.Demand.max(2).description == "max(2)")
    }

    @Test func additionSaturatesAtUnlimited() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.max(2) + .unlimited == .unlimited)
        #expect(Subscribers.Demand.unlimited + 5 == .unlimited)
        #expect(Subscribers.Demand.max(Int.max) + 1 == .unlimited)
        #expect(Subscribers.Demand.max(2) + (-5) == .none)
        var demand = Subscribers.Demand.max(1)
        demand += 2
        demand += .max(1)
        #expect(demand == .max(4))
    }

    @Test func subtractionClampsAtNone() {
        #expect(Subscribers.Demand.max(5) - .max(2) == .max(3))
        #expect(Subscribers.Demand.max(2) - .max(5) == .none)
        #expect(Subscribers.Demand.max(2) - .unlimited == .none)
        #expect(Subscribers.Demand.unlimited - .max(3) == .unlimited)
        #expect(Subscribers.Demand.unlimited - .unlimited == .unlimited)
        #expect(Subscribers.Demand.max(2) - 3 == .none)
        var demand = Subscribers.Demand.max(3)
        demand -= 1
        #expect(demand == .max(2))
    }

    @Test func multiplication() {
        #expect(Subscribers.Demand.max(3) * 4 == .max(12))
        #expect(Subscribers.Demand.unlimited * 2 == .unlimited)
        #expect(Subscribers.Demand.max(Int.max) * 2 == .unlimited)
    }

    @Test func comparisonsWithIntsAndDemands() {
        #expect(Subscribers.Demand.unlimited > Int.max)
        #expect(Subscribers.Demand.unlimited > .max(Int.max))
        #expect(!(Subscribers.Demand.unlimited == Int.max))
        #expect(Subscribers.Demand.max(3) == 3)
        #expect(3 == Subscribers.Demand.max(3))
        #expect(Subscribers.Demand.max(3) != 4)
        #expect(Subscribers.Demand.max(3) < 4)
        #expect(Subscribers.Demand.max(3) <= 3)
        #expect(Subscribers.Demand.max(3) >= 3)
        #expect(2 < Subscribers.Demand.max(3))
        #expect(Subscribers.Demand.max(1) < .max(2))
        #expect(Subscribers.Demand.none < .unlimited)
    }

    @Test func codableRoundTrip() throws {
        let demands: [Subscribers.Demand] = [.none, .max(7), .unlimited]
        let data = try JSONEncoder().encode(demands)
        #expect(try JSONDecoder().decode([Subscribers.Demand].self, from: data) == demands)
    }
}
