// Resize and the layout / creation kernels on hostile sizes (issue 17): roi, scales and sizes of
// the wrong length or value, pads past the axis, size products overflowing int64.
#include <cmath>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

class HostileTensor : public ::testing::TestWithParam<std::string> {
 protected:
  Expected<runtime::NamedValues> Run(const HostileRun& r) { return RunOn(GetParam(), r); }
  // Resize (opset 13): X, roi, scales, sizes; an empty tensor for the unused ones.
  Expected<runtime::NamedValues> Resize(ir::Tensor roi, ir::Tensor scales, ir::Tensor sizes,
                                        std::vector<Attr> attrs = {}) {
    return Run({"Resize", {Floats({1, 1, 2, 2}), roi, scales, sizes}, attrs, 1, 13});
  }
  static ir::Tensor Scales(std::vector<float> v) {
    const int64_t n = static_cast<int64_t>(v.size());
    return Values<float>(ir::DataType::kFloat, {n}, std::move(v));
  }
};

TEST_P(HostileTensor, ResizeRoiTooShort) {
  ExpectRunError(Resize(Scales({0, 0, 1, 1}), Scales({1, 1, 2, 2}), Int64s({0}, {}),
                        {AString("coordinate_transformation_mode", "tf_crop_and_resize")}),
                 "roi has 4 values for 4 axes (needs 8)");
}

TEST_P(HostileTensor, ResizeScalesAndSizesOfTheWrongLength) {
  ExpectRunError(Resize(Scales({}), Scales({1, 2, 2}), Int64s({0}, {})),
                 "scales has 3 values for 4 axes (needs 4)");
  ExpectRunError(Resize(Scales({}), Scales({}), Int64s({2}, {4, 4})),
                 "sizes has 2 values for 4 axes (needs 4)");
  // Opset 18's axes (past the schemas the validator knows): the kernel directly.
  ExpectStatusError(ComputeDirect(GetParam(), {"Resize",
                                               {Floats({1, 1, 2, 2}), Scales({}), Scales({2, 2}),
                                                Int64s({0}, {})},
                                               {AInts("axes", {2, 3, 1})},
                                               1,
                                               18}),
                    "scales has 2 values for 3 axes (needs 3)");
}

TEST_P(HostileTensor, ResizeNonPositiveScalesAndSizes) {
  ExpectRunError(Resize(Scales({}), Scales({1, 1, 0, 2}), Int64s({0}, {})),
                 "scales must be positive and finite");
  ExpectRunError(Resize(Scales({}), Scales({1, 1, -2, 2}), Int64s({0}, {})),
                 "scales must be positive and finite");
  ExpectRunError(Resize(Scales({}), Scales({1, 1, NAN, 2}), Int64s({0}, {})),
                 "scales must be positive and finite");
  ExpectRunError(Resize(Scales({}), Scales({1, 1, 1e30f, 2}), Int64s({0}, {})), "is not a size");
  ExpectRunError(Resize(Scales({}), Scales({}), Int64s({4}, {1, 1, 0, 4})),
                 "sizes must be positive, got [1,1,0,4]");
  ExpectRunError(Resize(Scales({}), Scales({}), Int64s({4}, {1, 1, -4, 4})),
                 "sizes must be positive, got [1,1,-4,4]");
}

TEST_P(HostileTensor, ResizeOfAnEmptyAxis) {
  ExpectRunError(Run({"Resize",
                      {Floats({1, 1, 0, 2}), Scales({}), Scales({}), Int64s({4}, {1, 1, 3, 4})},
                      {},
                      1,
                      13}),
                 "cannot resize the empty axis 2");
}

TEST_P(HostileTensor, PadsOfTheWrongLengthOrPastTheAxis) {
  ExpectRunError(Run({"Pad", {Floats({3}), Int64s({3}, {1, 1, 1})}}),
                 "pads has 3 values for an input of rank 1 (needs 2)");
  ExpectStatusError(ComputeDirect(GetParam(), {"Pad",
                                               {Floats({2, 3}), Int64s({4}, {0, 0, 1, 1}),
                                                std::nullopt, Int64s({1}, {1})},
                                               {},
                                               1,
                                               18}),
                    "pads has 4 values for 1 axes (needs 2)");
  ExpectRunError(Run({"Pad", {Floats({3}), Int64s({2}, {-5, 9})}}),
                 "pads [-5,9] do not fit axis 0 of size 3");
  ExpectRunError(Run({"Pad", {Floats({3}), Int64s({2}, {INT64_MAX, 1})}}),
                 "do not fit axis 0 of size 3");
}

