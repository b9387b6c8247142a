// Reference TfIdfVectorizer (opset 9): counts the pool's n-grams (min_gram_length to
// max_gram_length items, skipping up to max_skip_count items between neighbours; unigrams
// counted once, not once per skip) in each row of int32 / int64 / string input and writes them,
// weighted by mode (TF counts, IDF weight when present, TFIDF count * weight), at the pool
// n-grams' ngram_indexes. Weights are indexed by output column, as ONNX Runtime reads them.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

using Gram = std::vector<int64_t>;

Status TfIdf(OpKernelContext& ctx, int64_t) {
  const ir::Node& node = ctx.node();
  const std::string mode = node.GetString("mode", "");
  if (mode != "TF" && mode != "IDF" && mode != "TFIDF")
    return ctx.Error("mode '" + mode + "' is not one of TF, IDF, TFIDF");
  const int64_t min_n = node.GetInt("min_gram_length", 0);
  const int64_t max_n = node.GetInt("max_gram_length", 0);
  const int64_t max_skip = node.GetInt("max_skip_count", 0);
  if (min_n < 1 || max_n < min_n)
    return ctx.Error("min_gram_length " + std::to_string(min_n) + " and max_gram_length " +
                     std::to_string(max_n) + " need 1 <= min <= max");
  if (max_skip < 0 || max_skip > (int64_t{1} << 20))
    return ctx.Error("max_skip_count " + std::to_string(max_skip) + " is out of range");
  const std::vector<int64_t> counts = node.GetInts("ngram_counts");
  // Every prefix of every pool n-gram is kept: n-grams longer than this would cost n^2 / 2
  // values each (a file's attribute could ask for gigabytes).
  constexpr int64_t kMaxGram = 64;
  if (max_n > kMaxGram || static_cast<int64_t>(counts.size()) > kMaxGram)
    return ctx.Error("n-grams of up to " + std::to_string(kMaxGram) + " items are supported; " +
                     "max_gram_length is " + std::to_string(max_n) + " and ngram_counts has " +
                     std::to_string(counts.size()) + " values");
  const std::vector<int64_t> indexes = node.GetInts("ngram_indexes");
  const ir::Attribute* pool_i = node.FindAttribute("pool_int64s");
  const ir::Attribute* pool_s = node.FindAttribute("pool_strings");
  if ((pool_i != nullptr) == (pool_s != nullptr))
    return ctx.Error("needs exactly one of pool_int64s and pool_strings");
  const ir::Attribute* wa = node.FindAttribute("weights");
  const std::vector<float> weights = wa ? wa->floats : std::vector<float>{};

  // The pool as int64 keys (strings numbered in order of first appearance).
  std::map<std::string, int64_t> string_ids;
  Gram pool;
  if (pool_i) {
    pool = pool_i->ints;
  } else {
    for (const std::string& s : pool_s->strings)
      pool.push_back(string_ids.emplace(s, static_cast<int64_t>(string_ids.size())).first->second);
  }
  const int64_t pool_size = static_cast<int64_t>(pool.size());
  std::map<Gram, int64_t> grams;  // n-gram -> output column
  std::set<Gram> prefixes;        // every prefix of a pool n-gram, the n-grams included
  int64_t ordinal = 0, columns = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    const int64_t n = static_cast<int64_t>(i) + 1;
    const int64_t begin = counts[i];
    const int64_t end = i + 1 < counts.size() ? counts[i + 1] : pool_size;
    if (begin < 0 || end < begin || end > pool_size || (end - begin) % n != 0)
      return ctx.Error("ngram_counts " + ShapeString(counts) + " does not split a pool of " +
                       std::to_string(pool_size) + " items into whole " + std::to_string(n) +
                       "-grams");
    for (int64_t at = begin; at < end; at += n, ++ordinal) {
      if (ordinal >= static_cast<int64_t>(indexes.size()))
        return ctx.Error("ngram_indexes has " + std::to_string(indexes.size()) +
                         " values, fewer than the pool's n-grams");
      const int64_t column = indexes[static_cast<size_t>(ordinal)];
      if (column < 0 || column > (int64_t{1} << 30))
        return ctx.Error("ngram_indexes value " + std::to_string(column) + " is out of range");
      columns = std::max(columns, column + 1);
      const Gram g(pool.begin() + at, pool.begin() + at + n);
      grams[g] = column;
      for (int64_t k = 1; k <= n; ++k) prefixes.insert(Gram(g.begin(), g.begin() + k));
    }
  }
  if (ordinal != static_cast<int64_t>(indexes.size()))
    return ctx.Error("ngram_indexes has " + std::to_string(indexes.size()) + " values for " +
                     std::to_string(ordinal) + " n-grams in the pool");
  if (mode != "TF" && !weights.empty() && static_cast<int64_t>(weights.size()) < columns)
    return ctx.Error("weights has " + std::to_string(weights.size()) + " values for " +
                     std::to_string(columns) + " output columns");

  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const bool is_string = x->dtype() == DataType::kString;
  if (is_string != (pool_s != nullptr))
    return ctx.Error(std::string("input X is ") + std::string(ir::DataTypeName(x->dtype())) +
                     (pool_s ? ", the pool holds strings" : ", the pool holds int64 values"));
  if (!is_string && x->dtype() != DataType::kInt32 && x->dtype() != DataType::kInt64)
    return ctx.Error("input X must be int32, int64 or string");
  if (x->dims().size() != 1 && x->dims().size() != 2)
    return ctx.Error("input X has shape " + ShapeString(x->dims()) + ", expected [C] or [N, C]");
  const int64_t rows = x->dims().size() == 2 ? x->dims()[0] : 1;
  const int64_t len = x->dims().back();
  Gram items(static_cast<size_t>(x->numel()));
  if (is_string) {
    for (int64_t i = 0; i < x->numel(); ++i) {
      auto it = string_ids.find(x->strings()[i]);
      items[i] = it == string_ids.end() ? -1 : it->second;
    }
  } else {
    for (int64_t i = 0; i < x->numel(); ++i)
      items[i] = x->dtype() == DataType::kInt64 ? x->data<int64_t>()[i] : x->data<int32_t>()[i];
  }
  const std::vector<int64_t> out_dims =
      x->dims().size() == 2 ? std::vector<int64_t>{rows, columns} : std::vector<int64_t>{columns};
  OL_ASSIGN_OR_RETURN(const int64_t total, CheckOutputSize(ctx, out_dims, "output"));
  std::vector<double> out(static_cast<size_t>(total), 0.0);
  // A string outside the pool (-1) matches nothing; int inputs may hold any value, so a string
  // pool never meets an int key and vice versa.
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t* row = items.data() + r * len;
    double* counts_out = out.data() + r * columns;
    int64_t start_n = min_n;
    for (int64_t skip = 1; skip <= max_skip + 1; ++skip) {
      for (int64_t s = 0; s < len; ++s) {
        if (s + skip * (start_n - 1) >= len) break;
        Gram g;
        for (int64_t n = 1; n <= max_n; ++n) {
          const int64_t at = s + (n - 1) * skip;
          if (at >= len) break;
          if (is_string && row[at] < 0) break;
          g.push_back(row[at]);
          if (!prefixes.count(g)) break;
          if (n >= start_n) {
            auto hit = grams.find(g);
            if (hit != grams.end()) counts_out[hit->second] += 1;
          }
        }
      }
      if (start_n == 1) {  // unigrams only once, at skip 1
        ++start_n;
        if (start_n > max_n) break;
      }
    }
    for (int64_t c = 0; c < columns; ++c) {
      double& v = counts_out[c];
      const double w = weights.empty() ? 1.0 : weights[static_cast<size_t>(c)];
      if (mode == "IDF")
        v = v > 0 ? w : 0.0;
      else if (mode == "TFIDF")
        v *= w;
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, out_dims, DataType::kFloat));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterTfIdfKernels(KernelRegistry& r) { AddKernel(r, "", "TfIdfVectorizer", 9, TfIdf); }

}  // namespace onnxlens::kernels
