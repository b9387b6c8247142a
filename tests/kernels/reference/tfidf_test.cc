// TfIdfVectorizer reference kernel: IDF / TFIDF weighting and string pools (the backend tests
// cover TF on int pools only), and errors for pools the attributes do not describe.
#include <gtest/gtest.h>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

Attr AFloats(std::string name, std::vector<float> v) {
  Attr a{std::move(name), Attr::Kind::kFloats};
  a.floats = std::move(v);
  return a;
}

TEST(TfIdfReference, IdfAndTfIdfWeightTheCounts) {
  // Pool: unigrams 2, 3 (columns 0, 1); bigram (2, 3) (column 2).
  const std::vector<Attr> base = {AInt("min_gram_length", 1),
                                  AInt("max_gram_length", 2),
                                  AInt("max_skip_count", 0),
                                  AInts("ngram_counts", {0, 2}),
                                  AInts("ngram_indexes", {0, 1, 2}),
                                  AInts("pool_int64s", {2, 3, 2, 3}),
                                  AFloats("weights", {0.5f, 2.0f, 4.0f})};
  const ir::Tensor x = Int64s({5}, {2, 3, 2, 3, 7});
  for (const auto& [mode, want] : {std::pair<std::string, std::vector<float>>{"TF", {2, 2, 2}},
                                   {"IDF", {0.5f, 2.0f, 4.0f}},
                                   {"TFIDF", {1.0f, 4.0f, 8.0f}}}) {
    std::vector<Attr> attrs = base;
    attrs.push_back(AString("mode", mode));
    auto out = ComputeDirectOutputs("reference", {"TfIdfVectorizer", {x}, attrs, 1, 9, ""});
    ASSERT_TRUE(out.ok()) << out.status().message();
    const ir::Tensor& y = (*out)[0].tensor;
    ASSERT_EQ(y.dims(), std::vector<int64_t>({3}));
    for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(y.data<float>()[i], want[i]) << mode << " " << i;
  }
}

TEST(TfIdfReference, PoolsTheAttributesDoNotDescribeAreErrors) {
  const ir::Tensor x = Int64s({3}, {1, 2, 3});
  std::vector<Attr> attrs = {AString("mode", "TF"),
                             AInt("min_gram_length", 1),
                             AInt("max_gram_length", 2),
                             AInts("ngram_counts", {0, 2}),
                             AInts("ngram_indexes", {0, 1, 2}),
                             AInts("pool_int64s", {1, 2, 3})};
  // 1 item of bigrams is not a whole bigram.
  ExpectStatusError(ComputeDirect("reference", {"TfIdfVectorizer", {x}, attrs, 1, 9, ""}),
                    "does not split a pool of 3 items into whole 2-grams");
  attrs[5] = AInts("pool_int64s", {1, 2, 3, 4});
  attrs[4] = AInts("ngram_indexes", {0, 1});
  ExpectStatusError(ComputeDirect("reference", {"TfIdfVectorizer", {x}, attrs, 1, 9, ""}),
                    "ngram_indexes has 2 values, fewer than the pool's n-grams");
  attrs[4] = AInts("ngram_indexes", {0, 1, 2});
  attrs[0] = AString("mode", "BM25");
  ExpectStatusError(ComputeDirect("reference", {"TfIdfVectorizer", {x}, attrs, 1, 9, ""}),
                    "mode 'BM25' is not one of TF, IDF, TFIDF");
  attrs[0] = AString("mode", "TF");
  ExpectStatusError(
      ComputeDirect("reference",
                    {"TfIdfVectorizer", {Int64s({1, 1, 3}, {1, 2, 3})}, attrs, 1, 9, ""}),
      "expected [C] or [N, C]");
}

}  // namespace
}  // namespace onnxlens::testing
