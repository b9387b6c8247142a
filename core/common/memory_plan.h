// A session's memory plan as plain data: every buffer its kernels allocate in one run, its place
// in one arena (offset, size) and its lifetime in execution steps, with the planned peak beside the
// naive sum. core/runtime computes it (runtime/memory/planner.h); dependency-free so that core/api,
// the CLI and the GUI's Memory view can hold it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace onnxlens {

struct PlannedBuffer {
  uint64_t offset = 0;  ///< in the arena
  uint64_t size = 0;    ///< bytes (64-byte multiple)
  int first_step = 0;   ///< the step that allocates it (main graph, execution order)
  int last_step = 0;    ///< the last step during or after which it is still alive
  int step_index = 0;   ///< which allocation of its step it is (0 = the step's first)
  /// The tensor it became (an output of the producer), or "" for a kernel's scratch buffer.
  std::string tensor;
  std::string producer;      ///< label of the node that allocated it
  std::string producer_op;   ///< its op type
  int64_t producer_id = -1;  ///< its node id in the session's (optimized) graph
  /// Shares its offset with the buffer it overwrites in place (index into MemoryPlan::buffers),
  /// or -1.
  int in_place_of = -1;
};

struct MemoryPlan {
  std::vector<PlannedBuffer> buffers;  ///< in allocation order
  std::vector<std::string> steps;      ///< node label per step
  uint64_t planned_peak = 0;           ///< the arena's size: the highest offset + size
  uint64_t naive_sum = 0;              ///< every buffer's size added up (no reuse at all)
  uint64_t weights_bytes = 0;          ///< the graph's initializers
  uint64_t outputs_bytes = 0;  ///< buffers still alive after the run (outputs; not in the arena)
  int peak_step = -1;          ///< a step at which the live planned bytes are highest
  uint64_t peak_live = 0;      ///< those bytes (<= planned_peak; the gap is fragmentation)
  int in_place = 0;            ///< buffers that reuse an input's storage in place
  std::string signature;       ///< the input shapes the plan is for ("x:1x3x224x224")
};

/// Indices of the buffers alive at `step`, largest first.
std::vector<int> BuffersAliveAt(const MemoryPlan& plan, int step);

}  // namespace onnxlens
