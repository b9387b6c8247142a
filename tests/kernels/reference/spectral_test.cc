// DFT / STFT / MelWeightMatrix reference kernels: a forward-then-inverse round trip, onesided
// bins, zero padding to dft_length, and the errors the backend tests leave out.
#include <gtest/gtest.h>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

std::vector<float> Data(const kernels::RtValue& v) {
  return std::vector<float>(v.tensor.data<float>(), v.tensor.data<float>() + v.tensor.numel());
}

TEST(SpectralReference, DftThenInverseDftIsTheSignal) {
  const ir::Tensor x = F({1, 5, 1}, {1, -2, 3, 0.5f, 7});
  auto fwd = ComputeDirectOutputs("reference", {"DFT", {x}, {}, 1, 17, ""});
  ASSERT_TRUE(fwd.ok()) << fwd.status().message();
  EXPECT_EQ((*fwd)[0].tensor.dims(), std::vector<int64_t>({1, 5, 2}));
  EXPECT_NEAR(Data((*fwd)[0])[0], 9.5f, 1e-5);  // bin 0: the sum
  EXPECT_NEAR(Data((*fwd)[0])[1], 0.0f, 1e-5);
  auto inv = ComputeDirectOutputs("reference",
                                  {"DFT", {(*fwd)[0].tensor}, {AInt("inverse", 1)}, 1, 17, ""});
  ASSERT_TRUE(inv.ok()) << inv.status().message();
  const auto y = Data((*inv)[0]);
  const float want[] = {1, -2, 3, 0.5f, 7};
  for (int i = 0; i < 5; ++i) {
    EXPECT_NEAR(y[2 * i], want[i], 1e-5);
    EXPECT_NEAR(y[2 * i + 1], 0.0f, 1e-5);
  }
}

TEST(SpectralReference, OnesidedAndZeroPaddedLength) {
  const ir::Tensor x = F({1, 3, 1}, {1, 1, 1});
  auto out = ComputeDirectOutputs("reference",
                                  {"DFT", {x, Int64s({}, {8})}, {AInt("onesided", 1)}, 1, 17, ""});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ((*out)[0].tensor.dims(), std::vector<int64_t>({1, 5, 2}));
  EXPECT_NEAR(Data((*out)[0])[0], 3.0f, 1e-5);
}

TEST(SpectralReference, StftFramesAndWindow) {
  const ir::Tensor x = F({1, 7, 1}, {1, 2, 3, 4, 5, 6, 7});
  auto out = ComputeDirectOutputs("reference",
                                  {"STFT", {x, Int64s({}, {2}), F({3}, {1, 0, 1})}, {}, 1, 17, ""});
  ASSERT_TRUE(out.ok()) << out.status().message();
  // frames (7 - 3) / 2 + 1 = 3, onesided bins 3 / 2 + 1 = 2.
  EXPECT_EQ((*out)[0].tensor.dims(), std::vector<int64_t>({1, 3, 2, 2}));
  EXPECT_NEAR(Data((*out)[0])[0], 1 + 3, 1e-5);  // frame 0, bin 0
  EXPECT_NEAR(Data((*out)[0])[4], 3 + 5, 1e-5);  // frame 1, bin 0
}

TEST(SpectralReference, BadInputsAreErrors) {
  ExpectStatusError(
      ComputeDirect("reference", {"DFT", {F({1, 4, 3}, std::vector<float>(12))}, {}, 1, 17, ""}),
      "last dimension of 1 (real) or 2 (complex)");
  ExpectStatusError(
      ComputeDirect("reference",
                    {"DFT", {F({1, 4, 1}, std::vector<float>(4)), Int64s({}, {0})}, {}, 1, 17, ""}),
      "dft_length must be positive");
  ExpectStatusError(
      ComputeDirect("reference",
                    {"DFT", {F({1, 4, 1}, std::vector<float>(4))}, {AInt("axis", 2)}, 1, 17, ""}),
      "is not a signal axis");
  ExpectStatusError(
      ComputeDirect("reference", {"STFT",
                                  {F({1, 4, 1}, std::vector<float>(4)), Int64s({}, {1}),
                                   F({3}, {1, 1, 1}), Int64s({}, {2})},
                                  {},
                                  1,
                                  17,
                                  ""}),
      "window has 3 values for frame_length 2");
  ExpectStatusError(
      ComputeDirect(
          "reference",
          {"STFT", {F({1, 2, 1}, {1, 2}), Int64s({}, {1}), F({3}, {1, 1, 1})}, {}, 1, 17, ""}),
      "frame_length 3 is longer than the signal (2)");
  // An upper edge past the Nyquist frequency would index past the spectrogram's bins.
  ExpectStatusError(ComputeDirect("reference", {"MelWeightMatrix",
                                                {Int64s({}, {4}), Int64s({}, {16}),
                                                 Int64s({}, {100}), F({}, {0}), F({}, {400})},
                                                {},
                                                1,
                                                17,
                                                ""}),
                    "maps past the spectrogram's 9 bins");
  // A count no int64 holds is an error, not an undefined conversion.
  ExpectStatusError(ComputeDirect("reference", {"MelWeightMatrix",
                                                {F({}, {1e30f}), Int64s({}, {16}),
                                                 Int64s({}, {100}), F({}, {0}), F({}, {40})},
                                                {},
                                                1,
                                                17,
                                                ""}),
                    "num_mel_bins must be a positive count");
}

}  // namespace
}  // namespace onnxlens::testing
