// The session's allocator: while memory patterns are on, the first run of each input-shape
// signature records every buffer the main graph's kernels allocate (size, step, when freed), the
// planner (planner.h) gives each an offset, and later runs of that signature serve the buffers
// from one arena block in the same order (allocation k of step s = planned buffer (s, k) when the
// size matches). Anything unplanned or of another size, graph outputs and every buffer of a run
// without a plan come from the dynamic arena (BufferCache; plain allocations when the arena is
// off). The planned path is for sequential execution (as in ONNX Runtime, where the parallel
// executor disables memory patterns).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/memory_plan.h"
#include "ir/buffer_allocator.h"
#include "ir/graph.h"
#include "kernels/rt_value.h"
#include "runtime/buffer_cache.h"

namespace onnxlens::runtime::memory {

struct MemoryStats {
  uint64_t planned_arena_bytes = 0;  ///< the arena block of the current signature's plan
  uint64_t planned_served = 0;       ///< buffers served from a plan's arena (all runs)
  uint64_t unplanned = 0;            ///< buffers the plan did not cover (dynamic arena)
  uint64_t live_bytes = 0;           ///< in use now (planned + dynamic)
  uint64_t peak_live_bytes = 0;      ///< the most in use at once
  BufferCache::Stats dynamic;        ///< the dynamic arena (high_water_bytes: its high-water mark)
};

class SessionMemory final : public ir::BufferAllocator {
 public:
  SessionMemory(size_t budget, bool enable_arena, bool enable_mem_pattern);
  ~SessionMemory() override;
  SessionMemory(const SessionMemory&) = delete;
  SessionMemory& operator=(const SessionMemory&) = delete;

  std::shared_ptr<std::byte> Allocate(size_t nbytes) override;
  std::string Refusal(size_t nbytes) const override;

  /// A run of the main graph begins; `signature` names its input shapes. `step_labels` (the
  /// label of each main-graph step) must stay alive until EndRun.
  void BeginRun(const std::string& signature, const std::vector<std::string>* step_labels,
                uint64_t weights_bytes);
  /// Main-graph step `step` begins (allocations until the next call belong to it).
  void BeginStep(int step);
  /// The parallel executor (planned runs): step `step` begins on the calling thread, whose
  /// allocations until the next call belong to it; -1: the thread's step ended. Steps may run at
  /// once on several threads: a planned buffer whose bytes a live buffer holds (lifetimes were
  /// recorded in sequential order) comes from the dynamic arena instead, and no output is written
  /// over an input (another branch may still read it).
  void BeginStepOnThread(int step);
  /// The current run records its signature's plan (the parallel executor runs it sequentially).
  bool recording() const;
  /// Step `step` (node `node`) has set `outs`: names the buffers it allocated and, when
  /// `may_overwrite_inputs` (MayOverwriteInputs of the node and the provider that ran it), notes
  /// in-place candidates (an element-wise output the size of an input at its last use). `node`
  /// is only kept, for naming the plan's buffers later: it must outlive the session memory.
  void EndStep(int step, const ir::Node* node, bool may_overwrite_inputs,
               const std::vector<const kernels::RtValue*>& ins,
               const std::vector<kernels::RtValue>& outs);
  /// The run ended (`ok`: completely); a recording run becomes the signature's plan.
  void EndRun(bool ok);

  /// The plan of the last run's signature (null before a recorded run or with patterns off). Its
  /// buffers are named (tensor, producer) on the first call, from the session's graph: call it
  /// while the session lives.
  std::shared_ptr<const MemoryPlan> plan() const;
  MemoryStats stats() const;
  uint64_t live_bytes() const;

  struct State;

 private:
  std::shared_ptr<State> state_;
  std::shared_ptr<BufferCache> dynamic_;
  std::shared_ptr<BufferCache> recording_;  ///< a recording run's buffers (never recycled)
};

/// Whether the kernel of `node` on `provider` may write its output over an input of the same size
/// at that input's last use (an element-wise kernel whose y[i] reads x[i] only, output made with
/// Tensor::Empty): the planner then gives the output the input's offset.
bool MayOverwriteInputs(const ir::Node& node, const std::string& provider);

}  // namespace onnxlens::runtime::memory
