import Foundation

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

    /// Blocks (polling, generous 10 s bound) until `condition` holds, for operators that
    /// deliver on another thread.
    func wait(timeout: TimeInterval = 10, until condition: (Recorder) -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(self) && Date() < deadline {
            usleep(1_000)
        }
    }
}
