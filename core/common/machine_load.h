// How busy the machine is with other programs, from /proc: what the default thread count and the
// benchmarks' load warnings (api/bench.h) go by (issue 35.6). Linux; elsewhere every figure reads
// as an idle machine.
#pragma once

#include <cstdint>

namespace onnxlens {

struct MachineLoad {
  int cores = 1;       ///< CPUs this process may run on (its affinity mask)
  int busy_cores = 0;  ///< of those, kept busy by other programs (run queue, see SampleMachineLoad)
  double loadavg1 = 0;  ///< the 1-minute load average (/proc/loadavg), all programs, ours too
};

/// Samples the run queue: the runnable tasks of the whole machine (/proc/loadavg's fourth field)
/// less this process's own runnable threads, the least of 8 samples 0.5 ms apart (a program busy
/// all along shows in every one; a short burst does not), scaled to the share of the machine's
/// CPUs this process may use. ~5 ms.
MachineLoad SampleMachineLoad();

/// The thread count "0 = one per core" means: the cores not kept busy by other programs, at least
/// one. On 2 cores with another program busy on one, a second thread of ours only shares that
/// core's time slices with it: resnet18 26.5 vs 24.3 ms, mobilenet_v2 7.7 vs 4.7 ms (2 threads vs
/// 1, issue 35.6).
int DefaultThreadCount(const MachineLoad& load);

/// `requested` > 0 as it is; 0 resolved by DefaultThreadCount over a sample taken at most a second
/// ago (one sample serves the sessions a sweep or a quantization makes back to back).
int ResolveThreadCount(int requested);

/// Nanoseconds this process's threads have spent runnable but waiting for a CPU
/// (/proc/self/task/*/schedstat, second field), summed; 0 where the kernel does not say. Its growth
/// over a benchmark, against the wall time, is the CPU time other programs took from the runs.
int64_t ProcessRunQueueWaitNs();

}  // namespace onnxlens
