// Normalizations and recurrent layers on hostile shapes (issue 17): parameters shorter than the
// channels, hidden size, directions or batch require, and sequence lengths out of range.
#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

class HostileNorm : public ::testing::TestWithParam<std::string> {
 protected:
  Expected<runtime::NamedValues> Run(const HostileRun& r) { return RunOn(GetParam(), r); }
};

TEST_P(HostileNorm, BatchNormParametersShorterThanTheChannels) {
  const ir::Tensor x = Floats({2, 3, 4});
  ExpectRunError(
      Run({"BatchNormalization", {x, Floats({2}), Floats({3}), Floats({3}), Floats({3})}}),
      "scale has 2 values for 3 channels");
  ExpectRunError(
      Run({"BatchNormalization", {x, Floats({3}), Floats({1}), Floats({3}), Floats({3})}}),
      "bias B has 1 values for 3 channels");
  ExpectRunError(
      Run({"BatchNormalization", {x, Floats({3}), Floats({3}), Floats({4}), Floats({3})}}),
      "input_mean has 4 values for 3 channels");
  ExpectRunError(
      Run({"BatchNormalization", {x, Floats({3}), Floats({3}), Floats({3}), Floats({2})}}),
      "input_var has 2 values for 3 channels");
}

TEST_P(HostileNorm, BatchNormOnAVector) {
  ExpectRunError(Run({"BatchNormalization",
                      {Floats({3}), Floats({3}), Floats({3}), Floats({3}), Floats({3})}}),
                 "input X has shape [3], needs rank >= 2");
}

TEST_P(HostileNorm, InstanceNormScaleAndBiasShorterThanTheChannels) {
  ExpectRunError(Run({"InstanceNormalization", {Floats({1, 3, 4}), Floats({2}), Floats({3})}}),
                 "scale has 2 values for 3 channels");
  ExpectRunError(Run({"InstanceNormalization", {Floats({1, 3, 4}), Floats({3}), Floats({1})}}),
                 "bias B has 1 values for 3 channels");
  ExpectRunError(Run({"InstanceNormalization", {Floats({3}), Floats({3}), Floats({3})}}),
                 "input has shape [3], needs rank >= 2");
}

TEST_P(HostileNorm, LayerNormScaleAndBiasNotTheNormalizedShape) {
  const std::vector<Attr> a = {AInt("axis", -1)};
  ExpectRunError(Run({"LayerNormalization", {Floats({2, 4}), Floats({3}), Floats({4})}, a}),
                 "scale [3] does not broadcast to the normalized shape [4]");
  ExpectRunError(Run({"LayerNormalization", {Floats({2, 4}), Floats({4}), Floats({2})}, a}),
                 "bias B [2] does not broadcast to the normalized shape [4]");
  // A scale of a larger rank than the normalized shape is no broadcast of it either.
  ExpectRunError(Run({"LayerNormalization", {Floats({2, 4}), Floats({2, 4})}, a}),
                 "scale [2,4] does not broadcast to the normalized shape [4]");
}

TEST_P(HostileNorm, LrnOnAVector) {
  ExpectRunError(Run({"LRN", {Floats({5})}, {AInt("size", 3)}}),
                 "input has shape [5], needs rank >= 2");
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileNorm, ::testing::ValuesIn(HostileProviders()));

// LSTM with X [seq 2, batch 1, input 3], hidden_size 4: W [1,16,3], R [1,16,4], B [1,32],
// initial_h / initial_c [1,1,4], P [1,12].
class HostileRecurrent : public ::testing::TestWithParam<std::string> {
 protected:
  Expected<runtime::NamedValues> Lstm(std::vector<std::optional<ir::Tensor>> in,
                                      std::vector<Attr> extra = {}) {
    extra.push_back(AInt("hidden_size", 4));
    return RunOn(GetParam(), {"LSTM", std::move(in), extra, 3});
  }
  static std::vector<std::optional<ir::Tensor>> Inputs() {
    return {Floats({2, 1, 3}), Floats({1, 16, 3}), Floats({1, 16, 4}), Floats({1, 32}),
            Int32s({1}, {2}),  Floats({1, 1, 4}),  Floats({1, 1, 4}),  Floats({1, 12})};
  }
};

TEST_P(HostileRecurrent, ValidLstmRuns) {
  auto r = Lstm(Inputs());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].second.tensor.dims(), (std::vector<int64_t>{2, 1, 1, 4}));
}

TEST_P(HostileRecurrent, LstmWeightsShorterThanTheHiddenSizeNeeds) {
  auto in = Inputs();
  in[1] = Floats({1, 12, 3});
  ExpectRunError(Lstm(in), "W has shape [1,12,3], expected [1,16,3]");
  in = Inputs();
  in[2] = Floats({1, 16, 3});
  ExpectRunError(Lstm(in), "R has shape [1,16,3], expected [1,16,4]");
  in = Inputs();
  in[1] = Floats({16, 3});
  ExpectRunError(Lstm(in), "W has shape [16,3], not 3-D");
}

