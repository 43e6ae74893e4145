// swiftlab-worker: loads the cells swiftlab compiles and runs them, in a process of its
// own so that a trap, a crash or an endless loop in user code never takes the REPL down.
// A trap or a Ctrl-C in a cell's synchronous code does not end this process either: the
// guard around the cell (CSwiftLabWorker) leaves the cell there, and everything earlier
// cells made stays.
//
// Requests arrive on descriptor 3 and replies leave on descriptor 4 (see
// SwiftLabWorkerProtocol); descriptors 1 and 2 belong to the cells. Cells run on the main
// thread, and between cells the main run loop keeps going, so `DispatchQueue.main`,
// main-actor tasks and Foundation timers started by a cell go on working while the
// learner types the next input.
import CSwiftLabWorker
import Foundation
import SwiftLabWorkerProtocol

swiftlab_worker_configure_output()
swiftlab_worker_install_signal_handlers()
CellRunner.loadSupportLibraries()
CellRunner.start()
