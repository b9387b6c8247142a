// The parallel executor (SessionOptions::executor = kParallel): the same outputs as the sequential
// executor on built graphs (a diamond, many branches, an If reading the outer scope) and on every
// corpus model; an error in one branch names its node; cancellation; one trace track per executor
// thread.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <chrono>
#include <set>
#include <thread>

#include "api/internal/compare.h"
#include "api/internal/inputs.h"
#include "onnx/model_io.h"
#include "process_cpu.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::runtime {
namespace {

using testing::FloatType;

// A model with graph input x [2, 64] built node by node.
struct Builder {
  std::shared_ptr<ir::Model> model = std::make_shared<ir::Model>();
  ir::Graph* g;
  ir::Value* x;
  Builder() {
    model->opset_imports.push_back({"", 17});
    model->graph = std::make_unique<ir::Graph>("parallel");
    g = model->graph.get();
    x = g->CreateValue("x");
    x->set_type(FloatType({2, 64}));
    g->AddInput(x);
  }
  ir::Value* Op(const std::string& op, std::vector<ir::Value*> ins, const std::string& out) {
    ir::Node* n = g->AddNode(op, "", out + "_node");
    for (ir::Value* v : ins) n->AddInput(v);
    ir::Value* y = g->CreateValue(out);
    n->AddOutput(y);
    return y;
  }
};

SessionOptions Parallel(int inter = 2) {
  SessionOptions so;
  so.executor = SessionOptions::Executor::kParallel;
  so.inter_op_threads = inter;
  so.intra_op_threads = 2;
  return so;
}

std::map<std::string, RtValue> XInput() {
  return {{"x", RtValue::FromTensor(testing::RandomTensor({2, 64}, 7))}};
}

void ExpectSameOutputs(const NamedValues& a, const NamedValues& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].first, b[i].first) << what;
    if (!a[i].second.is_tensor() || !b[i].second.is_tensor()) continue;
    const ir::Tensor &x = a[i].second.tensor, &y = b[i].second.tensor;
    ASSERT_EQ(x.dims(), y.dims()) << what << " output " << a[i].first;
    ASSERT_EQ(x.dtype(), y.dtype()) << what << " output " << a[i].first;
    EXPECT_TRUE(x.SameContent(y)) << what << ": output " << a[i].first
                                  << " differs from the sequential executor's";
  }
}

TEST(SessionParallelTest, DiamondMatchesSequentialAndUsesBothThreads) {
  Builder b;
  ir::Value* a = b.Op("Relu", {b.x}, "a");
  ir::Value* n = b.Op("Neg", {b.x}, "n");
  ir::Value* s = b.Op("Sigmoid", {a}, "s");
  ir::Value* t = b.Op("Tanh", {n}, "t");
  b.g->AddOutput(b.Op("Add", {s, t}, "y"));
  b.g->AddOutput(a);  // a graph output also read by a node: never freed
  auto seq = Session::Create(b.model);
  SessionOptions so = Parallel();
  so.enable_profiling = true;
  auto par = Session::Create(b.model, so);
  ASSERT_TRUE(seq.ok() && par.ok());
  EXPECT_EQ((*par)->inter_op_threads(), 2);
  EXPECT_EQ((*par)->threads(), 1);  // a budget of 2 split over 2 executor threads
  auto want = (*seq)->Run(XInput());
  ASSERT_TRUE(want.ok()) << want.status().message();
  // The four unary steps are one wide region: its first runs time it side by side and one step
  // after another (region_choice.h); every run gives the sequential executor's bits.
  for (int i = 0; i < 50; ++i) {
    auto got = (*par)->Run(XInput());
    ASSERT_TRUE(got.ok()) << got.status().message();
    ExpectSameOutputs(*want, *got, "diamond run " + std::to_string(i));
    const ParallelRegions regions = (*par)->parallel_regions();
    EXPECT_EQ(regions.regions, 1);
    EXPECT_EQ(regions.decided, i >= regions.calibration_runs) << i;  // run 0 records memory
  }
  EXPECT_EQ((*seq)->parallel_regions().regions, 0);
  // Node events carry the thread that ran them; the executor's own thread is named.
  std::set<int64_t> node_tids;
  bool named = false;
  for (const auto& e : (*par)->profiler()->Events()) {
    if (e.ph == 'X' && e.cat == "Node") node_tids.insert(e.tid);
    if (e.ph == 'M' && e.args.size() == 1 && e.args[0].value == "inter-op thread 1") named = true;
  }
  EXPECT_TRUE(named);
  EXPECT_GE(node_tids.size(), 1u);
  EXPECT_LE(node_tids.size(), 2u);
}

