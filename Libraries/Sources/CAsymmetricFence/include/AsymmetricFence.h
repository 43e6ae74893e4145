// An asymmetric memory fence (as in biased locking, or Folly's asymmetricLightBarrier /
// asymmetricHeavyBarrier): a thread that runs often pays only a compiler barrier, and the
// rare thread that must synchronise with it pays a process-wide membarrier(2), which makes
// every other running thread of the process execute a full memory barrier. Together they
// order a store before a load on both sides, as a full fence on each side would.
//
// Swift has neither a signal fence nor a way to call the variadic syscall(2), hence this
// small C module. Streams does not import it: it declares these functions with
// `@_silgen_name` (Sources/Streams/Subjects/SubjectBias.swift,
// Sources/Streams/Subscribers/SinkDelivery.swift), which is why they use the
// Swift calling convention. An import would make every client of Streams (the REPL's
// cells too) need this module's module map, since Streams is built without library
// evolution.
#ifndef ASYMMETRIC_FENCE_H
#define ASYMMETRIC_FENCE_H

#include <stdint.h>

#define ASYMMETRIC_FENCE_SWIFTCALL __attribute__((swiftcall))

/// The light side: keeps the compiler from moving memory accesses across the call (an
/// out-of-line call is opaque to the caller's optimiser, and the body is a signal fence);
/// no fence instruction. Paired with `asymmetric_fence_heavy` on the other thread.
ASYMMETRIC_FENCE_SWIFTCALL void asymmetric_fence_light(void);

/// The light side that also returns a number that identifies the calling thread among
/// the live threads of the process (its thread pointer; never 0): one call where a
/// thread must both fence and know who it is (Streams' `Subscribers.Sink` on every value).
ASYMMETRIC_FENCE_SWIFTCALL uintptr_t asymmetric_fence_light_current_thread(void);

/// Registers the process for the heavy side (MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED),
/// which this module already does when the program loads (see AsymmetricFence.c): returns
/// that outcome. Returns 0 on success; -1 where membarrier is missing (not Linux, an old kernel, or a
/// sandbox that forbids it): callers must then not rely on the light side at all.
ASYMMETRIC_FENCE_SWIFTCALL int asymmetric_fence_register(void);

/// The heavy side: returns once every running thread of the process has executed a full
/// memory barrier (MEMBARRIER_CMD_PRIVATE_EXPEDITED). Only after a successful
/// `asymmetric_fence_register`. Returns 0 on success, -1 on failure.
ASYMMETRIC_FENCE_SWIFTCALL int asymmetric_fence_heavy(void);

#endif
