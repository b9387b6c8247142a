// The mixed-precision search: every quantized node's sensitivity measured alone, a bisection over
// the most harmful ones, the chosen trial's nodes in float in the written model, a reachable
// target stopping at once, bad requests naming the option.
#include "api/quant_search.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "api/accuracy.h"
#include "api/internal/value_files.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SampleModel;
using onnxlens::testing::TempDir;

void WriteSearchSets(const fs::path& dir, int count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  for (int k = 0; k < count; ++k) {
    const fs::path set = dir / ("test_data_set_" + std::to_string(k));
    fs::create_directories(set);
    ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, {1, 3, 32, 32}).value();
    for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
    ASSERT_TRUE(WriteTensorPb(t, "image", set / "input_0.pb").ok());
  }
}

QuantSearchRequest Search(const fs::path& dir, double target, int steps) {
  QuantSearchRequest r;
  r.quantize.mode = "static";
  r.quantize.calib_dir = dir / "calib";
  r.quantize.output = dir / "q.onnx";
  r.quantize.threads = 1;
  r.quantize.activation_type = "s8";  // coarser than u8 on this sample: something to gain
  r.target = target;
  r.max_steps = steps;
  r.latency_runs = 2;
  return r;
}

// True when a node named `name` in the model at `path` reads no DequantizeLinear output.
bool LeftInFloat(const fs::path& path, const std::string& name) {
  auto loaded = onnx_io::LoadModelFile(path);
  if (!loaded.ok()) return false;
  for (const ir::Node* n : loaded->model->graph->nodes()) {
    if (n->name() != name) continue;
    for (const ir::Value* v : n->inputs())
      if (v && v->producer() && v->producer()->op_type() == "DequantizeLinear") return false;
    return true;
  }
  return false;
}

TEST(QuantSearchTest, RanksEveryNodeBisectsAndWritesTheChosenTrial) {
  TempDir tmp;
  WriteSearchSets(tmp.path() / "calib", 3, 5);
  WriteSearchSets(tmp.path() / "eval", 2, 9);
  QuantSearchRequest r = Search(tmp.path(), 0.9999999999, 4);
  r.eval_dir = tmp.path() / "eval";
  std::vector<int> seen;
  auto rep = SearchQuantization(SampleModel(), r, {},
                                [&](const QuantSearchStep& s) { seen.push_back(s.step); });
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_EQ(rep->eval_samples, 2);
  EXPECT_EQ(rep->eval_source, "--eval " + (tmp.path() / "eval").string());
  EXPECT_GT(rep->float_p50_ms, 0);

  // Step 0 missed the target: every rankable node was measured alone, the most harmful first.
  ASSERT_FALSE(rep->steps.empty());
  EXPECT_FALSE(rep->steps[0].reached);
  ASSERT_GE(rep->sensitivity.size(), 2u);
  for (size_t i = 1; i < rep->sensitivity.size(); ++i)
    EXPECT_LE(rep->sensitivity[i - 1].cosine, rep->sensitivity[i].cosine);
  for (const QuantSensitivity& s : rep->sensitivity) {
    EXPECT_FALSE(s.node.empty());
    EXPECT_LE(s.cosine, 1.0);
  }

  // The bisection: each trial keeps a prefix of the ranking in float; at most max_steps trials.
  ASSERT_EQ(seen.size(), rep->steps.size());
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], static_cast<int>(i));
  EXPECT_LE(rep->steps.size(), 5u);
  EXPECT_GE(rep->steps.size(), 2u);
  for (size_t i = 1; i < rep->steps.size(); ++i) {
    const QuantSearchStep& s = rep->steps[i];
    ASSERT_GE(s.ranked, 1);
    ASSERT_LE(s.ranked, static_cast<int>(rep->sensitivity.size()));
    EXPECT_EQ(s.excluded, s.ranked + s.islands);
    EXPECT_EQ(s.node, rep->sensitivity[s.ranked - 1].node);
    EXPECT_GT(s.p50_ms, 0);
    EXPECT_EQ(s.reached, s.cosine >= r.target);
  }
  // With every rankable node in float the model is as exact as float can be made.
  const QuantSearchStep& chosen = rep->steps[rep->chosen_step];
  EXPECT_EQ(rep->reached, chosen.reached);
  for (const QuantSearchStep& s : rep->steps)
    if (!rep->reached) {
      EXPECT_LE(s.cosine, chosen.cosine);
    }
  ASSERT_EQ(rep->excluded.size(), static_cast<size_t>(chosen.excluded));
  for (size_t i = 0; i < rep->excluded.size(); ++i) {
    if (static_cast<int>(i) < chosen.ranked) {
      EXPECT_EQ(rep->excluded[i], rep->sensitivity[i].node);
    }
    EXPECT_TRUE(LeftInFloat(tmp.path() / "q.onnx", rep->excluded[i])) << rep->excluded[i];
  }
  EXPECT_TRUE(rep->quantize.checker_passed);
  EXPECT_EQ(rep->quantize.model, SampleModel().string());
  if (!rep->reached) {
    bool warned = false;
    for (const std::string& w : rep->quantize.warnings)
      warned |= w.find("was not reached") != std::string::npos;
    EXPECT_TRUE(warned);
  }
  const nlohmann::json j = ToJson(*rep);
  EXPECT_EQ(j["steps"].size(), rep->steps.size());
  EXPECT_EQ(j["sensitivity"].size(), rep->sensitivity.size());
  EXPECT_EQ(j["chosen_step"], rep->chosen_step);
  EXPECT_EQ(j["metric"], "cosine");
}