TEST(SessionParallelTest, ManyBranchesFreeTheirSlotsAndMatchSequential) {
  Builder b;
  std::vector<ir::Value*> ends;
  for (int i = 0; i < 24; ++i) {
    ir::Value* r = b.Op(i % 2 ? "Relu" : "Abs", {b.x}, "r" + std::to_string(i));
    ir::Value* m = b.Op("Mul", {r, b.x}, "m" + std::to_string(i));
    ends.push_back(b.Op("Neg", {m}, "e" + std::to_string(i)));
  }
  while (ends.size() > 1) {
    std::vector<ir::Value*> next;
    for (size_t i = 0; i + 1 < ends.size(); i += 2)
      next.push_back(
          b.Op("Add", {ends[i], ends[i + 1]}, "s" + std::to_string(b.g->nodes().size())));
    if (ends.size() % 2) next.push_back(ends.back());
    ends = next;
  }
  b.g->AddOutput(ends[0]);
  auto seq = Session::Create(b.model);
  auto par = Session::Create(b.model, Parallel(3));
  ASSERT_TRUE(seq.ok() && par.ok());
  auto want = (*seq)->Run(XInput());
  ASSERT_TRUE(want.ok());
  for (int i = 0; i < 100; ++i) {
    auto got = (*par)->Run(XInput());
    ASSERT_TRUE(got.ok()) << got.status().message();
    ExpectSameOutputs(*want, *got, "24 branches");
  }
  // The first run recorded the memory plan sequentially; the parallel runs took buffers from it
  // (those whose bytes a buffer of a branch beside held came from the dynamic arena).
  EXPECT_NE((*par)->memory_plan(), nullptr);
  EXPECT_GT((*par)->memory_stats().planned_served, 0u);
}

TEST(SessionParallelTest, AnErrorInOneBranchNamesItsNode) {
  Builder b;
  ir::Value* idx = b.g->CreateValue("idx");
  idx->set_type(ir::TypeInfo::Tensor(ir::DataType::kInt64, {ir::Dim::Known(1)}));
  b.g->AddInput(idx);
  ir::Value* gathered = b.Op("Gather", {b.x, idx}, "gathered");
  ir::Value* other = b.Op("Relu", {b.x}, "other");
  ir::Value* other2 = b.Op("Neg", {other}, "other2");
  b.g->AddOutput(gathered);
  b.g->AddOutput(other2);
  auto par = Session::Create(b.model, Parallel());
  ASSERT_TRUE(par.ok()) << par.status().message();
  auto in = XInput();
  in["idx"] = RtValue::FromTensor(ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {1}, {9}));
  for (int i = 0; i < 20; ++i) {
    auto r = (*par)->Run(in);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().message(),
              "node 'gathered_node' (Gather): index 9 is out of range for axis 0 of size 2");
  }
  in["idx"] = RtValue::FromTensor(ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {1}, {1}));
  EXPECT_TRUE((*par)->Run(in).ok());  // the session runs again after a failed run
}

TEST(SessionParallelTest, CancelledRunEndsWithCancelled) {
  Builder b;
  b.g->AddOutput(b.Op("Add", {b.Op("Relu", {b.x}, "a"), b.Op("Neg", {b.x}, "n")}, "y"));
  auto par = Session::Create(b.model, Parallel());
  ASSERT_TRUE(par.ok());
  CancelToken cancel;
  cancel.Cancel();
  auto r = (*par)->Run(XInput(), &cancel);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  EXPECT_TRUE((*par)->Run(XInput()).ok());
}

