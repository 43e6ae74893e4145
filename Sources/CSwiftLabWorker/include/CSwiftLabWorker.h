// C helpers for swiftlab-worker: what Swift 6 cannot express safely (the C standard
// streams are mutable globals; a signal handler must not run Swift code).
#ifndef CSWIFTLABWORKER_H
#define CSWIFTLABWORKER_H

/// Makes stdout line-buffered and stderr unbuffered, so that output written before a
/// trap reaches the REPL (a pipe would otherwise make stdout fully buffered). stdout
/// becomes a stream over file descriptor 1 that remembers its last byte, whose address it
/// puts in SWIFTLAB_STDOUT_LAST_BYTE for swiftlab's runtime (see its `startLine`).
void swiftlab_worker_configure_output(void);

/// Installs handlers for the signals a trap or crash raises (SIGILL, SIGTRAP, SIGSEGV,
/// SIGBUS, SIGFPE, SIGABRT) that flush stdout, so a partial last line is not lost, and
/// then let the signal end the process as before. They run on an alternate stack, so a
/// stack overflow is handled too. Before that they write one line to stderr for each
/// stack frame in a cell library ("\x1eswiftlab-frame PATH\x1fHEX-OFFSET"), from which
/// swiftlab finds the line of the input that trapped.
void swiftlab_worker_flush_output_on_crash(void);

#endif
