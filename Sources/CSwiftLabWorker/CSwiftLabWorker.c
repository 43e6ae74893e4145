#define _GNU_SOURCE
#include "CSwiftLabWorker.h"
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
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

/// Whether `address` is in a cell library (`.../libCell<N>...so`).
static int is_in_cell(const void *address) {
    Dl_info info;
    return dladdr(address, &info) && info.dli_fname && strstr(info.dli_fname, "/libCell");
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

/// Whether the stack shows the Swift runtime's exclusivity check failing: the one abort()
/// (SIGABRT) a cell is left at. Other aborts (a C assert, malloc finding its heap
/// corrupt) may hold locks, so they end the process.
static int is_exclusivity_abort(void) {
    void *frames[64];
    int count = backtrace(frames, 64);
    for (int index = 0; index < count; index++) {
        Dl_info info;
        if (dladdr(frames[index], &info) && info.dli_sname && strcmp(info.dli_sname, "swift_beginAccess") == 0) return 1;
    }
    return 0;
}

// MARK: - The guard around a cell's synchronous body.

static pthread_t main_thread;
static sigjmp_buf guard_jump;
/// Set while the main thread runs a cell's entry point under the guard.
static volatile sig_atomic_t guard_active = 0;
static volatile sig_atomic_t guard_signal = 0;
/// The Swift runtime's exclusivity access set is a list of records on the stack, headed
/// in a thread-local: leaving frames that began an access would leave the list pointing
/// into them. The runtime's own task switch (enter/exit a thread-local context, as a
/// task does when it starts and stops running on a thread) saves the head before the
/// cell and puts it back, dropping the records the cell's frames added.
static char access_context[4 * sizeof(void *)];
static void (*enter_access_context)(char *);
static void (*exit_access_context)(char *);
/// `swift_task_getCurrent`: a cell is only left while no task runs on the thread (code
/// after an `await` runs in a task, which could not be ended cleanly).
static void *(*current_task)(void);
/// `dispatch_get_current_queue`: a trap inside `queue.sync { }` would leave that queue
/// locked, so a cell is only left while the queue it started on is still the current one.
static void *(*current_queue)(void);
static void *guard_queue;
/// The guard's own frame: the cell's frames are below it on the main thread's stack.
static char *guard_frame;
/// Where a Ctrl-C that came while a library ran put the return trampoline: the stack slot
/// of the return address into the cell, and the address it held.
static void **patched_slot;

static int can_leave_cell(void) {
    if (!guard_active || !pthread_equal(pthread_self(), main_thread)) return 0;
    if (current_task && current_task() != NULL) return 0;
    if (current_queue && current_queue() != guard_queue) return 0;
    return 1;
}

static void leave_cell(swiftlab_cell_ending ending) {
    guard_active = 0;
    if (exit_access_context) exit_access_context(access_context);
    siglongjmp(guard_jump, (int)ending);
}

swiftlab_cell_ending swiftlab_worker_run_guarded(void *entry, void (*completion)(void), int *signal) {
    memset(access_context, 0, sizeof access_context);
    if (enter_access_context) enter_access_context(access_context);
    guard_queue = current_queue ? current_queue() : NULL;
    guard_signal = 0;
    guard_frame = __builtin_frame_address(0);
    patched_slot = NULL;
    int ending = sigsetjmp(guard_jump, 1);
    if (ending == 0) {
        guard_active = 1;
        ((void (*)(void (*)(void)))entry)(completion);
        guard_active = 0;
        // A patch never reached (the slot was not the live return address) is forgotten.
        patched_slot = NULL;
        if (exit_access_context) exit_access_context(access_context);
        *signal = 0;
        return swiftlab_cell_returned;
    }
#if defined(__GLIBC__)
    // A trap inside `print` (a `description` that traps) leaves stdout locked by this
    // thread; other threads' output would wait for it forever.
    for (int index = 0; index < 2; index++) {
        FILE *stream = index == 0 ? stdout : stderr;
        struct { int lock; int count; void *owner; } *lock = (void *)stream->_lock;
        while (lock && lock->owner == (void *)pthread_self() && lock->count > 0) funlockfile(stream);
    }
#endif
    *signal = guard_signal;
    return (swiftlab_cell_ending)ending;
}

// MARK: - Signal handlers.

static void on_trap(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    int saved_errno = errno;
    // fflush is not async-signal-safe, but the trap happened in Swift code, not in stdio,
    // and the learner's last partial line is worth it.
    fflush(stdout);
    // Where in the learner's code it stopped.
    report_cell_frames();
    if (can_leave_cell()) {
        int safe = 1;
        if (signal_number == SIGABRT) {
            safe = is_exclusivity_abort();
        } else if (signal_number != SIGILL && signal_number != SIGTRAP) {
            // A bad memory access or a stack overflow: only in the cell's own code, which
            // holds no lock (inside malloc or the runtime it might).
            ucontext_t *ucontext = context;
#if defined(__x86_64__)
            safe = is_in_cell((void *)ucontext->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
            safe = is_in_cell((void *)ucontext->uc_mcontext.pc);
#else
            safe = 0;
#endif
        }
        if (safe) {
            guard_signal = signal_number;
            errno = saved_errno;
            leave_cell(swiftlab_cell_trapped);
        }
    }
    // End the process with the signal: with the default action back, returning runs the
    // faulting instruction again (or abort raises again).
    signal(signal_number, SIG_DFL);
    errno = saved_errno;
}

/// Whether `address` is in a function that only sleeps (`sleep`, `usleep`,
/// `Thread.sleep`): leaving it holds nothing.
static int is_in_sleep(const void *address) {
    Dl_info info;
    if (!dladdr(address, &info) || !info.dli_sname) return 0;
    static const char *const names[] = { "nanosleep", "__nanosleep", "clock_nanosleep", "__clock_nanosleep", "usleep", "sleep" };
    for (unsigned index = 0; index < sizeof names / sizeof names[0]; index++) {
        if (strcmp(info.dli_sname, names[index]) == 0) return 1;
    }
    return 0;
}

#if defined(__x86_64__)
/// Where a library function the cell called returns to after a Ctrl-C (see
/// `leave_at_return_into_cell`): it has released whatever it held by then.
void swiftlab_worker_return_trampoline(void);
__attribute__((visibility("hidden"), used)) void swiftlab_worker_returned_into_cell(void) {
    patched_slot = NULL;
    if (!guard_active) abort();
    fflush(stdout);
    leave_cell(swiftlab_cell_interrupted);
}
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".hidden swiftlab_worker_return_trampoline\n"
    ".globl swiftlab_worker_return_trampoline\n"
    ".type swiftlab_worker_return_trampoline, @function\n"
    "swiftlab_worker_return_trampoline:\n"
    "    andq $-16, %rsp\n"
    "    call swiftlab_worker_returned_into_cell\n"
    "    ud2\n");

/// Whether `address` follows a call instruction: what a return address does.
static int follows_call(const unsigned char *address) {
    if (address[-5] == 0xE8) return 1;                                      // call rel32
    if (address[-6] == 0xFF && address[-5] == 0x15) return 1;              // call *rel32(%rip)
    if (address[-2] == 0xFF && (address[-1] & 0xF8) == 0xD0) return 1;     // call *%reg
    if (address[-3] == 0x41 && address[-2] == 0xFF && (address[-1] & 0xF8) == 0xD0) return 1;
    if (address[-3] == 0xFF && (address[-2] & 0xF8) == 0x50) return 1;     // call *disp8(%reg)
    if (address[-4] == 0x41 && address[-3] == 0xFF && (address[-2] & 0xF8) == 0x50) return 1;
    return 0;
}

/// Ctrl-C came while the cell was inside a library (`print` holding stdout's lock, the
/// runtime allocating): the innermost return address into the cell, found by scanning the
/// stack up from the interrupted one, is replaced by the trampoline, so that the cell is
/// left the moment the library returns to it, with nothing held.
static void leave_at_return_into_cell(void **stack) {
    if (patched_slot && *patched_slot == (void *)swiftlab_worker_return_trampoline) return;
    for (void **slot = stack; (char *)slot < guard_frame; slot++) {
        Dl_info info;
        const unsigned char *value = *slot;
        if ((uintptr_t)value < 4096 || !dladdr(value, &info) || !info.dli_fname || !strstr(info.dli_fname, "/libCell")) continue;
        if ((uintptr_t)value - (uintptr_t)info.dli_fbase < 16 || !follows_call(value)) continue;
        patched_slot = slot;
        *slot = (void *)swiftlab_worker_return_trampoline;
        return;
    }
}
#endif

static void on_interrupt(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    int saved_errno = errno;
    if (!pthread_equal(pthread_self(), main_thread)) {
        // Cells run on the main thread.
        pthread_kill(main_thread, signal_number);
        errno = saved_errno;
        return;
    }
    if (can_leave_cell()) {
        ucontext_t *ucontext = context;
#if defined(__x86_64__)
        void *pc = (void *)ucontext->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
        void *pc = (void *)ucontext->uc_mcontext.pc;
#else
        void *pc = NULL;
#endif
        // Inside libc, Foundation or the Swift runtime a lock may be held, or a structure
        // half changed: the REPL sends SIGINT again a few milliseconds later, when the
        // cell is more likely to be in its own code.
        if (pc && (is_in_cell(pc) || is_in_sleep(pc))) {
            fflush(stdout);
            errno = saved_errno;
            leave_cell(swiftlab_cell_interrupted);
        }
#if defined(__x86_64__)
        leave_at_return_into_cell((void **)ucontext->uc_mcontext.gregs[REG_RSP]);
#endif
    }
    errno = saved_errno;
}

void swiftlab_worker_install_signal_handlers(void) {
    main_thread = pthread_self();
    enter_access_context = (void (*)(char *))dlsym(RTLD_DEFAULT, "swift_task_enterThreadLocalContext");
    exit_access_context = (void (*)(char *))dlsym(RTLD_DEFAULT, "swift_task_exitThreadLocalContext");
    if (!enter_access_context || !exit_access_context) enter_access_context = exit_access_context = NULL;
    current_task = (void *(*)(void))dlsym(RTLD_DEFAULT, "swift_task_getCurrent");
    current_queue = (void *(*)(void))dlsym(RTLD_DEFAULT, "dispatch_get_current_queue");
    // The first backtrace() loads the unwinder, which must not happen in a signal handler.
    void *warm_up[1];
    backtrace(warm_up, 1);
    static char alternate_stack[64 * 1024];
    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    sigaltstack(&stack, NULL);
    struct sigaction action = { 0 };
    action.sa_sigaction = on_trap;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    int signals[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
    }
    struct sigaction interrupt = { 0 };
    interrupt.sa_sigaction = on_interrupt;
    interrupt.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&interrupt.sa_mask);
    sigaction(SIGINT, &interrupt, NULL);
    // swiftlab blocks SIGINT in its threads to read Ctrl-C itself, and a spawned process
    // starts with the mask of the thread that spawned it.
    sigset_t unblocked;
    sigemptyset(&unblocked);
    sigaddset(&unblocked, SIGINT);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&unblocked, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL);
}