// A target only float reaches: the chosen trial leaves every ranked node in float (ranked or as
// an island), so nothing is rounded and the written model matches the float one exactly.
TEST(QuantSearchTest, AnExactTargetLeavesEveryRankedNodeInFloat) {
  TempDir tmp;
  WriteSearchSets(tmp.path() / "calib", 2, 5);
  QuantSearchRequest r = Search(tmp.path(), 1.0, 12);
  r.metric = "sqnr";
  r.target = 200;
  auto rep = SearchQuantization(SampleModel(), r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  ASSERT_FALSE(rep->sensitivity.empty());
  EXPECT_TRUE(rep->reached);
  const QuantSearchStep& chosen = rep->steps[rep->chosen_step];
  EXPECT_EQ(chosen.sqnr_db, kExactSqnr);
  EXPECT_EQ(chosen.excluded, static_cast<int>(rep->sensitivity.size()));
  for (const QuantSensitivity& s : rep->sensitivity)
    EXPECT_TRUE(LeftInFloat(tmp.path() / "q.onnx", s.node)) << s.node;
}

TEST(QuantSearchTest, AReachedTargetStopsAtStepZero) {
  TempDir tmp;
  WriteSearchSets(tmp.path() / "calib", 2, 5);
  QuantSearchRequest r = Search(tmp.path(), 0.5, 5);
  auto rep = SearchQuantization(SampleModel(), r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_TRUE(rep->reached);
  EXPECT_EQ(rep->steps.size(), 1u);
  EXPECT_TRUE(rep->excluded.empty());
  EXPECT_EQ(rep->eval_source, "--calib " + (tmp.path() / "calib").string());
  EXPECT_TRUE(fs::exists(tmp.path() / "q.onnx"));
}

TEST(QuantSearchTest, BadRequestsNameTheOption) {
  TempDir tmp;
  WriteSearchSets(tmp.path() / "calib", 1, 5);
  auto expect_error = [&](QuantSearchRequest r, const std::string& text) {
    auto rep = SearchQuantization(SampleModel(), r);
    ASSERT_FALSE(rep.ok()) << text;
    EXPECT_NE(rep.status().message().find(text), std::string::npos) << rep.status().message();
    EXPECT_FALSE(fs::exists(r.quantize.output));
  };
  QuantSearchRequest r = Search(tmp.path(), 0.99, 2);
  r.quantize.mode = "dynamic";
  expect_error(r, "--mode static");
  r = Search(tmp.path(), 1.5, 2);
  expect_error(r, "--target-cosine");
  r = Search(tmp.path(), 0.99, 2);
  r.metric = "sqnr";
  r.target = 500;
  expect_error(r, "--target-sqnr");
  r = Search(tmp.path(), 0.99, 0);
  expect_error(r, "--max-steps");
  r = Search(tmp.path(), 0.99, 2);
  r.eval_dir = tmp.path() / "missing";
  expect_error(r, "missing");
}

TEST(QuantSearchTest, NeverWritesOverTheModel) {
  TempDir tmp;
  WriteSearchSets(tmp.path() / "calib", 1, 5);
  fs::copy_file(SampleModel(), tmp.path() / "m.onnx");
  const auto before = fs::file_size(tmp.path() / "m.onnx");
  QuantSearchRequest r = Search(tmp.path(), 0.99, 2);
  r.quantize.output = tmp.path() / "m.onnx";
  r.quantize.force = true;
  auto rep = SearchQuantization(tmp.path() / "m.onnx", r);
  ASSERT_FALSE(rep.ok());
  EXPECT_EQ(fs::file_size(tmp.path() / "m.onnx"), before);
}

TEST(QuantSearchTest, CancelWritesNothing) {
  TempDir tmp;
  WriteSearchSets(tmp.path() / "calib", 2, 5);
  QuantSearchRequest r = Search(tmp.path(), 0.9999999999, 4);
  JobControl job;
  job.cancel.Cancel();
  auto rep = SearchQuantization(SampleModel(), r, job);
  ASSERT_FALSE(rep.ok());
  EXPECT_EQ(rep.status().code(), StatusCode::kCancelled);
  EXPECT_FALSE(fs::exists(tmp.path() / "q.onnx"));
}

}  // namespace
}  // namespace onnxlens::api
