// The cpu Gather against the reference kernel, bit for bit: axes 0, 1 and -1, indices of rank 0
// to 2 with negative ones, an embedding lookup, int64 data, no indices; and the same errors for
// an index out of range.
#include <gtest/gtest.h>

#include <random>

#include "kernels/cpu/cpu_vs_reference.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

Tensor Floats(std::vector<int64_t> dims, uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = u(rng);
  return Tensor::FromVector<float>(DataType::kFloat, dims, v);
}

Tensor Indices(std::vector<int64_t> dims, std::vector<int64_t> v) {
  return Tensor::FromVector<int64_t>(DataType::kInt64, dims, v);
}

HostileRun Gather(Tensor data, Tensor indices, int64_t axis) {
  return {"Gather", {data, indices}, {AInt("axis", axis)}, 1, 13, ""};
}

TEST(GatherCpu, MatchesTheReference) {
  const Tensor data = Floats({5, 4, 3}, 1);
  ExpectCpuMatchesReference(Gather(data, Indices({2, 2}, {0, -1, 3, 2}), 0), 0, 0, "axis 0");
  ExpectCpuMatchesReference(Gather(data, Indices({3}, {3, -4, 1}), 1), 0, 0, "axis 1");
  ExpectCpuMatchesReference(Gather(data, Indices({}, {-1}), -1), 0, 0, "axis -1, scalar index");
  ExpectCpuMatchesReference(Gather(data, Indices({0}, {}), 0), 0, 0, "no indices");
  // An embedding lookup: rows of a [1000, 64] table for [1, 33] token ids.
  std::vector<int64_t> ids(33);
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int64_t>(i * 29 % 1000);
  ExpectCpuMatchesReference(Gather(Floats({1000, 64}, 2), Indices({1, 33}, ids), 0), 0, 0,
                            "embedding");
  const Tensor shape = Tensor::FromVector<int64_t>(DataType::kInt64, {4}, {2, 128, 4, 64});
  ExpectCpuMatchesReference(Gather(shape, Indices({}, {2}), 0), 0, 0, "int64 shape element");
}

TEST(GatherCpu, AnIndexOutOfRangeIsTheSameError) {
  const auto r = Gather(Floats({5, 4}, 1), Indices({2}, {1, 5}), 0);
  auto cpu = RunKernel(kernels::kCpuProvider, r, nullptr);
  auto ref = RunKernel(kernels::kReferenceProvider, r, nullptr);
  ASSERT_FALSE(cpu.ok());
  ASSERT_FALSE(ref.ok());
  EXPECT_EQ(cpu.status().message(), ref.status().message());
  EXPECT_NE(cpu.status().message().find("out of range"), std::string::npos)
      << cpu.status().message();
}

}  // namespace
}  // namespace onnxlens::testing
