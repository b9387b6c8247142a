// The inter-op scheduler.
#include "runtime/inter_op_pool.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>
#include <queue>

#include <omp.h>

#include "profiling/profiler.h"

namespace onnxlens::runtime {

void StepGraph::Resize(size_t n) {
  successors.assign(n, {});
  predecessors.assign(n, 0);
}

void StepGraph::AddEdge(int from, int to) {
  successors[static_cast<size_t>(from)].push_back(to);
  ++predecessors[static_cast<size_t>(to)];
}

std::vector<bool> AloneSteps(const StepGraph& graph) {
  // In topological numbering, every step after i descends from i iff each of them has a
  // predecessor numbered i or more; every step before i is an ancestor iff each of them has a
  // successor numbered i or less. (An edge from an ancestor to a descendant, as a residual
  // connection, jumps over i without running beside it.)
  const size_t n = graph.size();
  const int none = static_cast<int>(n);
  std::vector<int> max_pred(n, -1), min_succ(n, none);
  for (size_t u = 0; u < n; ++u) {
    for (int v : graph.successors[u]) {
      max_pred[static_cast<size_t>(v)] =
          std::max(max_pred[static_cast<size_t>(v)], static_cast<int>(u));
      min_succ[u] = std::min(min_succ[u], v);
    }
  }
  std::vector<int> after(n + 1, none);  // after[i]: the least max_pred over steps >= i
  for (size_t i = n; i-- > 0;) after[i] = std::min(after[i + 1], max_pred[i]);
  std::vector<bool> alone(n, false);
  int before = -1;  // the greatest min_succ over steps < i
  for (size_t i = 0; i < n; ++i) {
    const int k = static_cast<int>(i);
    alone[i] = after[i + 1] >= k && before <= k;
    before = std::max(before, min_succ[i]);
  }
  return alone;
}

namespace {

int Cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace

int SplitThreadBudget(int budget, int inter_op) {
  if (budget <= 0) budget = Cores();
  return std::max(1, budget / std::max(1, inter_op));
}

int ResolveInterOpThreads(int inter_op, int budget) {
  if (budget <= 0) budget = Cores();
  if (inter_op <= 0) inter_op = std::min(budget, Cores());
  return std::max(1, std::min(inter_op, budget));
}

struct InterOpPool::Job {
  const StepGraph* graph;
  const std::vector<bool>* pinned;  ///< graph->pinned or the run's own
  const std::function<Status(int, int)>* run;
  const CancelToken* cancel;
  std::vector<int> waiting;  ///< predecessors not finished, per step
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;         ///< light steps
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready_pinned;  ///< caller only
  size_t finished = 0;
  int running = 0;
  bool exclusive = false;  ///< a pinned step is running: nothing starts beside it
  bool phase = false;      ///< OpenMP mode: a light phase is running on a team
  bool failed = false;
  Status error;
};

InterOpPool::InterOpPool(int threads, bool openmp) : threads_(std::max(1, threads)) {
  openmp_ = openmp && threads_ > 1;
  if (openmp_) return;
  threads = threads_;
  worker_tids_.assign(static_cast<size_t>(threads - 1), 0);
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { WorkerLoop(i); });
  std::unique_lock<std::mutex> lock(mu_);
  cv_joined_.wait(lock, [this] {
    return std::all_of(worker_tids_.begin(), worker_tids_.end(), [](int64_t t) { return t != 0; });
  });
}

InterOpPool::~InterOpPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& t : workers_) t.join();
}

// Called and returns with `lock` held (released while the step runs).
bool InterOpPool::RunOne(Job* job, int step, int thread, bool exclusive,
                         std::unique_lock<std::mutex>& lock) {
  const size_t n = job->graph->size();
  const std::vector<bool>& pinned = *job->pinned;
  auto is_pinned = [&](int s) { return !pinned.empty() && pinned[static_cast<size_t>(s)]; };
  if (job->cancel && job->cancel->cancelled()) {
    job->failed = true;
    job->error = Cancelled("the run was cancelled");
    changes_.fetch_add(1, std::memory_order_release);
    cv_.notify_all();
    return false;
  }
  ++job->running;
  job->exclusive = exclusive;
  lock.unlock();
  Status st = (*job->run)(step, thread);
  lock.lock();
  changes_.fetch_add(1, std::memory_order_release);
  --job->running;
  job->exclusive = false;
  if (!st.ok()) {
    if (!job->failed) {
      job->failed = true;
      job->error = std::move(st);
    }
    cv_.notify_all();
    return false;
  }
  ++job->finished;
  int light = 0;
  for (int s : job->graph->successors[static_cast<size_t>(step)]) {
    if (--job->waiting[static_cast<size_t>(s)] == 0) {
      if (is_pinned(s)) {
        job->ready_pinned.push(s);
      } else {
        job->ready.push(s);
        ++light;
      }
    }
  }
  // This thread takes one new light step itself; sleeping threads take the others, the light
  // steps a pinned one held back, or (the caller) a pinned step now that nothing runs; in a phase,
  // they leave once no light step is left.
  const bool caller_may_pin =
      thread != 0 && job->running == 0 && !job->ready_pinned.empty() && job->ready.empty();
  const bool phase_over = job->phase && job->running == 0 && job->ready.empty();
  if (job->finished == n || light > 1 || (exclusive && !job->ready.empty()) || caller_may_pin ||
      phase_over)
    cv_.notify_all();
  if (job->finished == n && job->running == 0) cv_joined_.notify_all();
  return true;
}

