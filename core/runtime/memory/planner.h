// The memory planner: offsets in one arena for buffers whose sizes and lifetimes (in execution
// steps) are known, greedy by size with best fit (the scheme of TensorFlow Lite's arena planner
// and ONNX Runtime's memory patterns), with in-place pairs sharing one offset.
#pragma once

#include <cstdint>
#include <vector>

#include "common/memory_plan.h"

namespace onnxlens::runtime::memory {

/// Sets every buffer's offset so that no two buffers whose lifetimes overlap share a byte, except
/// a buffer and the one it overwrites in place (`in_place_of`, an earlier index with the same size
/// whose last step is this buffer's first): those share an offset. Larger buffers are placed
/// first, each in the smallest gap left by the already placed buffers alive at the same time.
/// Then fills planned_peak, naive_sum, peak_step, peak_live and in_place.
void AssignOffsets(MemoryPlan* plan);

/// What the planner reads and writes of a buffer: the session's recording keeps only this (not
/// the names of MemoryPlan's buffers) so that planning a 30,000-step run stays cheap.
struct BufferLifetime {
  uint64_t size = 0;
  int first_step = 0;
  int last_step = 0;
  int in_place_of = -1;  ///< in: a candidate; out: -1 unless it shares the source's offset
  uint64_t offset = 0;   ///< out
};

/// The figures AssignOffsets fills into a MemoryPlan.
struct OffsetSummary {
  uint64_t planned_peak = 0;
  uint64_t naive_sum = 0;
  int peak_step = -1;
  uint64_t peak_live = 0;
  int in_place = 0;
};

/// AssignOffsets on the lifetimes alone.
OffsetSummary AssignOffsets(std::vector<BufferLifetime>* buffers);

}  // namespace onnxlens::runtime::memory