TEST_P(HostileRecurrent, LstmBiasInitialStatesAndPeepholesTooShort) {
  auto in = Inputs();
  in[3] = Floats({1, 16});
  ExpectRunError(Lstm(in), "B has shape [1,16], expected [1,32]");
  in = Inputs();
  in[5] = Floats({1, 1, 3});
  ExpectRunError(Lstm(in), "initial_h has shape [1,1,3], expected [1,1,4]");
  in = Inputs();
  in[6] = Floats({1, 4});
  ExpectRunError(Lstm(in), "initial_c has shape [1,4], expected [1,1,4]");
  in = Inputs();
  in[7] = Floats({1, 8});
  ExpectRunError(Lstm(in), "P has shape [1,8], expected [1,12]");
}

TEST_P(HostileRecurrent, LstmBidirectionalNeedsTwoDirectionsOfEverything) {
  ExpectRunError(Lstm(Inputs(), {AString("direction", "bidirectional")}),
                 "W has shape [1,16,3], expected [2,16,3]");
}

TEST_P(HostileRecurrent, LstmSequenceLengthsOutOfRange) {
  auto in = Inputs();
  in[4] = Int32s({1}, {5});
  ExpectRunError(Lstm(in), "sequence_lens[0] is 5, beyond the sequence length 2");
  in[4] = Int32s({1}, {-1});
  ExpectRunError(Lstm(in), "sequence_lens[0] is -1, negative");
  in[4] = Int32s({2}, {1, 1});
  ExpectRunError(Lstm(in), "sequence_lens has 2 values for a batch of 1");
}

TEST_P(HostileRecurrent, GruAndRnnParametersTooShort) {
  const std::vector<Attr> h = {AInt("hidden_size", 4)};
  ExpectRunError(RunOn(GetParam(), {"GRU",
                                    {Floats({2, 1, 3}), Floats({1, 12, 3}), Floats({1, 12, 4}),
                                     Floats({1, 12})},
                                    h,
                                    2}),
                 "B has shape [1,12], expected [1,24]");
  ExpectRunError(RunOn(GetParam(), {"GRU",
                                    {Floats({2, 1, 3}), Floats({1, 12, 3}), Floats({1, 12, 4}),
                                     std::nullopt, Int32s({1}, {3})},
                                    h,
                                    2}),
                 "sequence_lens[0] is 3, beyond the sequence length 2");
  ExpectRunError(RunOn(GetParam(), {"RNN",
                                    {Floats({2, 3, 3}), Floats({1, 4, 3}), Floats({1, 4, 4}),
                                     std::nullopt, std::nullopt, Floats({1, 2, 4})},
                                    h,
                                    2}),
                 "initial_h has shape [1,2,4], expected [1,3,4]");
}

TEST(HostileRecurrentLayout, BatchMajorInitialStateIsReadBatchMajor) {
  // layout=1 takes X [batch, seq, input] and initial_h [batch, dirs, hidden]; the result must be
  // the layout=0 result transposed (initial_h used to be read as [dirs, batch, hidden]).
  const int64_t S = 2, B = 3, I = 2, H = 2;
  const ir::Tensor x0 = RandomTensor({S, B, I}, 1), h0 = RandomTensor({1, B, H}, 2);
  ir::Tensor x1 = ir::Tensor::Zeros(ir::DataType::kFloat, {B, S, I}).value();
  ir::Tensor h1 = ir::Tensor::Zeros(ir::DataType::kFloat, {B, 1, H}).value();
  for (int64_t s = 0; s < S; ++s)
    for (int64_t b = 0; b < B; ++b)
      for (int64_t i = 0; i < I; ++i)
        x1.mutable_data<float>()[(b * S + s) * I + i] = x0.data<float>()[(s * B + b) * I + i];
  for (int64_t b = 0; b < B; ++b)
    for (int64_t k = 0; k < H; ++k)
      h1.mutable_data<float>()[b * H + k] = h0.data<float>()[b * H + k];
  const ir::Tensor w = RandomTensor({1, H, I}, 3), r = RandomTensor({1, H, H}, 4);
  auto run = [&](const ir::Tensor& x, const ir::Tensor& h, int64_t layout) {
    return RunOn(kernels::kReferenceProvider, {"RNN",
                                               {x, w, r, std::nullopt, std::nullopt, h},
                                               {AInt("hidden_size", H), AInt("layout", layout)},
                                               2});
  };
  auto a = run(x0, h0, 0), b = run(x1, h1, 1);
  ASSERT_TRUE(a.ok() && b.ok());
  const ir::Tensor& ya = (*a)[1].second.tensor;  // Y_h [1, B, H] and [B, 1, H]: same order
  const ir::Tensor& yb = (*b)[1].second.tensor;
  ASSERT_EQ(ya.numel(), yb.numel());
  for (int64_t i = 0; i < ya.numel(); ++i)
    EXPECT_NEAR(ya.data<float>()[i], yb.data<float>()[i], 1e-6) << i;
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileRecurrent, ::testing::ValuesIn(HostileProviders()));

}  // namespace
}  // namespace onnxlens::testing
