// The inter-op scheduler of the parallel executor: runs the steps of a dependency graph (a DAG of
// step indices) on several threads, each step once its predecessors have finished. The calling
// thread works too; the pool's own threads sleep on a condition variable between runs (an idle
// session burns no CPU). Ready steps are taken lowest index first, so the order stays close to the
// sequential executor's topological order (and its memory use).
//
// Errors: the first failing step's status wins; no further step starts, the running ones finish,
// then Run returns it. Cancellation: the token is polled before every step; once set, Run ends
// with kCancelled the same way.
//
// OpenMP mode (sessions whose kernels run OpenMP teams, as oneDNN's, with one intra-op thread per
// executor thread): the pool has no threads of its own. The light steps of a phase run on an
// OpenMP team of `threads` (the caller and the OpenMP worker that also serves the pinned steps'
// teams), so one set of threads serves both: no thread of ours spins or sleeps beside an OpenMP
// worker spinning for its next team, and no team is torn down and made again between the two
// (measured on googlenet: 7 thread creations per run, ~1 ms). A phase opens only when two light
// steps are ready; one light step and the pinned ones run on the caller alone.
//
// Thread budget (the rule the session applies, SplitThreadBudget): the machine's cores are split
// between inter-op and intra-op parallelism, inter-op x intra-op <= budget, so the executor's
// threads, each thread's intra-op pool, OpenBLAS and oneDNN's OpenMP teams never oversubscribe.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::runtime {

/// A DAG of steps 0..n-1: successors[i] lists the steps that wait for i, predecessors[i] how many
/// steps i waits for.
struct StepGraph {
  std::vector<std::vector<int>> successors;
  std::vector<int> predecessors;
  /// Steps the calling thread (thread 0) runs alone (empty: none): a ready pinned step waits
  /// until no light step is ready or running, and no step starts while it runs. The session pins
  /// the steps that run alone anyway (AloneSteps) and the heavy ones, and gives them the whole
  /// thread budget: one OpenMP team, never two wide ones.
  std::vector<bool> pinned;

  size_t size() const { return predecessors.size(); }
  /// Adds the edge from -> to (once per pair; callers dedupe).
  void AddEdge(int from, int to);
  void Resize(size_t n);
};

/// Steps (numbered in a topological order) that no other step can run beside: every other step is
/// an ancestor or a descendant (the stem of googlenet, every step of a chain-shaped network, the
/// steps of resnet's residual blocks). Linear in the graph's size.
std::vector<bool> AloneSteps(const StepGraph& graph);

/// The intra-op threads each of `inter_op` executor threads gets out of `budget` threads (0 = one
/// per core): max(1, budget / inter_op).
int SplitThreadBudget(int budget, int inter_op);
/// `inter_op` resolved: 0 = min(budget, cores) with budget 0 = one per core; never above the
/// budget.
int ResolveInterOpThreads(int inter_op, int budget);

class InterOpPool {
 public:
  /// `threads` executor threads in all, the caller of Run included (so threads - 1 of its own).
  /// `openmp`: OpenMP mode (above).
  explicit InterOpPool(int threads, bool openmp = false);
  ~InterOpPool();
  InterOpPool(const InterOpPool&) = delete;
  InterOpPool& operator=(const InterOpPool&) = delete;

  int threads() const { return threads_; }
  bool openmp() const { return openmp_; }
  /// Thread ids of the pool's own threads (for the profiler's track names), index 1.. in order;
  /// empty in OpenMP mode (the team's threads are libgomp's).
  const std::vector<int64_t>& worker_tids() const { return worker_tids_; }

  /// Runs every step of `graph`: run(step, thread) with thread in [0, threads()) (0 = the caller).
  /// One Run at a time. `pinned` (optional) replaces graph.pinned for this run.
  Status Run(const StepGraph& graph, const std::function<Status(int step, int thread)>& run,
             const CancelToken* cancel = nullptr, const std::vector<bool>* pinned = nullptr);

 private:
  struct Job;
  void WorkerLoop(int index);
  /// `phase`: an OpenMP light phase (only light steps; returns once none is ready or running).
  void Work(Job* job, int thread, std::unique_lock<std::mutex>& lock, bool phase = false);
  /// Runs `step` (taken off its queue) and queues its ready successors; false when the job failed.
  bool RunOne(Job* job, int step, int thread, bool exclusive, std::unique_lock<std::mutex>& lock);
  Status RunOpenMp(Job* job);
  /// Waits (spinning, then asleep) until go() holds; `lock` held on entry and return.
  template <typename Pred>
  void SpinUntil(Pred go, std::unique_lock<std::mutex>& lock);

  int threads_ = 1;
  bool openmp_ = false;
  std::vector<std::thread> workers_;
  std::vector<int64_t> worker_tids_;
  std::mutex mu_;
  std::condition_variable cv_;         ///< work ready, job done, or stop
  std::condition_variable cv_joined_;  ///< a worker left the job
  Job* job_ = nullptr;
  uint64_t generation_ = 0;
  int in_job_ = 0;  ///< workers inside the current job
  bool stop_ = false;
  std::atomic<uint64_t> changes_{0};  ///< bumped (under mu_) whenever a step has finished
};

}  // namespace onnxlens::runtime
