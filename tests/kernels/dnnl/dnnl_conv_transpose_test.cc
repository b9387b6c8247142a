// The dnnl ConvTranspose kernel against the reference: odd sizes and channels, grouped, strided,
// dilated, pads, output_padding, output_shape, auto_pad, 1-D, weights as inputs and initializers.
#include "kernels/dnnl/dnnl_test_util.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;

struct Deconv {
  std::vector<int64_t> x, w;
  int64_t group;
  std::vector<int64_t> strides, pads, dilations, output_padding;
  bool bias;
};

TEST(DnnlConvTranspose, MatchesReference) {
  const std::vector<Deconv> cases = {
      {{1, 3, 13, 13}, {3, 5, 3, 3}, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}, {0, 0}, true},
      {{1, 13, 7, 9}, {13, 4, 2, 2}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {0, 0}, true},  // ppocr's
      {{2, 4, 5, 6}, {4, 3, 3, 3}, 2, {2, 2}, {1, 1, 1, 1}, {1, 1}, {1, 1}, false},   // out pad
      {{1, 6, 5, 5}, {6, 1, 4, 4}, 6, {2, 2}, {1, 2, 1, 2}, {1, 1}, {0, 0}, true},    // depthwise
      {{1, 3, 7, 5}, {3, 2, 3, 3}, 1, {1, 2}, {0, 1, 2, 1}, {2, 1}, {0, 0}, true},    // dilated
      {{1, 127, 3, 3}, {127, 1, 3, 3}, 1, {3, 3}, {0, 0, 2, 2}, {1, 1}, {2, 2}, true},
      {{2, 5, 13}, {5, 3, 4}, 1, {3}, {1, 1}, {1}, {1}, true},  // 1-D
  };
  uint32_t seed = 4000;
  for (const Deconv& c : cases) {
    for (bool constant : {false, true}) {
      std::vector<std::vector<int64_t>> shapes = {c.x, c.w};
      if (c.bias) shapes.push_back({c.w[1] * c.group});
      std::vector<Attribute> a;
      a.push_back(Attribute::Int("group", c.group));
      a.push_back(Attribute::Ints("strides", c.strides));
      a.push_back(Attribute::Ints("pads", c.pads));
      a.push_back(Attribute::Ints("dilations", c.dilations));
      a.push_back(Attribute::Ints("output_padding", c.output_padding));
      std::set<size_t> constants;
      if (constant) constants = {1, 2};
      ExpectDnnlMatchesReference({"ConvTranspose", shapes, std::move(a), "", constants}, seed++);
    }
  }
}

TEST(DnnlConvTranspose, NarrowOnesGoToTheCpuProviderWhenItIsNext) {
  // Fewer than 128 input channels per group: with cpu next in the order the dnnl kernel declines
  // at run time and the cpu kernel runs it (ppocr_det's 2x2 / stride 2 upsampling); alone, or
  // with 128 or more, dnnl runs it.
  const std::vector<std::pair<Deconv, bool>> cases = {
      {{{1, 24, 16, 16}, {24, 24, 2, 2}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {0, 0}, true}, true},
      {{{1, 24, 16, 16}, {24, 1, 2, 2}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {0, 0}, true}, true},
      {{{1, 128, 5, 5}, {128, 13, 4, 4}, 1, {2, 2}, {1, 1, 1, 1}, {1, 1}, {0, 0}, true}, false},
      {{{1, 256, 3, 3}, {256, 3, 3, 3}, 2, {1, 1}, {1, 1, 1, 1}, {1, 1}, {0, 0}, false}, false},
  };
  uint32_t seed = 4200;
  for (const auto& [c, narrow] : cases) {
    std::vector<std::vector<int64_t>> shapes = {c.x, c.w};
    if (c.bias) shapes.push_back({c.w[1] * c.group});
    auto make = [&] {
      std::vector<Attribute> a;
      a.push_back(Attribute::Int("group", c.group));
      a.push_back(Attribute::Ints("strides", c.strides));
      a.push_back(Attribute::Ints("pads", c.pads));
      return DnnlCase{"ConvTranspose", shapes, std::move(a), "", {1, 2}};
    };
    ExpectDnnlMatchesReference(make(), seed++, 2, {"dnnl", "cpu"}, narrow ? "cpu" : "dnnl");
    ExpectDnnlMatchesReference(make(), seed++, 2, {"dnnl"}, "dnnl");
  }
}

TEST(DnnlConvTranspose, OutputShapeAndAutoPad) {
  uint32_t seed = 4100;
  std::vector<Attribute> a;
  a.push_back(Attribute::Ints("strides", {2, 2}));
  a.push_back(Attribute::Ints("output_shape", {14, 13}));
  ExpectDnnlMatchesReference({"ConvTranspose", {{1, 3, 7, 7}, {3, 4, 3, 3}}, std::move(a)}, seed++);
  std::vector<Attribute> b;
  b.push_back(Attribute::Ints("strides", {2, 2}));
  b.push_back(Attribute::String("auto_pad", "SAME_UPPER"));
  ExpectDnnlMatchesReference({"ConvTranspose", {{1, 3, 7, 6}, {3, 4, 3, 3}}, std::move(b)}, seed++);
}

}  // namespace
}  // namespace onnxlens::testing
