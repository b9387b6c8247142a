// The dnnl pooling kernels against the reference: odd sizes, strides, pads, ceil_mode, dilations,
// count_include_pad, global pooling, 1-D and 3-D.
#include "kernels/dnnl/dnnl_test_util.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;

TEST(DnnlPool, MaxAndAverageMatchReference) {
  uint32_t seed = 2000;
  for (int64_t k : {1, 2, 3}) {
    for (int64_t s : {1, 2}) {
      for (const char* op : {"MaxPool", "AveragePool"}) {
        std::vector<Attribute> a;
        a.push_back(Attribute::Ints("kernel_shape", {k, k}));
        a.push_back(Attribute::Ints("strides", {s, s}));
        a.push_back(Attribute::Ints("pads", {k / 2, k / 2, k / 2, k / 2}));
        if (std::string(op) == "AveragePool")
          a.push_back(Attribute::Int("count_include_pad", s == 2));
        ExpectDnnlMatchesReference({op, {{1, 13, 13, 11}}, std::move(a)}, seed++);
      }
    }
  }
}

TEST(DnnlPool, CeilModeDilationAndAsymmetricPads) {
  uint32_t seed = 2100;
  for (const char* op : {"MaxPool", "AveragePool"}) {
    std::vector<Attribute> a;  // squeezenet's ceil-mode 3x3/2
    a.push_back(Attribute::Ints("kernel_shape", {3, 3}));
    a.push_back(Attribute::Ints("strides", {2, 2}));
    a.push_back(Attribute::Int("ceil_mode", 1));
    ExpectDnnlMatchesReference({op, {{1, 5, 13, 12}}, std::move(a)}, seed++);
  }
  std::vector<Attribute> b;
  b.push_back(Attribute::Ints("kernel_shape", {2, 3}));
  b.push_back(Attribute::Ints("strides", {1, 3}));
  b.push_back(Attribute::Ints("dilations", {2, 2}));
  b.push_back(Attribute::Ints("pads", {0, 1, 1, 2}));
  ExpectDnnlMatchesReference({"MaxPool", {{2, 3, 13, 11}}, std::move(b)}, seed++);
  std::vector<Attribute> c;
  c.push_back(Attribute::Ints("kernel_shape", {3, 2}));
  c.push_back(Attribute::Ints("pads", {2, 0, 0, 1}));
  ExpectDnnlMatchesReference({"AveragePool", {{1, 127, 9, 7}}, std::move(c)}, seed++);
}

TEST(DnnlPool, OneAndThreeDimensional) {
  uint32_t seed = 2200;
  std::vector<Attribute> a;
  a.push_back(Attribute::Ints("kernel_shape", {3}));
  a.push_back(Attribute::Ints("strides", {2}));
  ExpectDnnlMatchesReference({"MaxPool", {{2, 13, 127}}, std::move(a)}, seed++);
  std::vector<Attribute> b;
  b.push_back(Attribute::Ints("kernel_shape", {2, 2, 2}));
  b.push_back(Attribute::Ints("pads", {1, 0, 1, 0, 1, 0}));
  ExpectDnnlMatchesReference({"AveragePool", {{1, 3, 5, 6, 7}}, std::move(b)}, seed++);
}

TEST(DnnlPool, GlobalPoolsMatchReference) {
  uint32_t seed = 2300;
  for (const char* op : {"GlobalAveragePool", "GlobalMaxPool"})
    for (const std::vector<int64_t>& s :
         {std::vector<int64_t>{2, 13, 7, 9}, {1, 127, 1, 1}, {1, 1, 13, 13}, {3, 5, 127}})
      ExpectDnnlMatchesReference({op, {s}, {}}, seed++);
}

}  // namespace
}  // namespace onnxlens::testing
