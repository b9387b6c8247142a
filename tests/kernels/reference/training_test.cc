// ai.onnx.preview.training Adagrad / Adam / Momentum reference kernels: the formulas on values
// the backend tests leave out, and the errors for inputs that do not form the optimizer's groups.
#include <gtest/gtest.h>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

constexpr const char* kTraining = "ai.onnx.preview.training";

std::vector<float> Out(const std::vector<kernels::RtValue>& outs, size_t i) {
  const ir::Tensor& t = outs[i].tensor;
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

TEST(TrainingKernels, AdagradDecaysTheRateAndAccumulatesSquares) {
  HostileRun r{
      "Adagrad",
      {F({}, {0.5f}), Int64s({}, {3}), F({2}, {1.0f, -2.0f}), F({2}, {0.5f, 0.25f}),
       F({2}, {1.0f, 0.0f})},
      {AFloat("decay_factor", 0.5f), AFloat("epsilon", 0.0f), AFloat("norm_coefficient", 0.0f)},
      2,
      17,
      kTraining};
  auto outs = ComputeDirectOutputs("reference", r);
  ASSERT_TRUE(outs.ok()) << outs.status().message();
  // r = 0.5 / (1 + 3 * 0.5) = 0.2; h = h + g^2; x -= r * g / sqrt(h).
  EXPECT_NEAR(Out(*outs, 1)[0], 1.25f, 1e-6);
  EXPECT_NEAR(Out(*outs, 1)[1], 0.0625f, 1e-6);
  EXPECT_NEAR(Out(*outs, 0)[0], 1.0f - 0.2f * 0.5f / std::sqrt(1.25f), 1e-6);
  EXPECT_NEAR(Out(*outs, 0)[1], -2.0f - 0.2f, 1e-6);
}

TEST(TrainingKernels, AdamAtStepZeroUsesTheRateUnadjusted) {
  HostileRun r{"Adam",
               {F({}, {0.1f}), Int64s({}, {0}), F({1}, {1.0f}), F({1}, {2.0f}), F({1}, {0.0f}),
                F({1}, {0.0f})},
               {AFloat("alpha", 0.5f), AFloat("beta", 0.75f)},
               3,
               17,
               kTraining};
  auto outs = ComputeDirectOutputs("reference", r);
  ASSERT_TRUE(outs.ok()) << outs.status().message();
  // v = 0.5 * 2 = 1; h = 0.25 * 4 = 1; x = 1 - 0.1 * 1 / 1.
  EXPECT_NEAR(Out(*outs, 1)[0], 1.0f, 1e-6);
  EXPECT_NEAR(Out(*outs, 2)[0], 1.0f, 1e-6);
  EXPECT_NEAR(Out(*outs, 0)[0], 0.9f, 1e-6);
}

TEST(TrainingKernels, NesterovMomentumLooksAhead) {
  HostileRun r{"Momentum",
               {F({}, {0.1f}), Int64s({}, {1}), F({1}, {1.0f}), F({1}, {2.0f}), F({1}, {1.0f})},
               {AFloat("alpha", 0.5f), AFloat("beta", 2.0f), AString("mode", "nesterov"),
                AFloat("norm_coefficient", 0.0f)},
               2,
               17,
               kTraining};
  auto outs = ComputeDirectOutputs("reference", r);
  ASSERT_TRUE(outs.ok()) << outs.status().message();
  // v = 0.5 * 1 + 2 * 2 = 4.5; x = 1 - 0.1 * (2 + 0.5 * 4.5).
  EXPECT_NEAR(Out(*outs, 1)[0], 4.5f, 1e-6);
  EXPECT_NEAR(Out(*outs, 0)[0], 1.0f - 0.1f * 4.25f, 1e-6);
}

TEST(TrainingKernels, BadModeAndGroupsAreErrors) {
  const std::vector<Attr> attrs = {AFloat("alpha", 0.5f), AFloat("beta", 1.0f),
                                   AString("mode", "heavy-ball"), AFloat("norm_coefficient", 0)};
  ExpectStatusError(ComputeDirect("reference", {"Momentum",
                                                {F({}, {0.1f}), Int64s({}, {1}), F({1}, {1}),
                                                 F({1}, {2}), F({1}, {1})},
                                                attrs,
                                                2,
                                                17,
                                                kTraining}),
                    "mode 'heavy-ball' is not one of standard, nesterov");
  // Adagrad with 4 tensors after R and T: not three equal groups.
  ExpectStatusError(ComputeDirect("reference", {"Adagrad",
                                                {F({}, {0.1f}), Int64s({}, {1}), F({1}, {1}),
                                                 F({1}, {2}), F({1}, {1}), F({1}, {1})},
                                                {},
                                                2,
                                                17,
                                                kTraining}),
                    "expects R, T and 3 groups");
  // G shaped differently from X: never read past X.
  ExpectStatusError(ComputeDirect("reference", {"Adagrad",
                                                {F({}, {0.1f}), Int64s({}, {1}), F({3}, {1, 2, 3}),
                                                 F({1}, {2}), F({3}, {1, 1, 1})},
                                                {},
                                                2,
                                                17,
                                                kTraining}),
                    "G1 (input 3) has shape [1], expected [3]");
}

}  // namespace
}  // namespace onnxlens::testing