TEST(SessionParallelTest, IfBesideABranchReadsTheOuterScope) {
  Builder b;
  ir::Value* neg = b.Op("Neg", {b.x}, "neg");
  ir::Value* side = b.Op("Relu", {b.x}, "side");
  ir::Value* cond = b.g->CreateValue("cond");
  cond->set_type(ir::TypeInfo::Tensor(ir::DataType::kBool, {}));
  b.g->AddInput(cond);
  ir::Node* iff = b.g->AddNode("If", "", "if");
  iff->AddInput(cond);
  ir::Value* y = b.g->CreateValue("y");
  iff->AddOutput(y);
  for (const char* branch : {"then_branch", "else_branch"}) {
    ir::Attribute a;
    a.name = branch;
    a.type = ir::AttrType::kGraph;
    a.g = std::make_unique<ir::Graph>(branch, b.g);
    a.g->set_parent_node(iff);
    ir::Node* n = a.g->AddNode(std::string(branch) == "then_branch" ? "Relu" : "Abs");
    n->AddInput(neg);  // outer scope: the If waits for Neg, and Neg's output lives until it ran
    ir::Value* out = a.g->CreateValue(std::string(branch) + "_out");
    n->AddOutput(out);
    a.g->AddOutput(out);
    iff->attributes().push_back(std::move(a));
  }
  b.g->AddOutput(b.Op("Add", {y, side}, "sum"));
  auto seq = Session::Create(b.model);
  auto par = Session::Create(b.model, Parallel());
  ASSERT_TRUE(seq.ok() && par.ok()) << (seq.ok() ? par.status() : seq.status()).message();
  for (uint8_t c : {0, 1}) {
    auto in = XInput();
    in["cond"] = RtValue::FromTensor(ir::Tensor::FromVector<uint8_t>(ir::DataType::kBool, {}, {c}));
    auto want = (*seq)->Run(in);
    ASSERT_TRUE(want.ok()) << want.status().message();
    for (int i = 0; i < 20; ++i) {
      auto got = (*par)->Run(in);
      ASSERT_TRUE(got.ok()) << got.status().message();
      ExpectSameOutputs(*want, *got, "If");
    }
  }
}

// A session that ran and now waits (the GUI between runs, bench between configurations) costs no
// CPU: its executor threads and their intra-op pools sleep.
TEST(SessionParallelTest, IdleSessionDoesNotBurnCpu) {
  // OpenBLAS's server thread yields in a loop for its first ~50 ms of CPU after the library loads
  // (InterOpPoolTest.IdleThreadsDoNotSpin): let it settle first.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Builder b;
  b.g->AddOutput(b.Op("Add", {b.Op("Relu", {b.x}, "a"), b.Op("Neg", {b.x}, "n")}, "y"));
  SessionOptions so = Parallel(2);
  so.intra_op_threads = 4;  // 2 executor threads with 2 intra-op threads each
  auto par = Session::Create(b.model, so);
  ASSERT_TRUE(par.ok());
  EXPECT_EQ((*par)->threads(), 2);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE((*par)->Run(XInput()).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const double c0 = testing::ProcessCpuSeconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double idle = testing::ProcessCpuSeconds() - c0;
  EXPECT_LT(idle, 0.05) << "an idle session burned " << idle << " s of CPU in 0.5 s";
}

// Every corpus model: the parallel executor at 2 threads gives the sequential executor's outputs
// at 1 thread. Light steps run at 1 thread as there; the pinned ones (alone or heavy) with the
// whole budget, whose split of a GEMM may round differently (bit-equal with dnnl, whose results
// do not depend on its thread count; not with the cpu provider): |a - b| <= 1e-5 + 1e-4 |b|.
TEST(SessionParallelTest, EveryCorpusModelMatchesSequential) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent: corpus outputs not checked";
  for (const auto& dir : models) {
    SCOPED_TRACE(dir.string());
    auto loaded = onnx_io::LoadModelFile(dir / "model.onnx");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    std::shared_ptr<const ir::Model> model(std::move(loaded->model));
    SessionOptions seq_options;
    seq_options.intra_op_threads = 1;
    seq_options.optimization_level = "extended";
    SessionOptions par_options = Parallel(2);
    par_options.optimization_level = "extended";
    auto seq = Session::Create(model, seq_options);
    auto par = Session::Create(model, par_options);
    ASSERT_TRUE(seq.ok() && par.ok());
    ASSERT_EQ((*par)->threads(), 1);
    std::vector<std::pair<std::string, std::string>> feedable;
    for (const auto* v : (*seq)->Inputs())
      if (!v->is_initializer()) feedable.emplace_back(v->name(), "");
    auto inputs = api::LoadInputs(dir / "test_data_set_0", feedable);
    ASSERT_TRUE(inputs.ok()) << inputs.status().message();
    auto want = (*seq)->Run(*inputs);
    ASSERT_TRUE(want.ok()) << want.status().message();
    for (int i = 0; i < 2; ++i) {
      auto got = (*par)->Run(*inputs);
      ASSERT_TRUE(got.ok()) << got.status().message();
      ASSERT_EQ(want->size(), got->size());
      for (size_t k = 0; k < want->size(); ++k) {
        const api::CompareResult c = api::CompareValues((*got)[k].second, (*want)[k].second,
                                                        /*rtol=*/1e-4, /*atol=*/1e-5);
        EXPECT_TRUE(c.ok) << dir.filename() << " output " << (*want)[k].first << ": " << c.reason;
      }
    }
    std::printf("[ %s ] parallel matches sequential\n", dir.filename().string().c_str());
  }
}

}  // namespace
}  // namespace onnxlens::runtime
