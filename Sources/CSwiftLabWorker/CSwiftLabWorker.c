#include "CSwiftLabWorker.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

void swiftlab_worker_configure_output(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    setvbuf(stderr, NULL, _IONBF, 0);
}

static void flush_and_die(int signal_number) {
    // fflush is not async-signal-safe, but the process is about to die anyway, and the
    // learner's last partial line is worth the small risk of a deadlock the REPL's
    // timeout would end.
    fflush(stdout);
    (void)signal_number;
    // SA_RESETHAND restored the default action: returning re-executes the faulting
    // instruction (or abort re-raises), and the process ends with the original signal.
}

void swiftlab_worker_flush_output_on_crash(void) {
    static char alternate_stack[64 * 1024];
    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    sigaltstack(&stack, NULL);
    struct sigaction action = { 0 };
    action.sa_handler = flush_and_die;
    action.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    int signals[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
    }
}
