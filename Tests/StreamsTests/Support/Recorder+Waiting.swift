import Foundation
import TestWaiting

extension Recorder {
    /// How many completions (finished or failure) arrived; exactly one is the contract.
    var completionCount: Int {
        history.filter { event in
            switch event {
            case .finished, .failure: true
            case .subscription, .value: false
            }
        }.count
    }

    /// Blocks until `condition` holds, for operators that deliver on another thread
    /// (TestWaiting's `waitUntil`: no short deadline, only a deadlock bound).
    func wait(until condition: (Recorder) -> Bool) {
        waitUntil { condition(self) }
    }
}
