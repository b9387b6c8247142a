// The com.microsoft.nchwc kernels on oneDNN (Conv with bias / Sum / activation, the pools) against
// the reference blocked kernels on the same rewritten graph, at 1 and 2 threads: every blocked
// node but the reorders and Upsample (block copies, the cpu provider's) must run on dnnl (a decline
// would hand it to the oracle and prove nothing), and both must agree with the original graph on
// the reference provider.
#include <gtest/gtest.h>

#include "api/internal/compare.h"
#include "ir/nchwc.h"
#include "passes/nchwc_models.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::passes::testing {
namespace {

std::map<std::string, kernels::RtValue> Inputs(const runtime::Session& s, uint32_t seed) {
  std::map<std::string, kernels::RtValue> in;
  uint32_t k = seed;
  for (const ir::Value* v : s.Inputs()) {
    std::vector<int64_t> dims;
    for (const auto& d : *v->type().shape) dims.push_back(d.value);
    in[v->name()] = kernels::RtValue::FromTensor(::onnxlens::testing::RandomTensor(dims, k++));
  }
  return in;
}

Expected<std::vector<std::pair<std::string, kernels::RtValue>>> RunBlocked(
    std::shared_ptr<const ir::Model> m, const std::vector<std::string>& providers, int threads,
    const std::map<std::string, kernels::RtValue>& in, std::vector<std::string>* nchwc_providers) {
  runtime::SessionOptions so;
  so.optimization_level = "disabled";
  so.providers = providers;
  so.intra_op_threads = threads;
  OL_ASSIGN_OR_RETURN(auto s, runtime::Session::Create(m, so));
  if (nchwc_providers) {
    for (const auto& n : s->partition().nodes)
      if (n.domain == ir::kNchwcDomain && n.op_type != "ReorderInput" &&
          n.op_type != "ReorderOutput" && n.op_type != "Upsample")
        nchwc_providers->push_back(n.provider);
  }
  return s->Run(in);
}

TEST(DnnlNchwc, BlockedKernelsMatchTheReferenceOracleAndTheOriginalGraph) {
  if (ir::NchwcBlockSize() <= 0) GTEST_SKIP() << "this CPU has no NCHWc block (no AVX2)";
  uint32_t seed = 4000;
  for (auto m : {ChainModel(), BlockModel()}) {
    auto blocked = runtime::PrepareModel(m, "layout", {"dnnl", "cpu", "reference"});
    ASSERT_TRUE(blocked.ok()) << blocked.status().message();
    runtime::SessionOptions plain;
    plain.providers = {"reference"};
    plain.optimization_level = "disabled";
    auto sp = runtime::Session::Create(m, plain);
    ASSERT_TRUE(sp.ok());
    const auto in = Inputs(**sp, seed++);
    auto want = (*sp)->Run(in);
    ASSERT_TRUE(want.ok()) << want.status().message();
    auto oracle = RunBlocked(*blocked, {"reference"}, 1, in, nullptr);
    ASSERT_TRUE(oracle.ok()) << oracle.status().message();
    for (int threads : {1, 2}) {
      SCOPED_TRACE("threads " + std::to_string(threads));
      std::vector<std::string> where;
      auto got = RunBlocked(*blocked, {"dnnl", "cpu", "reference"}, threads, in, &where);
      ASSERT_TRUE(got.ok()) << got.status().message();
      ASSERT_FALSE(where.empty()) << "no blocked node in the rewritten graph";
      for (const std::string& p : where) EXPECT_EQ(p, "dnnl");
      ASSERT_EQ(got->size(), want->size());
      for (size_t i = 0; i < got->size(); ++i) {
        auto a = api::CompareValues((*oracle)[i].second, (*got)[i].second, 1e-4, 1e-4);
        EXPECT_TRUE(a.ok) << "dnnl vs the blocked oracle, " << (*got)[i].first << ": " << a.reason;
        auto b = api::CompareValues((*want)[i].second, (*got)[i].second, 1e-4, 1e-4);
        EXPECT_TRUE(b.ok) << "dnnl vs the original graph, " << (*got)[i].first << ": " << b.reason;
      }
    }
  }
}

}  // namespace
}  // namespace onnxlens::passes::testing
