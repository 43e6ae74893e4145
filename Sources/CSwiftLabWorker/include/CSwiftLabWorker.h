// C helpers for swiftlab-worker: what Swift 6 cannot express safely (the C standard
// streams are mutable globals; a signal handler must not run Swift code; leaving a cell's
// frames from a signal handler takes sigsetjmp and siglongjmp).
#ifndef CSWIFTLABWORKER_H
#define CSWIFTLABWORKER_H

/// Makes stdout line-buffered and stderr unbuffered, so that output written before a
/// trap reaches the REPL (a pipe would otherwise make stdout fully buffered). stdout
/// becomes a stream over file descriptor 1 that remembers its last byte, whose address it
/// puts in SWIFTLAB_STDOUT_LAST_BYTE for swiftlab's runtime (see its `startLine`).
void swiftlab_worker_configure_output(void);

/// Installs the handlers for the signals a trap or crash raises (SIGILL, SIGTRAP,
/// SIGSEGV, SIGBUS, SIGFPE, SIGABRT) and for SIGINT, the REPL's Ctrl-C. Call it on the
/// main thread, before any other thread starts.
///
/// A trap or crash first flushes stdout (so a partial last line is not lost) and writes
/// one line to stderr for each stack frame in a cell library ("\x1eswiftlab-frame
/// PATH\x1fHEX-OFFSET"), from which swiftlab finds the line of the input that trapped.
/// Then, when it happened in the synchronous body of the cell that
/// `swiftlab_worker_run_guarded` runs, the cell is left there and the worker goes on
/// (see there); anywhere else the signal ends the process as before. The handlers run on
/// an alternate stack, so a stack overflow is handled too.
void swiftlab_worker_install_signal_handlers(void);

/// How `swiftlab_worker_run_guarded` ended.
typedef enum {
    /// The cell's entry point returned.
    swiftlab_cell_returned = 0,
    /// The cell trapped (`signal` says with which signal) and was left at the trap.
    swiftlab_cell_trapped = 1,
    /// SIGINT stopped the cell.
    swiftlab_cell_interrupted = 2,
} swiftlab_cell_ending;

/// Calls a cell's entry point (`entry`, of type `CellEntryPoint`) with `completion`, on
/// the main thread, under a guard: a trap in its synchronous body, or a SIGINT while the
/// main thread runs the cell's own code or sleeps in it (or, on x86-64, as the library
/// function it was in returns to the cell), leaves the cell's frames with
/// siglongjmp and returns here, with the Swift runtime's exclusivity access set as it was
/// before the call. `signal` receives the trap's signal.
swiftlab_cell_ending swiftlab_worker_run_guarded(void *_Nonnull entry, void (*_Nonnull completion)(void), int *_Nonnull signal);

#endif
