// Session: a model prepared to run. Creation resolves a kernel for every node (failing with one
// error that lists every unsupported op), plans slots and frees; Run validates inputs against the
// graph and executes sequentially, or with the parallel executor (runtime/inter_op_pool.h).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/memory_plan.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"
#include "ir/model.h"
#include "kernels/kernel.h"
#include "kernels/rt_value.h"
#include "profiling/profiler.h"
#include "providers/partitioner.h"
#include "runtime/memory/session_memory.h"

namespace onnxlens::runtime {

using kernels::RtValue;

struct SessionOptions {
  /// Graph optimization level: disabled, basic, extended, layout (or all); the session runs an
  /// optimized copy of the model.
  std::string optimization_level = "disabled";
  /// Providers in order of preference (providers/provider_factory.h); a node goes to the first
  /// one whose capability accepts it. The reference provider is appended when missing.
  std::vector<std::string> providers = DefaultProviderOrder();
  /// Intra-op threads (0 = one per core). OpenBLAS is set to the same count so the two never
  /// oversubscribe the cores.
  int intra_op_threads = 0;
  /// How the main graph's nodes run: one after the other (sequential), or nodes whose inputs are
  /// ready at the same time on several threads (parallel: branches of googlenet's inception
  /// blocks, attention's Q/K/V). Subgraphs of If / Loop / Scan run sequentially inside their node.
  enum class Executor { kSequential, kParallel };
  Executor executor = Executor::kSequential;
  /// Threads of the parallel executor (0 = one per core, at most the thread budget). The budget
  /// (intra_op_threads, 0 = one per core) is split: each executor thread has its own intra-op pool
  /// of max(1, budget / inter_op_threads) threads, so inter x intra never exceeds the budget.
  int inter_op_threads = 0;
  /// The most bytes the session's kernels may hold at once (tensors they make; weights and the
  /// caller's inputs not counted). 0: half the machine's physical memory. A kernel asking for
  /// more fails with an error naming the tensor and this budget (CLI: --max-memory).
  uint64_t max_memory_bytes = 0;
  /// The most iterations one execution of a Loop node may run (0 = no cap; CLI
  /// --max-loop-iterations): a runaway trip count fails naming the node instead of spinning.
  int64_t max_loop_iterations = kernels::kDefaultMaxLoopIterations;
  /// The most seconds one Run may take (0 = no limit; CLI --timeout), polled where cancellation
  /// is: before every node, between Loop / Scan iterations and inside long kernels.
  double run_timeout_seconds = 0;
  /// Memory patterns: the first run of each input-shape signature records the main graph's
  /// buffers and plans them into one arena (runtime/memory/planner.h); later runs of that
  /// signature take them from it (ONNX Runtime's enable_mem_pattern; CLI --no-mem-pattern). The
  /// parallel executor records sequentially, then serves the plan to its threads (a buffer whose
  /// bytes a live one holds, as lifetimes differ from the recording's, comes from the arena).
  bool enable_mem_pattern = true;
  /// The dynamic arena: freed buffers of 64 KiB and more are kept for reuse by size class
  /// (runtime/buffer_cache.h); off, they go back to the system (CLI --no-arena).
  bool enable_arena = true;
  /// Records a trace event per node execution (see profiling/profiler.h); off costs nothing.
  bool enable_profiling = false;
  /// False for a session made only to check a model and dropped (kernels::KernelInfo::prepare):
  /// its kernels skip what they prepare for runs. A run of such a session still works.
  bool prepare_kernels = true;
  /// Kernels keep constant weights as the model gives them instead of a copy in the layout they
  /// prefer, and lay them out on each run (ONNX Runtime's session.disable_prepacking; see
  /// kernels::KernelInfo::prepack for which do): less memory for a slower run. The layer-wise
  /// comparison's sessions use it: their reordered filters were 74 MB of a 50,000-node CNN's.
  bool disable_prepacking = false;
  /// The profiler to record into (so a caller can time loading before the session exists); a
  /// fresh one when null and profiling is on.
  std::shared_ptr<profiling::Profiler> profiler;
  /// Sees every value of the main graph as a run makes it: the graph inputs as the run starts,
  /// then each node's outputs right after the node ran, before the values it read last are
  /// freed (calibration and layer-wise comparison: no tensor has to become a graph output and
  /// outlive the run). The value may sit in a buffer a later node reuses: copy what must outlive
  /// the call. Called on the running thread; with an observer the main graph runs sequentially.
  /// Subgraph values are not shown.
  std::function<void(const std::string& name, const RtValue& value)> observe_value;
};

using NamedValues = std::vector<std::pair<std::string, RtValue>>;

/// "sequential" or "parallel" (the CLI's --executor).
Expected<SessionOptions::Executor> ParseExecutor(const std::string& name);

/// `requested` bytes, or half the machine's physical memory for 0.
uint64_t ResolveMemoryBudget(uint64_t requested);

/// The model a session at `optimization_level` runs: every node validated against its ONNX schema
/// (onnx/node_validator.h; an error names the node), then `model` itself when disabled, else an
/// optimized copy. `providers` (the session's order) decides whether level `layout` blocks
/// convolution chains in NCHWc (providers::NchwcBlockFor).
Expected<std::shared_ptr<const ir::Model>> PrepareModel(std::shared_ptr<const ir::Model> model,
                                                        const std::string& optimization_level,
                                                        const std::vector<std::string>& providers);

/// What the parallel executor chose for the wide regions of the main graph (region_choice.h):
/// sections between steps that run alone, whose light steps may run beside each other.
struct ParallelRegions {
  int regions = 0;           ///< 0: the sequential executor, or no parallel branches
  int side_by_side = 0;      ///< regions whose light steps run beside each other (decided)
  bool decided = false;      ///< false: the last run's input shapes are still being timed
  int calibration_runs = 0;  ///< runs of an input-shape signature the timing takes
  /// Decided: per region, its first step's label and the median times of both ways.
  struct Region {
    std::string first_step;
    double side_by_side_us = 0, one_after_another_us = 0;
    bool side_by_side = false;
  };
  std::vector<Region> detail;
};

class Session {
 public:
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  static Expected<std::unique_ptr<Session>> Create(std::shared_ptr<const ir::Model> model,
                                                   const SessionOptions& options = {});

