#include "AsymmetricFence.h"

// The light side is a call the caller's optimiser cannot see into, which is all the
// compiler barrier needs: the body has nothing to do. Where the instruction set is known,
// the body is a bare return (no frame set up and torn down: it runs on every biased send
// and twice per value a sink delivers); elsewhere a C signal fence.
#if defined(__x86_64__) || defined(__aarch64__)
__attribute__((naked)) void asymmetric_fence_light(void) {
    __asm__ volatile("ret");
}
#else
void asymmetric_fence_light(void) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}
#endif

// The thread pointer is read straight from its register only on Linux, whose C libraries
// (glibc, musl) keep it there: Darwin puts it elsewhere (%gs on x86-64, tpidrro_el0 on
// arm64). Streams calls this only on Linux; elsewhere it stays correct, if slower.
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
__attribute__((naked)) uintptr_t asymmetric_fence_light_current_thread(void) {
#if defined(__x86_64__)
    // The thread control block's address, what the fs base points to (glibc's and musl's
    // pthread_self() is that address too).
    __asm__ volatile("movq %fs:0, %rax\n\tret");
#else
    __asm__ volatile("mrs x0, tpidr_el0\n\tret");
#endif
}
#else
#include <pthread.h>

uintptr_t asymmetric_fence_light_current_thread(void) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    return (uintptr_t)pthread_self();
}
#endif

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The outcome of registering: -2 until tried, then what `asymmetric_fence_register` returns.
static int registration = -2;

static int register_process(void) {
    // Only the expedited private command is fast enough to be worth it (and needs no
    // RCU grace period); it must be registered once per process before use.
    long supported = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (supported < 0 || !(supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED)) {
        return -1;
    }
    return syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0 ? 0 : -1;
}

// Registers when the program loads, before `main` starts any thread: registering takes a
// few microseconds while the process has one thread, but once it has more the kernel waits
// for a whole RCU grace period (13-17 ms measured on Linux 6.18). Registered lazily, that
// wait fell on the first subject send of a multithreaded program, stalling it while other
// threads went on (what made CombineExt's withLatestFrom thread-safety test miss values).
__attribute__((constructor)) static void register_at_load(void) {
    registration = register_process();
}

int asymmetric_fence_register(void) {
    // Only if the constructor did not run (Streams' first use is under a `static let`'s
    // one-time initialisation, so this runs once at most).
    if (registration == -2) {
        registration = register_process();
    }
    return registration;
}

int asymmetric_fence_heavy(void) {
    return syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0 ? 0 : -1;
}
#else
int asymmetric_fence_register(void) { return -1; }

int asymmetric_fence_heavy(void) { return -1; }
#endif
