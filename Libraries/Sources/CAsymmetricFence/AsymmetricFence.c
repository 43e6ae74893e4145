#include "AsymmetricFence.h"

void asymmetric_fence_light(void) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

int asymmetric_fence_register(void) {
    // Only the expedited private command is fast enough to be worth it (and needs no
    // RCU grace period); it must be registered once per process before use.
    long supported = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (supported < 0 || !(supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED)) {
        return -1;
    }
    return syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0 ? 0 : -1;
}

int asymmetric_fence_heavy(void) {
    return syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0 ? 0 : -1;
}
#else
int asymmetric_fence_register(void) { return -1; }

int asymmetric_fence_heavy(void) { return -1; }
#endif
