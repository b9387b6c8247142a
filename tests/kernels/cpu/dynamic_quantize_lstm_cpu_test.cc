// com.microsoft DynamicQuantizeLSTM: the cpu kernel (AVX2 integer products) against the reference
// kernel bit for bit, inline and on two threads, on odd sizes (input 1 / 13 / 127, hidden 1 / 13 /
// 37 so that 4 * hidden leaves a column tail and an odd depth pads a pair), int8 and uint8
// weights with zero points, per-direction and per-row scales, every direction, batch rows of
// different lengths and initial states.
#include <gtest/gtest.h>

#include <random>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/random_tensors.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

TEST(DynamicQuantizeLstmCpu, MatchesTheReferenceBitForBit) {
  if (!__builtin_cpu_supports("avx2")) GTEST_SKIP() << "the cpu kernel needs AVX2";
  uint32_t seed = 500;
  for (int64_t input : {1, 13, 127})
    for (int64_t hidden : {1, 13, 37})
      for (const char* direction : {"forward", "reverse", "bidirectional"}) {
        const int64_t D = std::string(direction) == "bidirectional" ? 2 : 1;
        const int64_t S = 5, B = 3, G = 4 * hidden;
        const bool u8 = (seed % 2) == 1, per_row = (seed % 3) != 0;
        const std::vector<int64_t> sd =
            per_row ? std::vector<int64_t>{D, G} : std::vector<int64_t>{D};
        auto weight = [&](int64_t k, uint32_t s) {
          return u8 ? RandomInts<uint8_t>(DataType::kUint8, {D, k, G}, 0, 255, s)
                    : RandomInts<int8_t>(DataType::kInt8, {D, k, G}, -127, 127, s);
        };
        auto zero_point = [&](uint32_t s) {
          return u8 ? RandomInts<uint8_t>(DataType::kUint8, sd, 100, 150, s)
                    : RandomInts<int8_t>(DataType::kInt8, sd, 0, 0, s);
        };
        HostileRun r{
            "DynamicQuantizeLSTM",
            {RandomUniformFloats({S, B, input}, -1.5f, 2.f, seed), weight(input, seed + 1),
             weight(hidden, seed + 2), RandomUniformFloats({D, 2 * G}, -0.5f, 0.5f, seed + 3),
             Int32s({B}, {5, 3, 1}), RandomUniformFloats({D, B, hidden}, -1, 1, seed + 4),
             RandomUniformFloats({D, B, hidden}, -1, 1, seed + 5), std::nullopt,
             RandomUniformFloats(sd, 0.002f, 0.02f, seed + 6), zero_point(seed + 7),
             RandomUniformFloats(sd, 0.002f, 0.02f, seed + 8), zero_point(seed + 9)},
            {AInt("hidden_size", hidden), AString("direction", direction)},
            3,
            14,
            "com.microsoft"};
        ++seed;
        ExpectCpuMatchesReference(r, 0, 0,
                                  "input " + std::to_string(input) + " hidden " +
                                      std::to_string(hidden) + " " + direction +
                                      (u8 ? " u8" : " s8") + (per_row ? " per row" : ""));
      }
}

}  // namespace
}  // namespace onnxlens::testing
