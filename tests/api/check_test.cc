// CI gates (api/check.h): each gate measured and held or failed on its figure; a baseline that is
// malformed, of several configurations or of another model refused naming the file; a model that
// does not load failing its gates with the reason; accuracy against a reference model and against
// expected output files.
#include "api/check.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "api/internal/value_files.h"
#include "api/optimize.h"
#include "api/quantize.h"
#include "api/run.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SampleModel;
using onnxlens::testing::TempDir;

CheckRequest Quick() {
  CheckRequest r;
  r.model = SampleModel();
  r.config.threads = 1;
  r.bench.warmup = 1;
  r.bench.runs = 5;
  return r;
}

const GateResult& Find(const CheckReport& rep, const std::string& name) {
  for (const GateResult& g : rep.gates) {
    if (g.name == name) return g;
  }
  static const GateResult none;
  ADD_FAILURE() << "no gate " << name;
  return none;
}

void WriteText(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

// A real `bench --json` of the sample model (5 runs at one thread) with its latencies replaced.
nlohmann::json BaselineWith(const std::vector<double>& latencies) {
  BenchConfig c;
  c.threads = 1;
  BenchOptions o;
  o.warmup = 1;
  o.runs = 5;
  auto r = BenchModelFile(SampleModel(), c, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  nlohmann::json j = BenchToJson({*r}, false);
  j["results"][0]["latencies_ms"] = latencies;
  return j;
}

TEST(CheckTest, ACheckNeedsAGateAndAccuracyGatesNeedSomethingToCompareWith) {
  CheckRequest r = Quick();
  Status st = ValidateCheckRequest(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("at least one gate"), std::string::npos) << st.message();
  r.gates.min_cosine = 0.99;
  st = ValidateCheckRequest(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("--reference MODEL"), std::string::npos) << st.message();
  r.gates.min_cosine.reset();
  r.gates.max_nodes = 10;
  r.gates.reference = SampleModel();
  st = ValidateCheckRequest(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("--reference alone checks nothing"), std::string::npos);
}

TEST(CheckTest, StructureGatesMeasureTheFileAsItIs) {
  CheckRequest r = Quick();
  r.gates.max_nodes = 18;
  r.gates.max_size_bytes = 1 << 20;
  r.gates.ort_loadable = true;
  auto rep = RunCheck(r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  ASSERT_EQ(rep->gates.size(), 3u);
  EXPECT_TRUE(rep->passed()) << FormatCheckReport(*rep);
  EXPECT_EQ(Find(*rep, "max-nodes").value, 18);
  EXPECT_EQ(Find(*rep, "max-nodes").measured, "18 nodes");
  EXPECT_EQ(Find(*rep, "max-size").value, static_cast<double>(fs::file_size(SampleModel())));
  r.gates.max_nodes = 17;
  r.gates.max_size_bytes = 1000;
  rep = RunCheck(r);
  ASSERT_TRUE(rep.ok());
  EXPECT_FALSE(rep->passed());
  EXPECT_EQ(rep->failed(), 2);
  EXPECT_FALSE(Find(*rep, "max-nodes").passed);
  EXPECT_TRUE(Find(*rep, "max-nodes").error.empty());  // failed, not unmeasured
  EXPECT_TRUE(Find(*rep, "ort-loadable").passed);
  const std::string text = FormatCheckReport(*rep);
  EXPECT_NE(text.find("FAIL  max-nodes     18 nodes; gate: at most 17"), std::string::npos) << text;
  EXPECT_NE(text.find("check failed: 2 of 3 gate(s)"), std::string::npos) << text;
}

TEST(CheckTest, LatencyGatesHoldOrFailOnTheMeasuredPercentile) {
  CheckRequest r = Quick();
  r.gates.max_p50_ms = 1e6;
  r.gates.max_p99_ms = 1e-9;
  auto rep = RunCheck(r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  const GateResult& p50 = Find(*rep, "max-p50-ms");
  const GateResult& p99 = Find(*rep, "max-p99-ms");
  EXPECT_TRUE(p50.passed);
  EXPECT_GT(p50.value, 0);
  EXPECT_FALSE(p99.passed);
  EXPECT_GE(p99.value, p50.value);
  EXPECT_NE(p99.measured.find("over 5 runs"), std::string::npos) << p99.measured;
  EXPECT_EQ(rep->level, "all");
  EXPECT_EQ(rep->threads, 1);
  EXPECT_EQ(rep->runs, 5);
  EXPECT_EQ(rep->dims.at("batch"), 1);  // chosen, and named with the figures
  const nlohmann::json j = ToJson(*rep);
  EXPECT_EQ(j["schema"], "onnxlens.check/1");
  EXPECT_FALSE(j["passed"].get<bool>());
  EXPECT_EQ(j["timed"]["threads"], 1);
}

TEST(CheckTest, TheRatioGateFailsOnlyWhenSlowerBeyondTheNoiseAndTheRatio) {
  TempDir tmp;
  const fs::path fast = tmp.path() / "fast.json", slow = tmp.path() / "slow.json";
  // A baseline far faster than any run: slower beyond any noise. One far slower: faster.
  WriteText(fast, BaselineWith({1e-6, 1e-6, 1e-6, 1e-6, 1e-6}).dump());
  WriteText(slow, BaselineWith({1e5, 1e5, 1e5, 1e5, 1e5}).dump());
  CheckRequest r = Quick();
  r.gates.baseline = fast;
  auto rep = RunCheck(r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  const GateResult& g = Find(*rep, "max-ratio");
  EXPECT_FALSE(g.passed);
  EXPECT_TRUE(g.error.empty()) << g.error;
  EXPECT_GT(g.value, 1000);
  r.gates.baseline = slow;
  rep = RunCheck(r);
  ASSERT_TRUE(rep.ok());
  EXPECT_TRUE(Find(*rep, "max-ratio").passed) << FormatCheckReport(*rep);
  EXPECT_LT(Find(*rep, "max-ratio").value, 1);
  // The allowed ratio: a thousandfold slowdown passes a gate that allows a millionfold.
  r.gates.baseline = fast;
  r.gates.max_ratio = 1e12;
  rep = RunCheck(r);
  ASSERT_TRUE(rep.ok());
  EXPECT_TRUE(Find(*rep, "max-ratio").passed);
}

TEST(CheckTest, BaselinesThatAreNotOneRunOfThisModelAreRefusedNamingTheFile) {
  TempDir tmp;
  const fs::path f = tmp.path() / "base.json";
  CheckRequest r = Quick();
  r.gates.baseline = f;
  auto refused = [&](const std::string& text, const std::string& why) {
    WriteText(f, text);
    const Status st = ValidateCheckRequest(r);
    EXPECT_FALSE(st.ok()) << text.substr(0, 200);
    EXPECT_NE(st.message().find(f.string()), std::string::npos) << st.message();
    EXPECT_NE(st.message().find(why), std::string::npos) << st.message();
    EXPECT_FALSE(RunCheck(r).ok());
  };
  const nlohmann::json good = BaselineWith({1, 2, 3, 4, 5});
  WriteText(f, good.dump());
  EXPECT_TRUE(ValidateCheckRequest(r).ok());
  refused(good.dump().substr(0, 40), "not JSON");
  refused("[1, 2]", "schema");
  nlohmann::json j = good;
  j["schema"] = "onnxlens.profile/1";
  refused(j.dump(), "schema");
  j = good;
  j["results"].push_back(j["results"][0]);
  refused(j.dump(), "holds 2 results");
  j = good;
  j["results"][0]["latencies_ms"] = {1, 2};
  refused(j.dump(), "needs at least 3");
  j = good;
  j["results"][0]["latencies_ms"] = {1, "fast", 3};
  refused(j.dump(), "\"fast\", not a time");
  j = good;
  j["results"][0]["latencies_ms"] = {1, -2, 3};
  refused(j.dump(), "-2");
  j = good;
  j["results"][0]["config"] = "all";
  refused(j.dump(), "not a baseline");
  j = good;
  j["results"][0]["inputs"] = {"input_ids", "attention_mask"};
  j["results"][0]["outputs"] = {"logits"};
  refused(j.dump(), "is a baseline of another model");
  // A setting that differs from the baseline's: the runs would not be comparable.
  WriteText(f, good.dump());
  r.config.level = "basic";
  r.level_given = true;
  const Status st = ValidateCheckRequest(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("ran at level all"), std::string::npos) << st.message();
}

TEST(CheckTest, AModelThatDoesNotLoadFailsEveryGateWithTheReason) {
  TempDir tmp;
  const fs::path bad = tmp.path() / "bad.onnx";
  WriteText(bad, "this is not a model");
  CheckRequest r = Quick();
  r.model = bad;
  r.gates.max_nodes = 10;
  r.gates.max_p50_ms = 100;
  auto rep = RunCheck(r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  ASSERT_EQ(rep->gates.size(), 2u);
  EXPECT_EQ(rep->failed(), 2);
  for (const GateResult& g : rep->gates) {
    EXPECT_FALSE(g.passed);
    EXPECT_NE(g.error.find("bad.onnx"), std::string::npos) << g.error;
    EXPECT_NE(g.error.find("not a valid ONNX model"), std::string::npos) << g.error;
  }
  EXPECT_NE(FormatCheckReport(*rep).find("ERROR max-nodes"), std::string::npos);
}

TEST(CheckTest, AccuracyAgainstAReferenceModelTakesTheWorstOutput) {
  TempDir tmp;
  CheckRequest r = Quick();
  r.gates.reference = SampleModel();
  r.gates.min_cosine = 0.999999;
  r.gates.min_sqnr_db = 100;
  r.gates.max_abs_error = 0;
  auto rep = RunCheck(r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_TRUE(rep->passed()) << FormatCheckReport(*rep);
  EXPECT_EQ(Find(*rep, "min-sqnr").measured.substr(0, 16), "exact (no error)");
  // Against its int8 copy: close, not exact.
  QuantizeRequest q;
  q.mode = "static";
  q.random_samples = 4;
  q.output = tmp.path() / "q.onnx";
  ASSERT_TRUE(QuantizeModelFile(SampleModel(), q).ok());
  r.model = q.output;
  r.gates.min_cosine = 0.5;
  rep = RunCheck(r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_TRUE(Find(*rep, "min-cosine").passed) << FormatCheckReport(*rep);
  EXPECT_FALSE(Find(*rep, "min-sqnr").passed);
  EXPECT_FALSE(Find(*rep, "max-abs-error").passed);
  EXPECT_NE(Find(*rep, "min-sqnr").measured.find("output 'probabilities'"), std::string::npos);
}

TEST(CheckTest, AccuracyAgainstExpectedOutputFiles) {
  TempDir tmp;
  const fs::path set = tmp.path() / "test_data_set_0";
  fs::create_directories(set);
  std::vector<float> x(3 * 32 * 32);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i % 17) * 0.1 - 0.8);
  auto t = ir::Tensor::FromRaw(ir::DataType::kFloat, {1, 3, 32, 32}, x.data(), x.size() * 4);
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(WriteTensorPb(*t, "image", set / "input_0.pb").ok());
  RunOptions run;
  run.inputs_dir = set;
  run.outputs_dir = set;
  run.level = "disabled";
  ASSERT_TRUE(RunModelFile(SampleModel(), run).ok());
  ASSERT_TRUE(fs::exists(set / "output_0.pb"));
  CheckRequest r = Quick();
  r.gates.expected = tmp.path();
  r.gates.min_cosine = 0.9999;
  r.gates.max_abs_error = 1e-4;
  auto rep = RunCheck(r);  // at level all: the optimized model agrees with the file's outputs
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_TRUE(rep->passed()) << FormatCheckReport(*rep);
  // Expected values off by one: the error gate fails, naming the output.
  std::string name;
  auto expected = ReadValuePb(set / "output_0.pb", &name);
  ASSERT_TRUE(expected.ok());
  ir::Tensor shifted = expected->tensor;
  for (int64_t i = 0; i < shifted.numel(); ++i) shifted.mutable_data<float>()[i] += 1;
  ASSERT_TRUE(WriteTensorPb(shifted, name, set / "output_0.pb").ok());
  rep = RunCheck(r);
  ASSERT_TRUE(rep.ok());
  const GateResult& err = Find(*rep, "max-abs-error");
  EXPECT_FALSE(err.passed);
  EXPECT_NEAR(err.value, 1, 1e-4);
  EXPECT_NE(err.measured.find("output 'probabilities'"), std::string::npos) << err.measured;
  // A folder whose outputs do not fit the model: the gates cannot be measured.
  fs::remove(set / "output_0.pb");
  rep = RunCheck(r);
  ASSERT_TRUE(rep.ok());
  EXPECT_NE(Find(*rep, "min-cosine").error.find("holds no output_N.pb"), std::string::npos);
}

TEST(CheckTest, EveryCorpusModelExportedAtExtendedAndAllIsOrtLoadable) {
  // The exports users hand to ONNX Runtime: ppocr_det at layout had two nodes of one name (the
  // NCHWc transform's Reshapes), which ONNX Runtime refuses.
  const auto models = onnxlens::testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus not found; corpus exports not checked";
  TempDir tmp;
  for (const fs::path& dir : models) {
    for (const char* level : {"extended", "all"}) {
      OptimizeRequest req;
      req.level = level;
      req.output = tmp.path() / (dir.filename().string() + "_" + level + ".onnx");
      auto opt = OptimizeModelFile(dir / "model.onnx", req);
      ASSERT_TRUE(opt.ok()) << dir << " " << level << ": " << opt.status().message();
      CheckRequest r;
      r.model = req.output;
      r.gates.ort_loadable = true;
      auto rep = RunCheck(r);
      ASSERT_TRUE(rep.ok()) << rep.status().message();
      EXPECT_TRUE(rep->passed()) << dir.filename() << " at " << level << ":\n"
                                 << FormatCheckReport(*rep);
    }
  }
}

}  // namespace
}  // namespace onnxlens::api
