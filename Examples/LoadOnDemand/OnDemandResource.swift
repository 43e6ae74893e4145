import Foundation
import Streams

/// A value that is expensive to load (a large file, a network call) and is loaded only
/// when somebody actually wants it: when its first subscriber arrives.
///
/// Subscribers that come later, even after the load has finished, share that one load
/// and get the value at once, because it is kept in a `CurrentValueSubject`. When the
/// last subscriber cancels, a load still running is cancelled and the value is dropped,
/// so nothing stays in memory for nobody.
final class OnDemandResource<Value: Sendable>: @unchecked Sendable {
    /// Starts one load.
    typealias Loader = @Sendable () -> AnyPublisher<Value, Never>

    private let loader: Loader
    private let lock = NSLock()
    // Guarded by `lock`.
    private var subscriberCount = 0
    private var loading: AnyCancellable?
    private var _loadsStarted = 0
    // Holds the loaded value; `nil` until it arrives and again once everyone has left.
    private let storage = CurrentValueSubject<Value?, Never>(nil)

    init(loader: @escaping Loader) {
        self.loader = loader
    }

    /// How many times loading has started.
    var loadsStarted: Int { lock.withLock { _loadsStarted } }

    /// Whether a value is held in memory right now.
    var isHoldingValue: Bool { storage.value != nil }

    /// The value, for as many subscribers as want it.
    ///
    /// `handleEvents` sees every subscriber arrive (`receiveSubscription`) and leave
    /// (`receiveCancel`); the resource counts them to know when to load and when to let go.
    var value: AnyPublisher<Value, Never> {
        storage
            .compactMap { $0 }
            .handleEvents(
                receiveSubscription: { [weak self] _ in self?.subscriberArrived() },
                receiveCancel: { [weak self] in self?.subscriberLeft() }
            )
            .eraseToAnyPublisher()
    }

    private func subscriberArrived() {
        let shouldLoad: Bool = lock.withLock {
            subscriberCount += 1
            guard subscriberCount == 1, loading == nil, storage.value == nil else { return false }
            _loadsStarted += 1
            return true
        }
        guard shouldLoad else { return }
        // The sink may run before `loader().sink` returns (a synchronous loader), so the
        // cancellable is stored under the lock only if the load is still wanted.
        let subscription = loader().sink { [weak self] value in self?.storage.send(value) }
        lock.withLock {
            if subscriberCount > 0 { loading = subscription } else { subscription.cancel() }
        }
    }

    private func subscriberLeft() {
        let release: AnyCancellable?? = lock.withLock {
            subscriberCount -= 1
            guard subscriberCount == 0 else { return nil }
            defer { loading = nil }
            return .some(loading)
        }
        guard let running = release else { return }
        running?.cancel()
        storage.send(nil)
    }
}
