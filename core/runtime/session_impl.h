// Private to the session's sources (session.cc, session_parallel.cc): the per-graph plan a
// session executes (steps with their kernels and slots, frames of values) and Session::Impl.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kernels/kernel.h"
#include "providers/provider_factory.h"
#include "runtime/inter_op_pool.h"
#include "runtime/memory/session_memory.h"
#include "runtime/region_choice.h"
#include "runtime/session.h"
#include "runtime/thread_pool.h"

namespace onnxlens::runtime {

namespace session_internal {

struct SlotRef {
  int depth = 0;  ///< frames up from the executing one (0 = this graph)
  int slot = -1;
};

struct Step {
  const ir::Node* node = nullptr;
  std::unique_ptr<kernels::OpKernel> kernel;
  std::unique_ptr<kernels::OpKernel>
      fallback;  ///< next provider's kernel, for cases `kernel` declines
  const providers::ExecutionProvider* ep = nullptr;           ///< runs `kernel`
  const providers::ExecutionProvider* fallback_ep = nullptr;  ///< runs `fallback`
  std::vector<SlotRef> inputs;                                ///< slot -1: omitted optional input
  std::vector<int> outputs;                                   ///< -1: omitted output
  std::vector<int> free_after;           ///< slots of this frame whose last use is this step
  std::string provider;                  ///< of `kernel`
  std::vector<bool> input_is_parameter;  ///< input i is an initializer (for the profiler)
  /// For the profiler: label (node name, or op_type + "_" + id for unnamed nodes), op, provider.
  std::shared_ptr<const profiling::NodeEventInfo> info;
  /// The same with the fallback's provider: a trace names the provider that really ran.
  std::shared_ptr<const profiling::NodeEventInfo> fallback_info;
  std::shared_ptr<const std::string> label;  ///< aliases info->label (thread-pool spans)
  /// Parallel executor: a main-graph step that runs alone gets the whole thread budget.
  bool wide = false;
  bool has_subgraphs = false;  ///< node->HasSubgraphs(), asked once per step of every run
  /// memory::MayOverwriteInputs(node, provider): the planner may put the output over an input.
  bool may_overwrite_inputs = false;
  /// A light step of a wide region (region_choice.h): its kernels made for the whole budget, for
  /// the runs where its region runs one step after another (kernels fix their thread count when
  /// made); null when the budget is the light steps' share.
  std::unique_ptr<kernels::OpKernel> wide_kernel, wide_fallback;
};

struct Plan {
  const ir::Graph* graph = nullptr;
  std::vector<Step> steps;
  int num_slots = 0;
  std::unordered_map<const ir::Value*, int> slot_of;
  std::vector<int> input_slots;  ///< one per graph input
  std::vector<std::pair<int, const ir::Tensor*>> initializers;
  std::vector<SlotRef> outputs;
  std::unordered_map<const ir::Graph*, std::unique_ptr<Plan>> subplans;
  /// For the parallel executor (main graph): step -> step dependencies, the slots each step reads
  /// that may be freed (once per step), and per slot how many steps read it (freed when the last
  /// of them has finished; graph outputs never).
  StepGraph deps;
  std::vector<std::vector<int>> reads;
  std::vector<int> readers;
};

struct Frame {
  const Plan* plan;
  std::vector<RtValue> slots;
  Frame* parent;
};

}  // namespace session_internal

using session_internal::Frame;
using session_internal::Plan;
using session_internal::SlotRef;
using session_internal::Step;

struct Session::Impl {
  std::shared_ptr<const ir::Model> model;
  SessionOptions options;
  std::shared_ptr<memory::SessionMemory> memory;  ///< every provider's allocator
  std::vector<std::unique_ptr<providers::ExecutionProvider>> providers;
  providers::Partition partition;
  std::unique_ptr<ThreadPool> pool;
  /// Parallel executor: its threads, and an intra-op pool per executor thread ([0] is `pool`).
  std::unique_ptr<InterOpPool> inter_op;
  std::vector<ThreadPool*> pools;
  std::vector<std::unique_ptr<ThreadPool>> extra_pools;
  /// The whole budget, for the steps that run alone (`wide_steps`, by main-graph order).
  std::unique_ptr<ThreadPool> wide_pool;
  std::vector<bool> wide_steps;
  /// The wide regions (region_choice.h), the pins that run them all one step after another, and
  /// per input-shape signature the way each region runs (timed during its first runs).
  std::vector<WideRegion> regions;
  std::vector<bool> serial_pinned;
  struct RegionState {
    RegionChooser chooser;
    std::vector<bool> pinned;  ///< decided: wide_steps plus the regions run one after another
  };
  std::map<std::string, RegionState> region_states;
  std::string signature;  ///< of the run in progress (or the last one)
  const RegionState* last_regions = nullptr;
  std::unique_ptr<Plan> main;
  const CancelToken* cancel = nullptr;  ///< of the run in progress
  /// When the run in progress must end (SessionOptions::run_timeout_seconds); max(): never.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  /// Cancelled once `cancel` is set, OutOfRange past `deadline`, else Ok (no node named: the
  /// caller knows which one was running).
  Status CheckStop() const;
  std::shared_ptr<profiling::Profiler> profiler;
  /// Main-graph node id -> trace label in the model as given, before optimization (fused kernels
  /// name the nodes they were made from).
  std::unordered_map<ir::NodeId, std::string> original_labels;

  const providers::ExecutionProvider* Provider(const std::string& name) const;
  /// `in_region`: a main-graph step of a wide region (its wide kernels are made too).
  Status ResolveKernels(const ir::Node& n, Step* step, bool in_region = false);
  void FindWideSteps();
  Status BuildPlan(const ir::Graph& g, Plan* plan);
  Expected<std::vector<RtValue>> Execute(const Plan& plan, Frame* parent,
                                         std::vector<RtValue> inputs, ThreadPool* intra);
  /// `mem` (the main graph of a sequential run): the memory plan is told what step `index` made.
  Status RunStep(const Plan& plan, const Step& step, Frame* frame, ThreadPool* intra,
                 memory::SessionMemory* mem = nullptr, int index = -1);
  Status RunParallel(const Plan& plan, Frame* frame);
  bool AnySideBySide();
  double BeginNode(const Step& step, ThreadPool* intra);
  /// The main graph's node labels in execution order and its initializers' bytes (memory plans).
  const std::vector<std::string>& StepLabels();
  uint64_t WeightsBytes() const;
  std::vector<std::string> step_labels;
  /// The main graph's slots, kept empty between runs: a run does not allocate (and fault in) a
  /// slot per value again (30,000 values of a long chain: 3 MB). Runs of one session do not
  /// overlap (Run is not re-entrant).
  std::vector<RtValue> spare_slots;
  /// The bytes in use the profiler's memory track last showed this run (a step that leaves
  /// them unchanged adds no counter event: the track holds its value until the next).
  uint64_t memory_counter_bytes = UINT64_MAX;
  void EndNode(const Step& step, const std::shared_ptr<const profiling::NodeEventInfo>& info,
               const std::vector<const RtValue*>& ins, const std::vector<RtValue>& outs,
               double start_us);
};

/// The parallel executor's view of the main plan (session_parallel.cc): step dependencies, the
/// slots each step reads and how many steps read each.
void BuildDeps(Plan* plan);

}  // namespace onnxlens::runtime
