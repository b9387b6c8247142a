// BuffersAliveAt: the Memory view's and `info --memory`'s list of what is alive at the peak.
#include "common/memory_plan.h"

#include <algorithm>

namespace onnxlens {

std::vector<int> BuffersAliveAt(const MemoryPlan& plan, int step) {
  std::vector<int> alive;
  for (size_t i = 0; i < plan.buffers.size(); ++i) {
    const PlannedBuffer& b = plan.buffers[i];
    if (b.first_step <= step && step <= b.last_step) alive.push_back(static_cast<int>(i));
  }
  std::stable_sort(alive.begin(), alive.end(), [&](int a, int b) {
    return plan.buffers[static_cast<size_t>(a)].size > plan.buffers[static_cast<size_t>(b)].size;
  });
  return alive;
}

}  // namespace onnxlens
