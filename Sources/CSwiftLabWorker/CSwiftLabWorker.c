#define _GNU_SOURCE
#include "CSwiftLabWorker.h"
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The last byte the cells wrote to stdout (a line break before any): swiftlab's runtime
/// reads it, at the address in SWIFTLAB_STDOUT_LAST_BYTE, to start a result on a line of
/// its own after `print("x", terminator: "")`.
static volatile char last_stdout_byte = '\n';

static ssize_t write_remembering_last_byte(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t written = write(1, buffer + done, size - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) break;
        done += (size_t)written;
    }
    if (done > 0) last_stdout_byte = buffer[done - 1];
    return done > 0 ? (ssize_t)done : -1;
}

void swiftlab_worker_configure_output(void) {
    cookie_io_functions_t functions = { .write = write_remembering_last_byte };
    FILE *remembering = fopencookie(NULL, "w", functions);
    if (remembering) {
        stdout = remembering;
        char address[32];
        snprintf(address, sizeof address, "%p", (void *)&last_stdout_byte);
        setenv("SWIFTLAB_STDOUT_LAST_BYTE", address, 1);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    setvbuf(stderr, NULL, _IONBF, 0);
}

/// Writes `text` to stderr with write(2), which is async-signal-safe.
static void write_text(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(2, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

/// One line per stack frame inside a cell library: "<RS>swiftlab-frame PATH<US>HEX-OFFSET",
/// the offset from the library's load address. swiftlab maps it to the input's line.
static void report_cell_frames(void) {
    void *frames[128];
    int count = backtrace(frames, 128);
    for (int index = 0; index < count; index++) {
        Dl_info info;
        if (!dladdr(frames[index], &info) || !info.dli_fname || !strstr(info.dli_fname, "/libCell")) continue;
        uintptr_t offset = (uintptr_t)frames[index] - (uintptr_t)info.dli_fbase;
        char hex[2 + 2 * sizeof offset + 1];
        int position = (int)sizeof hex - 1;
        hex[position] = 0;
        do {
            hex[--position] = "0123456789abcdef"[offset & 15];
            offset >>= 4;
        } while (offset != 0);
        write_text("\x1eswiftlab-frame ");
        write_text(info.dli_fname);
        write_text("\x1f");
        write_text(hex + position);
        write_text("\n");
    }
}

static void flush_and_die(int signal_number) {
    // fflush is not async-signal-safe, but the process is about to die anyway, and the
    // learner's last partial line is worth the small risk of a deadlock the REPL's
    // timeout would end.
    fflush(stdout);
    // Where in the learner's code it stopped: nothing is done for it before a crash.
    report_cell_frames();
    (void)signal_number;
    // SA_RESETHAND restored the default action: returning re-executes the faulting
    // instruction (or abort re-raises), and the process ends with the original signal.
}

void swiftlab_worker_flush_output_on_crash(void) {
    // The first backtrace() loads the unwinder, which must not happen in a signal handler.
    void *warm_up[1];
    backtrace(warm_up, 1);
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
