// The OpenMP wait policy onnxlens's executables start with (runtime/omp_wait_policy.cc).
//
// oneDNN runs on Debian's libgomp, whose idle team threads spin for their next parallel region
// (GOMP_SPINCOUNT 300,000 pauses by default, ~10 ms here) before they sleep. Back-to-back
// primitives keep them spinning for good, so with another program busy on one of the cores a
// spinning worker holds that core's time slice while the thread it waits for cannot run: the
// sample model went 0.09 -> 64 ms per run at 2 threads (ONNXLENS_MAX_ISA=avx2, one core busy),
// efficientnet_b0 80 -> 979 ms (issue 35.6). A short spin keeps the wake-up cost off the unloaded
// case and lets a waiting thread sleep within ~0.3 ms, as our own pools do (thread_pool.h).
//
// libgomp reads OMP_WAIT_POLICY and GOMP_SPINCOUNT once, in its ELF constructor, before main():
// the variables are set by a function in the executable's .preinit_array, which the dynamic
// loader runs before any shared library's constructor. A value the user set wins (neither
// variable is touched when either is set).
#pragma once

namespace onnxlens::runtime {

/// GOMP_SPINCOUNT set at start-up when neither OMP_WAIT_POLICY nor GOMP_SPINCOUNT is set.
inline constexpr const char* kDefaultGompSpinCount = "10000";

/// Whether the start-up default was applied in this process (false: the user's value stood, or
/// the executable was linked without the entry).
bool OmpWaitPolicyDefaultApplied();

}  // namespace onnxlens::runtime
