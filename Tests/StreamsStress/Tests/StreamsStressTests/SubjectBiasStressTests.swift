import Foundation
import Streams
import Testing

/// On Linux a subject is biased to the thread that sends into it (its sends then take no
/// lock; see SubjectBias in Streams), until another thread touches it and revokes the
/// bias. These tests make other threads send, cancel and complete while the owner sends,
/// on many subjects, so that the revocation lands at every point of the owner's send.
/// The subscribers keep unsynchronised state: an overlap is a data race that
/// ThreadSanitizer reports, and the exact counts catch lost or repeated values.
@Suite struct SubjectBiasStressTests {
    static let subjects = 200
    static let ownerSends = 1_000
    static let otherSends = 200

    /// One thread (the owner) sends 1 through ``ownerSends`` into `subject`; `others`
    /// threads each wait until the owner's biased sends are under way (its tenth value),
    /// then run `action`, which revokes the bias somewhere in the owner's sends.
    static func whileTheOwnerSends(
        into subject: PassthroughSubject<Int, Never>, others: Int, then action: @escaping @Sendable () -> Void
    ) {
        let ownerStarted = Tally()
        concurrently(others + 1) { index in
            if index == 0 {
                for value in 1...ownerSends {
                    subject.send(value)
                    if value == 10 { ownerStarted.add(1) }
                }
            } else {
                while ownerStarted.value == 0 { sched_yield() }
                action()
            }
        }
    }

    @Test func otherThreadsSendingWhileTheOwnerSendsLoseNothing() {
        for _ in 0..<Self.subjects {
            let subject = PassthroughSubject<Int, Never>()
            let overlap = OverlapDetector()
            let sum = UnsynchronisedBox(0)
            let count = UnsynchronisedBox(0)
            let cancellable = subject.sink { value in
                overlap.enter()
                sum.value += value
                count.value += 1
                overlap.leave()
            }
            Self.whileTheOwnerSends(into: subject, others: 2) {
                for value in 1...Self.otherSends { subject.send(value) }
            }
            #expect(!overlap.overlapped)
            #expect(count.value == Self.ownerSends + 2 * Self.otherSends)
            #expect(
                sum.value == Self.ownerSends * (Self.ownerSends + 1) / 2 + 2 * Self.otherSends * (Self.otherSends + 1)
                    / 2)
            cancellable.cancel()
        }
    }

    @Test func cancelFromAnotherThreadWhileTheOwnerSendsReleasesTheSubscriberOnce() {
        let alive = Tally()
        for _ in 0..<Self.subjects {
            let subject = PassthroughSubject<Int, Never>()
            let overlap = OverlapDetector()
            let count = UnsynchronisedBox(0)
            let tracked = Tracked(alive)
            let cancellable = subject.sink { _ in
                overlap.enter()
                withExtendedLifetime(tracked) { count.value += 1 }
                overlap.leave()
            }
            let holder = CancellableHolder(cancellable)
            Self.whileTheOwnerSends(into: subject, others: 1) { holder.cancel() }
            #expect(!overlap.overlapped)
            #expect(count.value >= 10 && count.value <= Self.ownerSends)
        }
        #expect(alive.value == 0, "every subscriber released, none twice")
    }

    @Test func completionFromAnotherThreadWhileTheOwnerSendsComesLastAndOnce() {
        for _ in 0..<Self.subjects {
            let subject = PassthroughSubject<Int, Never>()
            let overlap = OverlapDetector()
            let events = UnsynchronisedBox<[Int]>([])
            let completions = UnsynchronisedBox(0)
            let valuesAfterCompletion = UnsynchronisedBox(0)
            let cancellable = subject.sink(
                receiveCompletion: { _ in
                    overlap.enter()
                    completions.value += 1
                    overlap.leave()
                },
                receiveValue: { value in
                    overlap.enter()
                    if completions.value > 0 { valuesAfterCompletion.value += 1 }
                    events.value.append(value)
                    overlap.leave()
                })
            Self.whileTheOwnerSends(into: subject, others: 1) { subject.send(completion: .finished) }
            #expect(!overlap.overlapped)
            #expect(completions.value == 1)
            #expect(valuesAfterCompletion.value == 0)
            #expect(
                events.value == Array(1...events.value.count), "the owner's values in order, none lost before the end")
            cancellable.cancel()
        }
    }
}

/// Lets another thread cancel a subscription it does not own.
final class CancellableHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var cancellable: AnyCancellable?
    init(_ cancellable: AnyCancellable) { self.cancellable = cancellable }
    func cancel() {
        let taken = lock.withLock {
            defer { cancellable = nil }
            return cancellable
        }
        taken?.cancel()
    }
}