  /// Runs the model. Inputs are matched by name; every graph input without an initializer must be
  /// given, with the declared element type, rank and fixed dimensions.
  /// `cancel` (optional) is polled before every node and every subgraph run (each Loop / Scan
  /// iteration): once set, the run ends with kCancelled. SessionOptions::run_timeout_seconds is
  /// polled at the same points (kOutOfRange, naming the node that was running).
  /// One Run at a time per session (the run's state and the intra-op pool are the session's):
  /// several threads each run their own session of a shared model.
  Expected<NamedValues> Run(const std::map<std::string, RtValue>& inputs,
                            const CancelToken* cancel = nullptr);

  const ir::Model& model() const;
  /// Graph inputs the caller must (or may) feed, in graph order.
  std::vector<const ir::Value*> Inputs() const;
  std::vector<const ir::Value*> Outputs() const;
  /// Where each node runs and why the preferred providers declined it (decided at creation; a
  /// kernel that declines a case at run time hands it to the placement's fallback, and the trace
  /// names the provider that ran).
  const providers::Partition& partition() const;
  /// Intra-op threads per executor thread.
  int threads() const;
  /// Executor threads: 1 for the sequential executor.
  int inter_op_threads() const;
  /// The parallel executor's per-region choice for the last run's input shapes.
  ParallelRegions parallel_regions() const;
  /// The memory budget in force (SessionOptions::max_memory_bytes resolved).
  uint64_t max_memory_bytes() const;
  /// The session's profiler, or null when profiling is off. Callers may add their own events
  /// (e.g. model_loading_uri) and read or clear the events between runs.
  profiling::Profiler* profiler();
  /// The memory plan of the last run's input shapes (null before a first run of them completes,
  /// or with memory patterns off).
  std::shared_ptr<const MemoryPlan> memory_plan() const;
  /// Planned and dynamic arena figures, bytes in use now and at most.
  memory::MemoryStats memory_stats() const;

  /// The implementation (public only so the executor's helpers can name it).
  struct Impl;

 private:
  explicit Session(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace onnxlens::runtime
