// Seeded random tensors for kernel tests: integers in [lo, hi] of any integer type, and
// uniform floats in [lo, hi).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "ir/tensor.h"

namespace onnxlens::testing {

template <typename T>
ir::Tensor RandomInts(ir::DataType type, std::vector<int64_t> dims, int lo, int hi, uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(lo, hi);
  std::vector<T> v(static_cast<size_t>(n));
  for (T& x : v) x = static_cast<T>(u(rng));
  return ir::Tensor::FromVector<T>(type, dims, v);
}

inline ir::Tensor RandomUniformFloats(std::vector<int64_t> dims, float lo, float hi,
                                      uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(lo, hi);
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = u(rng);
  return ir::Tensor::FromVector<float>(ir::DataType::kFloat, dims, v);
}

}  // namespace onnxlens::testing
