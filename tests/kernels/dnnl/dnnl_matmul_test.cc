// The dnnl MatMul, Gemm and FusedGemm kernels against the reference: 1 / 13 / 127 sizes, batched
// and broadcast batch dimensions, 1-D operands, transposes, bias shapes, activations.
#include "kernels/dnnl/dnnl_test_util.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;

TEST(DnnlMatMul, BatchedBroadcastAndVectorOperands) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{13, 127}, {127, 1}},
      {{1, 13}, {13, 127}},
      {{2, 3, 13, 7}, {7, 13}},
      {{3, 1, 13}, {1, 13, 5}},
      {{127}, {127, 13}},
      {{13, 127}, {127}},
      {{2, 1, 5, 3}, {1, 4, 3, 6}},
      {{127, 127}, {127, 127}},
      {{4, 13, 1}, {4, 1, 127}},
      // A's batch folded into its rows (B without batch): PyTorch's attention projection, a
      // 1-D B, batches of one row.
      {{32, 1, 64}, {64, 192}},
      {{3, 4, 5}, {5}},
      {{2, 5, 1, 13}, {13, 127}}};
  uint32_t seed = 3000;
  for (const auto& [a, b] : shapes) {
    ExpectDnnlMatchesReference({"MatMul", {a, b}, {}}, seed++);
    ExpectDnnlMatchesReference({"MatMul", {a, b}, {}, "", {1}}, seed++);  // B an initializer
  }
}

TEST(DnnlGemm, TransposesAndBiasShapes) {
  uint32_t seed = 3100;
  for (int64_t M : {1, 13, 127})
    for (int64_t N : {1, 13})
      for (int64_t K : {1, 127})
        for (int t : {0, 1, 2, 3}) {
          const bool ta = t & 1, tb = t & 2;
          for (const std::vector<int64_t>& c : {std::vector<int64_t>{N}, {M, N}, {M, 1}, {1, 1}}) {
            std::vector<Attribute> a;
            a.push_back(Attribute::Int("transA", ta));
            a.push_back(Attribute::Int("transB", tb));
            ExpectDnnlMatchesReference(
                {"Gemm",
                 {ta ? std::vector<int64_t>{K, M} : std::vector<int64_t>{M, K},
                  tb ? std::vector<int64_t>{N, K} : std::vector<int64_t>{K, N}, c},
                 std::move(a)},
                seed++);
          }
        }
}

TEST(DnnlGemm, FusedGemmActivations) {
  uint32_t seed = 3200;
  for (const char* act : {"Relu", "Sigmoid", "Tanh", "LeakyRelu", "HardSigmoid"}) {
    std::vector<Attribute> a;
    a.push_back(Attribute::Int("transB", 1));
    a.push_back(Attribute::String("activation", act));
    ExpectDnnlMatchesReference(
        {"FusedGemm", {{13, 127}, {13, 127}, {13}}, std::move(a), "com.microsoft", {1, 2}}, seed++);
  }
}

// com.microsoft Attention: the QKV projection on oneDNN's matmul, the heads as the cpu kernel's
// (odd sequence, hidden and head counts; one and several batches; constant or computed weights).
TEST(DnnlAttention, ProjectionOnOneDnnHeadsAsTheCpuKernel) {
  uint32_t seed = 5100;
  struct Shape {
    int64_t batch, seq, in_hidden, heads, head_size;
  };
  for (const Shape& sh : {Shape{1, 7, 24, 3, 8}, Shape{2, 13, 40, 2, 10}, Shape{1, 128, 64, 4, 16}})
    for (bool constant : {true, false}) {
      const int64_t h3 = 3 * sh.heads * sh.head_size;
      std::vector<Attribute> a;
      a.push_back(Attribute::Int("num_heads", sh.heads));
      ExpectDnnlMatchesReference({"Attention",
                                  {{sh.batch, sh.seq, sh.in_hidden}, {sh.in_hidden, h3}, {h3}},
                                  std::move(a),
                                  "com.microsoft",
                                  constant ? std::set<size_t>{1, 2} : std::set<size_t>{}},
                                 seed++, 2, {"dnnl", "cpu"});
    }
}

}  // namespace
}  // namespace onnxlens::testing
