// Indexing kernels on hostile indices (issue 17): negative indices wrap once, as the spec says,
// then anything outside the data is an error naming the index, the axis and its size.
#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

class HostileIndex : public ::testing::TestWithParam<std::string> {
 protected:
  Expected<runtime::NamedValues> Run(const HostileRun& r) { return RunOn(GetParam(), r); }
};

TEST_P(HostileIndex, GatherIndexPastTheAxis) {
  ExpectRunError(Run({"Gather", {Floats({3, 2}), Int64s({2}, {0, 3})}}),
                 "index 3 is out of range for axis 0 of size 3");
  ExpectRunError(Run({"Gather", {Floats({3, 2}), Int64s({1}, {-4})}}),
                 "index -4 is out of range for axis 0 of size 3");
  ExpectRunError(Run({"Gather", {Floats({3, 2}), Int64s({1}, {2})}, {AInt("axis", 1)}}),
                 "index 2 is out of range for axis 1 of size 2");
}

TEST_P(HostileIndex, GatherNegativeIndexWrapsOnce) {
  auto r = Run({"Gather", {Floats({3}), Int64s({2}, {-1, -3})}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ir::Tensor& y = (*r)[0].second.tensor;
  EXPECT_FLOAT_EQ(y.data<float>()[0], 0.02f);
  EXPECT_FLOAT_EQ(y.data<float>()[1], 0.f);
}

TEST_P(HostileIndex, GatherFromAScalar) {
  ExpectRunError(Run({"Gather", {Values<float>(ir::DataType::kFloat, {}, {1.f}), Int64s({}, {0})}}),
                 "data has shape [], needs rank >= 1");
}

TEST_P(HostileIndex, GatherElementsIndexPastTheAxis) {
  ExpectRunError(
      Run({"GatherElements", {Floats({2, 2}), Int64s({2, 2}, {0, 1, 2, 0})}, {AInt("axis", 0)}}),
      "index 2 is out of range for axis 0 of size 2");
}

TEST_P(HostileIndex, GatherElementsIndicesLargerThanTheDataOffTheAxis) {
  // indices [3,1] on data [2,2] along axis 1: row 2 of the indices has no row in the data.
  ExpectRunError(
      Run({"GatherElements", {Floats({2, 2}), Int64s({3, 1}, {0, 0, 0})}, {AInt("axis", 1)}}),
      "indices [3,1] are larger than data [2,2] on axis 0");
}

TEST_P(HostileIndex, ScatterElementsIndexAndUpdatesShape) {
  ExpectRunError(Run({"ScatterElements", {Floats({3}), Int64s({1}, {-5}), Floats({1})}}),
                 "index -5 is out of range for axis 0 of size 3");
  ExpectRunError(Run({"ScatterElements", {Floats({3}), Int64s({2}, {0, 1}), Floats({1})}}),
                 "updates has shape [1], expected [2]");
}

TEST_P(HostileIndex, GatherNDIndexPastTheData) {
  ExpectRunError(Run({"GatherND", {Floats({2, 3}), Int64s({1, 2}, {1, 3})}}),
                 "index 3 is out of range for axis 1 of size 3");
  ExpectRunError(Run({"GatherND", {Floats({2, 3}), Int64s({1, 3}, {0, 0, 0})}}),
                 "indices [1,3] address 3 dimensions, data [2,3] has 2");
}

TEST_P(HostileIndex, GatherNDBatchDimensionsDiffer) {
  ExpectRunError(
      Run({"GatherND", {Floats({2, 3}), Int64s({3, 1}, {0, 0, 0})}, {AInt("batch_dims", 1)}}),
      "the batch dimensions of indices [3,1] and data [2,3] differ");
  ExpectRunError(
      Run({"GatherND", {Floats({2, 3}), Int64s({2, 1}, {0, 0})}, {AInt("batch_dims", 2)}}),
      "batch_dims 2 is out of range");
}

TEST_P(HostileIndex, ScatterNDIndexAndUpdatesShape) {
  ExpectRunError(Run({"ScatterND", {Floats({3}), Int64s({1, 2}, {0, 0}), Floats({1})}}),
                 "indices [1,2] address 2 dimensions of data [3]");
  ExpectRunError(Run({"ScatterND", {Floats({3}), Int64s({1, 1}, {3}), Floats({1})}}),
                 "index 3 is out of range for axis 0 of size 3");
  ExpectRunError(Run({"ScatterND", {Floats({3, 2}), Int64s({1, 1}, {0}), Floats({1, 3})}}),
                 "updates has shape [1,3], expected [1,2]");
}

TEST_P(HostileIndex, ReverseSequenceLengthsPastTheTimeAxis) {
  // time_axis 0 (size 3), batch_axis 1 (size 2).
  ExpectRunError(Run({"ReverseSequence", {Floats({3, 2}), Int64s({2}, {1, 5})}}),
                 "sequence_lens[1] is 5, beyond the sequence length 3");
  ExpectRunError(Run({"ReverseSequence", {Floats({3, 2}), Int64s({1}, {1})}}),
                 "sequence_lens has 1 values for a batch of 2");
  ExpectRunError(Run({"ReverseSequence", {Floats({3, 2}), Int64s({2}, {-1, 1})}}),
                 "sequence_lens[0] is -1, negative");
}

TEST_P(HostileIndex, OneHotValuesAndDepth) {
  const ir::Tensor idx = Int64s({2}, {0, 1});
  ExpectRunError(Run({"OneHot", {idx, Int64s({}, {3}), Floats({1})}}),
                 "values has 1 elements, needs 2 (off_value, on_value)");
  ExpectRunError(Run({"OneHot", {idx, Int64s({}, {0}), Floats({2})}}), "is not a positive size");
  ExpectRunError(Run({"OneHot", {idx, Int64s({}, {-3}), Floats({2})}}), "is not a positive size");
  ExpectRunError(
      Run({"OneHot", {idx, Values<float>(ir::DataType::kFloat, {}, {NAN}), Floats({2})}}),
      "is not a positive size");
}

TEST_P(HostileIndex, OneHotIndicesOutsideTheDepthAreAllOff) {
  // The spec: indices outside [-depth, depth-1] give a row of off values, not an error.
  auto r = Run({"OneHot", {Int64s({2}, {7, -1}), Int64s({}, {2}), Floats({2})}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ir::Tensor& y = (*r)[0].second.tensor;
  ASSERT_EQ(y.dims(), (std::vector<int64_t>{2, 2}));
  EXPECT_FLOAT_EQ(y.data<float>()[0], 0.f);
  EXPECT_FLOAT_EQ(y.data<float>()[1], 0.f);
  EXPECT_FLOAT_EQ(y.data<float>()[2], 0.f);
  EXPECT_FLOAT_EQ(y.data<float>()[3], 0.01f);
}

TEST_P(HostileIndex, AxisKernelsOnScalars) {
  const ir::Tensor scalar = Values<float>(ir::DataType::kFloat, {}, {1.f});
  ExpectRunError(Run({"TopK", {scalar, Int64s({1}, {1})}, {}, 2}), "needs rank >= 1");
  ExpectRunError(Run({"CumSum", {scalar, Int64s({}, {0})}}), "needs rank >= 1");
  ExpectRunError(Run({"ArgMax", {scalar}}), "needs rank >= 1");
  ExpectRunError(Run({"Concat", {scalar, scalar}, {AInt("axis", 0)}}), "needs rank >= 1");
  ExpectRunError(Run({"Split", {scalar}, {}, 2, 13}), "needs rank >= 1");
  ExpectRunError(Run({"Compress",
                      {scalar, Values<uint8_t>(ir::DataType::kBool, {1}, {1})},
                      {AInt("axis", 0)}}),
                 "needs rank >= 1");
}

TEST_P(HostileIndex, AxesIntoAScalar) {
  // NormalizeAxis lets a scalar take axis 0; these kernels index a dimension with it.
  const ir::Tensor scalar = Values<float>(ir::DataType::kFloat, {}, {1.f});
  ExpectRunError(Run({"ReduceSum", {scalar, Int64s({1}, {0})}}), "axis 0 of a scalar (rank 0)");
  ExpectRunError(Run({"Squeeze", {scalar, Int64s({1}, {0})}}), "axis 0 of a scalar (rank 0)");
  ExpectRunError(Run({"Slice", {scalar, Int64s({1}, {0}), Int64s({1}, {1}), Int64s({1}, {0})}}),
                 "axis 0 of a scalar (rank 0)");
  ExpectRunError(Run({"LpNormalization", {scalar}}), "axis -1 of a scalar (rank 0)");
  ExpectRunError(Run({"MeanVarianceNormalization", {scalar}, {AInts("axes", {0})}}),
                 "axis 0 of a scalar (rank 0)");
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileIndex, ::testing::ValuesIn(HostileProviders()));

}  // namespace
}  // namespace onnxlens::testing