// In a phase, a thread with nothing to take spins (lock released) until a step finishes, for at
// most kPhaseSpin, before it sleeps on cv_: the other thread of the team is running a light step,
// its core is this one's, and waking a sleeping thread costs ~45 us on this machine (measured on
// googlenet: the gap between an inception block's last light step and the next step was 45 us,
// 9 blocks a run). Called and returns with `lock` held.
template <typename Pred>
void InterOpPool::SpinUntil(Pred go, std::unique_lock<std::mutex>& lock) {
  constexpr auto kPhaseSpin = std::chrono::microseconds(2000);
  const auto until = std::chrono::steady_clock::now() + kPhaseSpin;
  while (!go()) {
    const uint64_t seen = changes_.load(std::memory_order_relaxed);
    lock.unlock();
    bool changed = false;
    for (int i = 0; !changed; ++i) {
      changed = changes_.load(std::memory_order_acquire) != seen;
      if (!changed && (i & 255) == 255 && std::chrono::steady_clock::now() >= until) break;
#if defined(__x86_64__) || defined(__i386__)
      if (!changed) __builtin_ia32_pause();
#endif
    }
    lock.lock();
    if (!changed) {
      cv_.wait(lock, go);
      return;
    }
  }
}

// Takes ready steps until the job is finished or failed; called and returns with `lock` held.
// Light steps first, on any thread; a pinned step only on the caller once no step runs, and no step
// starts beside it. So the light steps of parallel branches run beside each other, and the pinned
// ones (heavy, with the whole thread budget) between them. In a `phase` (OpenMP mode) no pinned
// step is taken: the threads return once no light step is ready or running.
void InterOpPool::Work(Job* job, int thread, std::unique_lock<std::mutex>& lock, bool phase) {
  const size_t n = job->graph->size();
  auto can_take_light = [&] { return !job->exclusive && !job->ready.empty(); };
  auto can_take_pinned = [&] {
    return !phase && thread == 0 && job->running == 0 && !job->ready_pinned.empty();
  };
  auto phase_over = [&] { return phase && job->ready.empty() && job->running == 0; };
  auto go = [&] {
    return job->failed || job->finished == n || can_take_light() || can_take_pinned() ||
           phase_over();
  };
  while (true) {
    if (phase) {
      SpinUntil(go, lock);
    } else {
      cv_.wait(lock, go);
    }
    if (job->failed || job->finished == n) return;
    if (!can_take_light() && !can_take_pinned()) return;  // the phase is over
    const bool exclusive = !can_take_light();
    auto& queue = exclusive ? job->ready_pinned : job->ready;
    const int step = queue.top();
    queue.pop();
    if (!RunOne(job, step, thread, exclusive, lock)) return;
  }
}

// OpenMP mode: the caller runs the pinned steps and lone light ones; two or more ready light steps
// open a phase on an OpenMP team, whose threads take light steps until none is left.
Status InterOpPool::RunOpenMp(Job* job) {
  const size_t n = job->graph->size();
  std::unique_lock<std::mutex> lock(mu_);
  while (!job->failed && job->finished < n) {
    if (job->ready.size() > 1) {
      job->phase = true;
      lock.unlock();
#pragma omp parallel num_threads(threads_)
      {
        // Everything the team reads of the job is read under mu_ (ThreadSanitizer does not see
        // libgomp's own synchronization).
        std::unique_lock<std::mutex> team_lock(mu_);
        Work(job, omp_get_thread_num(), team_lock, /*phase=*/true);
      }
      lock.lock();
      job->phase = false;
      continue;
    }
    const bool exclusive = job->ready.empty();
    auto& queue = exclusive ? job->ready_pinned : job->ready;
    assert(!queue.empty() && "the step graph has a cycle");
    if (queue.empty()) break;
    const int step = queue.top();
    queue.pop();
    if (!RunOne(job, step, 0, exclusive, lock)) break;
  }
  if (job->failed) return job->error;
  return Status::Ok();
}

Status InterOpPool::Run(const StepGraph& graph, const std::function<Status(int, int)>& run,
                        const CancelToken* cancel, const std::vector<bool>* pinned_steps) {
  if (graph.size() == 0) return Status::Ok();
  const std::vector<bool>& pins = pinned_steps ? *pinned_steps : graph.pinned;
  Job job{&graph, &pins, &run,  cancel, graph.predecessors, {}, {}, 0,
          0,      false, false, false,  Status::Ok()};
  for (size_t i = 0; i < graph.size(); ++i) {
    if (job.waiting[i] != 0) continue;
    const bool pinned = !pins.empty() && pins[i];
    (pinned ? job.ready_pinned : job.ready).push(static_cast<int>(i));
  }
  if (openmp_) return RunOpenMp(&job);
  std::unique_lock<std::mutex> lock(mu_);
  assert(!job_ && "InterOpPool::Run: one run at a time");
  job_ = &job;
  ++generation_;
  cv_.notify_all();
  Work(&job, 0, lock);
  // Wait for the steps still running elsewhere (after an error) and for every worker to leave.
  cv_joined_.wait(lock, [&] { return job.running == 0 && in_job_ == 0; });
  job_ = nullptr;
  if (job.failed) return job.error;
  assert(job.finished == graph.size() && "the step graph has a cycle");
  return Status::Ok();
}

void InterOpPool::WorkerLoop(int index) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mu_);
  worker_tids_[static_cast<size_t>(index - 1)] = profiling::Profiler::CurrentThreadId();
  cv_joined_.notify_all();
  while (true) {
    cv_.wait(lock, [&] { return stop_ || (job_ && generation_ != seen); });
    if (stop_) return;
    seen = generation_;
    Job* job = job_;
    ++in_job_;
    Work(job, index, lock);
    --in_job_;
    cv_joined_.notify_all();
  }
}

}  // namespace onnxlens::runtime
