// The memory planner: offsets in one arena for buffers whose sizes and lifetimes (in execution
// steps) are known, greedy by size with best fit (the scheme of TensorFlow Lite's arena planner
// and ONNX Runtime's memory patterns), with in-place pairs sharing one offset.
#pragma once

#include "common/memory_plan.h"

namespace onnxlens::runtime::memory {

/// Sets every buffer's offset so that no two buffers whose lifetimes overlap share a byte, except
/// a buffer and the one it overwrites in place (`in_place_of`, an earlier index with the same size
/// whose last step is this buffer's first): those share an offset. Larger buffers are placed
/// first, each in the smallest gap left by the already placed buffers alive at the same time.
/// Then fills planned_peak, naive_sum, peak_step, peak_live and in_place.
void AssignOffsets(MemoryPlan* plan);

}  // namespace onnxlens::runtime::memory
