// Checks every memory plan must pass: buffers alive at one step share no byte (except a buffer and
// the one it overwrites in place, which share an offset), and the peak covers every buffer.
#pragma once

#include <gtest/gtest.h>

#include "common/memory_plan.h"

namespace onnxlens::runtime::memory {

inline bool SameInPlaceChain(const MemoryPlan& plan, size_t a, size_t b) {
  auto root = [&](size_t i) {
    while (plan.buffers[i].in_place_of >= 0) i = static_cast<size_t>(plan.buffers[i].in_place_of);
    return i;
  };
  return root(a) == root(b);
}

inline void ExpectValidPlan(const MemoryPlan& plan) {
  const auto& b = plan.buffers;
  uint64_t sum = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    sum += b[i].size;
    EXPECT_LE(b[i].offset + b[i].size, plan.planned_peak) << "buffer " << i;
    EXPECT_LE(b[i].first_step, b[i].last_step) << "buffer " << i;
    if (b[i].in_place_of >= 0) {
      EXPECT_EQ(b[i].offset, b[static_cast<size_t>(b[i].in_place_of)].offset) << "buffer " << i;
    }
    for (size_t j = i + 1; j < b.size(); ++j) {
      const bool same_time = b[i].first_step <= b[j].last_step && b[j].first_step <= b[i].last_step;
      const bool same_bytes =
          b[i].offset < b[j].offset + b[j].size && b[j].offset < b[i].offset + b[i].size;
      if (same_time && same_bytes && !SameInPlaceChain(plan, i, j)) {
        ADD_FAILURE() << "buffers " << i << " [" << b[i].first_step << "," << b[i].last_step
                      << "] @" << b[i].offset << "+" << b[i].size << " and " << j << " ["
                      << b[j].first_step << "," << b[j].last_step << "] @" << b[j].offset << "+"
                      << b[j].size << " overlap";
        return;
      }
    }
  }
  EXPECT_EQ(sum, plan.naive_sum);
  EXPECT_LE(plan.planned_peak, plan.naive_sum);
}

}  // namespace onnxlens::runtime::memory