TEST_P(HostileTensor, RangeInputsNotScalars) {
  const ir::Tensor one = Values<float>(ir::DataType::kFloat, {}, {1.f});
  ExpectRunError(Run({"Range", {Floats({0}), one, one}}), "start must hold one value, has 0");
  // Mixed types are the validator's when it knows them; the kernel checks them too.
  ExpectStatusError(ComputeDirect(GetParam(), {"Range", {one, one, Int64s({}, {1})}}),
                    "delta is int64, expected float32");
  ExpectRunError(Run({"Range",
                      {Values<float>(ir::DataType::kFloat, {}, {0.f}),
                       Values<float>(ir::DataType::kFloat, {}, {1e30f}),
                       Values<float>(ir::DataType::kFloat, {}, {1e-30f})}}),
                 "elements");
}

TEST_P(HostileTensor, SizeProductsOverflowingInt64) {
  const int64_t big = int64_t{1} << 40;
  ExpectRunError(Run({"Reshape", {Floats({4}), Int64s({3}, {big, big, -1})}}),
                 "has more elements than fit in 64 bits");
  ExpectRunError(Run({"Expand", {Floats({1}), Int64s({2}, {big, big})}}),
                 "more elements than fit in 64 bits");
  ExpectRunError(Run({"Expand", {Floats({1}), Int64s({1}, {-2})}}), "negative dimension");
  ExpectRunError(Run({"Tile", {Floats({2}), Int64s({1}, {INT64_MAX})}}),
                 "repeats [9223372036854775807] cannot tile input [2]");
  ExpectRunError(Run({"Tile", {Floats({2, 2}), Int64s({2}, {big, big})}}),
                 "more elements than fit in 64 bits");
}

TEST_P(HostileTensor, SliceWithExtremeSteps) {
  // A step past the axis takes the first element; INT64_MIN as a step is not negated.
  auto r = Run({"Slice",
                {Floats({5}), Int64s({1}, {0}), Int64s({1}, {5}), Int64s({1}, {0}),
                 Int64s({1}, {INT64_MAX})}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].second.tensor.dims(), (std::vector<int64_t>{1}));
  r = Run({"Slice",
           {Floats({5}), Int64s({1}, {-1}), Int64s({1}, {INT64_MIN}), Int64s({1}, {0}),
            Int64s({1}, {INT64_MIN})}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ((*r)[0].second.tensor.dims(), (std::vector<int64_t>{1}));
  EXPECT_FLOAT_EQ((*r)[0].second.tensor.data<float>()[0], 0.04f);
}

TEST_P(HostileTensor, DepthToSpaceBlocksizeOverflowing) {
  ExpectRunError(
      Run({"DepthToSpace", {Floats({1, 4, 2, 2})}, {AInt("blocksize", int64_t{1} << 32)}}),
      "blocksize 4294967296 overflows the sizes of input [1,4,2,2]");
}

TEST_P(HostileTensor, TransposePermNotAPermutationAtTheKernel) {
  ExpectStatusError(
      ComputeDirect(GetParam(), {"Transpose", {Floats({2, 3})}, {AInts("perm", {0, 0})}}),
      "perm [0,0] is not a permutation of 2 axes");
}

TEST_P(HostileTensor, SplitPartsOutsideTheAxis) {
  ExpectRunError(Run({"Split", {Floats({4}), Int64s({2}, {-1, 5})}, {}, 2, 13}),
                 "split [-1,5] has a part outside [0, 4]");
}

TEST_P(HostileTensor, ConstantOfShapeWithAnEmptyValue) {
  ExpectStatusError(
      ComputeDirect(
          GetParam(),
          {"ConstantOfShape", {Int64s({1}, {3})}, {ATensor("value", Floats({0}))}, 1, 17}),
      "value must be one numeric element, has 0");
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileTensor, ::testing::ValuesIn(HostileProviders()));

}  // namespace
}  // namespace onnxlens::testing
