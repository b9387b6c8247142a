// The pass manager's instrumentation, the verify path that names a broken pass, and every corpus
// model at every level computing what level `disabled` computes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "api/optimize.h"
#include "onnx/model_io.h"
#include "passes/pass_test_util.h"
#include "test_paths.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::GraphBuilder;

std::shared_ptr<ir::Model> ConvBnRelu() {
  GraphBuilder b;
  ir::Node* conv = b.Op("Conv", {b.Input("x", {1, 2, 4, 4}), b.Random("w", {3, 2, 1, 1}, 1)});
  ir::Node* bn =
      b.Op("BatchNormalization", {conv->output(0), b.Random("s", {3}, 2), b.Random("o", {3}, 3),
                                  b.Random("m", {3}, 4), b.Const("v", {3}, {1, 2, 3})});
  ir::Node* id = b.Op("Identity", {bn->output(0)});
  b.Out(b.Op("Relu", {id->output(0)}));
  return b.model();
}

TEST(PassManager, RecordsStepsSnapshotsAndStops) {
  auto m = ConvBnRelu();
  OptimizeOptions o;
  o.level = Level::kExtended;
  o.snapshots = true;
  o.verify_each = true;
  std::shared_ptr<ir::Model> copy = m->Clone();
  auto r = Optimize(*copy, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_GE(r->steps.size(), 3u);  // identity, conv-bn, conv-activation
  EXPECT_EQ(r->nodes_before, 4);
  EXPECT_EQ(r->nodes_after, 1);
  for (size_t i = 0; i < r->steps.size(); ++i) {
    EXPECT_EQ(r->steps[i].index, static_cast<int>(i) + 1);
    ASSERT_TRUE(r->steps[i].snapshot);
    EXPECT_EQ(static_cast<int64_t>(r->steps[i].snapshot->graph->num_nodes()),
              r->steps[i].nodes_after);
  }
  EXPECT_EQ(r->steps.back().pass, "conv-activation-fusion");
  EXPECT_EQ(r->steps.back().nodes_removed, 2);  // Conv and Relu
  EXPECT_EQ(r->steps.back().nodes_added, 1);    // FusedConv
  // The fused node traces back to the three original nodes it replaced (and the Identity is not
  // among them: it was simply removed).
  const ir::Node* fused = copy->graph->nodes()[0];
  EXPECT_EQ(fused->origins.size(), 3u);

  std::shared_ptr<ir::Model> early = m->Clone();
  o.stop_after = 1;
  auto r1 = Optimize(*early, o);
  ASSERT_TRUE(r1.ok());
  EXPECT_TRUE(r1->stopped_early);
  EXPECT_EQ(r1->steps.size(), 1u);

  o.stop_after = 0;
  o.disabled = {"no-such-pass"};
  auto bad = Optimize(*m->Clone(), o);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("no-such-pass"), std::string::npos);
}

TEST(PassManager, DisabledPassesDoNotRun) {
  auto m = ConvBnRelu();
  OptimizeOptions o;
  o.level = Level::kExtended;
  o.disabled = {"conv-bn-fusion"};
  std::shared_ptr<ir::Model> copy = m->Clone();
  ASSERT_TRUE(Optimize(*copy, o).ok());
  EXPECT_EQ(CountOps(*copy, "BatchNormalization"), 1);
}

// A test-only pass that perturbs a weight: verify must catch it and name it.
class PerturbWeight : public Pass {
 public:
  std::string_view name() const override { return "test-perturb-weight"; }
  std::string_view summary() const override { return "deliberately wrong"; }
  Level level() const override { return Level::kBasic; }
  Expected<bool> Run(ir::Graph& g, PassContext&) override {
    for (ir::Value* v : g.initializers()) {
      if (v->initializer()->dtype() != ir::DataType::kFloat || v->initializer()->numel() < 2 ||
          v->uses().empty())
        continue;
      if (v->initializer()->data<float>()[0] == 1234.f) return false;  // done already
      ir::Tensor t = *v->initializer();
      t.mutable_data<float>()[0] = 1234.f;
      g.SetInitializer(v, std::move(t));
      return true;
    }
    return false;
  }
};

TEST(OptimizeVerify, NamesTheBrokenPass) {
  const std::filesystem::path model = ::onnxlens::testing::SampleModel();
  api::OptimizeRequest req;
  req.level = "extended";
  req.verify = true;
  auto ok = api::OptimizeModelFile(model, req);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_TRUE(ok->verify.ok);

  req.extra_passes.push_back(std::make_shared<PerturbWeight>());
  auto broken = api::OptimizeModelFile(model, req);
  ASSERT_TRUE(broken.ok()) << broken.status().message();
  EXPECT_FALSE(broken->verify.ok);
  EXPECT_EQ(broken->verify.culprit_pass, "test-perturb-weight");
}

TEST(OptimizeExport, StandardFormatPassesTheCheckerAndNeverOverwritesTheInput) {
  const std::filesystem::path model = ::onnxlens::testing::SampleModel();
  const auto out = std::filesystem::temp_directory_path() / "onnxlens_opt_std.onnx";
  api::OptimizeRequest req;
  req.level = "extended";
  req.format = "standard";
  req.output = out;
  auto r = api::OptimizeModelFile(model, req);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->checker_passed) << r->checker_message;
  for (const auto& [op, n] : r->ops_after) EXPECT_EQ(op.find(':'), std::string::npos) << op;
  std::filesystem::remove(out);

  req.output = model;  // the input itself
  auto clobber = api::OptimizeModelFile(model, req);
  EXPECT_FALSE(clobber.ok());
}

TEST(CorpusLevels, EveryLevelComputesWhatDisabledComputes) {
  const auto models_found = ::onnxlens::testing::CorpusModels();
  if (models_found.empty())
    GTEST_SKIP() << "../shared/corpus not found; corpus level checks skipped";
  nlohmann::json ort = nlohmann::json::object();
  {
    std::ifstream f(::onnxlens::testing::CorpusDir() / "ort_reference.json");
    if (f) ort = nlohmann::json::parse(f, nullptr, false)["models"];
    if (ort.is_discarded() || !ort.is_object()) ort = nlohmann::json::object();
  }
  int models = 0;
  for (const auto& dir : models_found) {
    const auto path = dir / "model.onnx";
    for (const char* level : {"basic", "extended", "layout"}) {
      api::OptimizeRequest req;
      req.level = level;
      req.verify = true;
      req.inputs_dir = dir / "test_data_set_0";
      auto r = api::OptimizeModelFile(path, req);
      ASSERT_TRUE(r.ok()) << path << " " << level << ": " << r.status().message();
      EXPECT_TRUE(r->verify.ok) << path << " at " << level << ": first bad pass "
                                << r->verify.culprit_pass;
      // Acceptance: never more nodes than ONNX Runtime 1.30 after the same level (subgraphs
      // counted: nodes_total).
      const std::string name = dir.filename().string();
      if (ort.contains(name) && ort[name]["levels"].contains(level)) {
        const int64_t theirs = ort[name]["levels"][level]["nodes_total"];
        EXPECT_LE(r->nodes_after, theirs) << name << " at " << level;
      }
    }
    ++models;
  }
  EXPECT_GT(models, 0);
}

}  // namespace
}  // namespace onnxlens::passes
