// Random inputs that work: free dimensions from --dim or chosen and tried, integer inputs in the
// range of the tables they index, and every corpus model run without an input folder.
#include <gtest/gtest.h>

#include "api/bench.h"
#include "api/internal/data_sets.h"
#include "api/internal/inputs.h"
#include "api/optimize.h"
#include "api/profile.h"
#include "api/run.h"
#include "ir/model.h"
#include "onnx/model_io.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using ir::DataType;
using ir::Dim;

ir::Value* Input(ir::Graph& g, const std::string& name, DataType dt, std::vector<Dim> dims) {
  ir::Value* v = g.CreateValue(name);
  v->set_type(ir::TypeInfo::Tensor(dt, std::move(dims)));
  g.AddInput(v);
  return v;
}

ir::Value* Constant(ir::Graph& g, const std::string& name, ir::Tensor t) {
  ir::Value* v = g.CreateValue(name);
  v->set_type(ir::TypeInfo::Tensor(t.dtype(), [&] {
    std::vector<Dim> d;
    for (int64_t x : t.dims()) d.push_back(Dim::Known(x));
    return d;
  }()));
  g.SetInitializer(v, std::move(t));
  return v;
}

ir::Value* Node1(ir::Graph& g, const std::string& op, std::vector<ir::Value*> in,
                 const std::string& out) {
  ir::Node* n = g.AddNode(op, "", out + "_node");
  for (ir::Value* v : in) n->AddInput(v);
  ir::Value* o = g.CreateValue(out);
  n->AddOutput(o);
  return o;
}

fs::path Save(ir::Model& m, const fs::path& dir, const std::string& name) {
  m.ir_version = 8;
  m.SetOpsetVersion("", 17);
  const fs::path p = dir / name;
  const Status st = onnx_io::SaveModelFile(m, p);
  EXPECT_TRUE(st.ok()) << st.message();
  return p;
}

// A BERT-like embedding: token ids (vocab 50) and token types (vocab 2) through Cast into Gathers,
// and an attention mask; [batch, sequence] everywhere.
fs::path EmbeddingModel(const fs::path& dir) {
  ir::Model m;
  m.graph = std::make_unique<ir::Graph>("embed");
  ir::Graph& g = *m.graph;
  const std::vector<Dim> bs = {Dim::Symbolic("batch"), Dim::Symbolic("sequence")};
  ir::Value* ids = Input(g, "input_ids", DataType::kInt64, bs);
  ir::Value* types = Input(g, "token_type_ids", DataType::kInt64, bs);
  ir::Value* mask = Input(g, "attention_mask", DataType::kInt64, bs);
  ir::Value* words = Constant(g, "words", *ir::Tensor::Zeros(DataType::kFloat, {50, 4}));
  ir::Value* kinds = Constant(g, "kinds", *ir::Tensor::Zeros(DataType::kFloat, {2, 4}));
  ir::Node* cast = g.AddNode("Cast", "", "cast");
  cast->AddInput(types);
  cast->SetAttribute(ir::Attribute::Int("to", static_cast<int64_t>(DataType::kInt32)));
  ir::Value* types32 = g.CreateValue("types32");
  cast->AddOutput(types32);
  ir::Value* a = Node1(g, "Gather", {words, ids}, "a");
  ir::Value* b = Node1(g, "Gather", {kinds, types32}, "b");
  ir::Value* sum = Node1(g, "Add", {a, b}, "sum");
  g.AddOutput(sum);
  ir::Node* mcast = g.AddNode("Cast", "", "mcast");
  mcast->AddInput(mask);
  mcast->SetAttribute(ir::Attribute::Int("to", static_cast<int64_t>(DataType::kFloat)));
  ir::Value* maskf = g.CreateValue("mask_f");
  mcast->AddOutput(maskf);
  g.AddOutput(maskf);
  return Save(m, dir, "embed.onnx");
}

// x [1, 1, time] through a Conv with a window of `window`: too short a time fails in the kernel.
fs::path WindowModel(const fs::path& dir, int64_t window, const std::string& dim_name) {
  ir::Model m;
  m.graph = std::make_unique<ir::Graph>("window");
  ir::Graph& g = *m.graph;
  ir::Value* x =
      Input(g, "x", DataType::kFloat, {Dim::Known(1), Dim::Known(1), Dim::Symbolic(dim_name)});
  ir::Value* w = Constant(g, "w", *ir::Tensor::Zeros(DataType::kFloat, {1, 1, window}));
  ir::Value* y = Node1(g, "Conv", {x, w}, "y");
  g.AddOutput(y);
  return Save(m, dir, "window_" + std::to_string(window) + ".onnx");
}

TEST(RandomInputsTest, IntegerInputsStayInTheTablesTheyIndex) {
  testing::TempDir dir;
  const fs::path model = EmbeddingModel(dir.path());
  InputRequest req;
  req.dims = {{"batch", 2}, {"sequence", 64}};
  auto loaded = LoadModelForRun(model, req);
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded->ranges.at("input_ids"), (ValueRange{0, 49}));
  EXPECT_EQ(loaded->ranges.at("token_type_ids"), (ValueRange{0, 1}));  // through the Cast
  EXPECT_EQ(loaded->ranges.at("attention_mask"), (ValueRange{0, 1}));
  EXPECT_TRUE(loaded->chosen.empty());
  auto session = runtime::Session::Create(loaded->model);
  ASSERT_TRUE(session.ok()) << session.status().message();
  auto inputs = MakeInputs(**session, {}, 7, loaded->ranges);
  ASSERT_TRUE(inputs.ok()) << inputs.status().message();
  const ir::Tensor& ids = inputs->at("input_ids").tensor;
  EXPECT_EQ(ids.dims(), (std::vector<int64_t>{2, 64}));
  int64_t max_id = 0, max_type = 0;
  for (int64_t i = 0; i < ids.numel(); ++i) max_id = std::max(max_id, ids.data<int64_t>()[i]);
  const ir::Tensor& types = inputs->at("token_type_ids").tensor;
  for (int64_t i = 0; i < types.numel(); ++i)
    max_type = std::max(max_type, types.data<int64_t>()[i]);
  EXPECT_LE(max_id, 49);
  EXPECT_GT(max_id, 30);  // uses the table, not [0, 9]
  EXPECT_EQ(max_type, 1);
  EXPECT_TRUE((*session)->Run(*inputs).ok());
}

TEST(RandomInputsTest, RangeOverridesWinAndUnknownInputsAreErrors) {
  testing::TempDir dir;
  const fs::path model = EmbeddingModel(dir.path());
  InputRequest req;
  req.ranges = {{"input_ids", {3, 5}}};
  auto loaded = LoadModelForRun(model, req);
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded->ranges.at("input_ids"), (ValueRange{3, 5}));
  req.ranges = {{"nope", {0, 1}}};
  auto bad = LoadModelForRun(model, req);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("no input 'nope'"), std::string::npos)
      << bad.status().message();
}

TEST(RandomInputsTest, FreeDimsAreChosenByNameAndBakedIn) {
  testing::TempDir dir;
  const fs::path model = EmbeddingModel(dir.path());
  auto loaded = LoadModelForRun(model, {});
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded->chosen, (DimOverrides{{"batch", 1}, {"sequence", 128}}));
  const auto& shape = *loaded->model->graph->inputs()[0]->type().shape;
  EXPECT_EQ(shape[0], Dim::Known(1));
  EXPECT_EQ(shape[1], Dim::Known(128));
  // Shape inference ran after the override: the output is static too.
  const auto& out = loaded->model->graph->outputs()[0]->type().shape;
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ((*out)[1], Dim::Known(128));
}

TEST(RandomInputsTest, UnknownDimNamesListTheModelsFreeDims) {
  testing::TempDir dir;
  const fs::path model = EmbeddingModel(dir.path());
  InputRequest req;
  req.dims = {{"seq_len", 8}};
  auto r = LoadModelForRun(model, req);
  ASSERT_FALSE(r.ok());
  const std::string& msg = r.status().message();
  EXPECT_NE(msg.find("--dim seq_len=8"), std::string::npos) << msg;
  EXPECT_NE(msg.find("batch (input_ids:0, token_type_ids:0, attention_mask:0)"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("sequence"), std::string::npos) << msg;
  req.dims = {{"input_ids:1", 8}};  // the axis form sets its name ("sequence") everywhere
  auto ok = LoadModelForRun(model, req);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ((*ok->model->graph->inputs()[0]->type().shape)[1], Dim::Known(8));
  EXPECT_EQ((*ok->model->graph->inputs()[2]->type().shape)[1], Dim::Known(8));
  EXPECT_EQ(ok->chosen, (DimOverrides{{"batch", 1}}));
  req.dims = {{"input_ids:1", 8}, {"sequence", 4}};  // the name wins elsewhere
  auto both = LoadModelForRun(model, req);
  ASSERT_TRUE(both.ok()) << both.status().message();
  EXPECT_EQ((*both->model->graph->inputs()[2]->type().shape)[1], Dim::Known(4));
}

TEST(RandomInputsTest, ASizeTheModelRefusesIsFollowedByLargerOnes) {
  testing::TempDir dir;
  const fs::path model = WindowModel(dir.path(), 200, "time");  // 128 is too short
  auto loaded = LoadModelForRun(model, {});
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded->chosen, (DimOverrides{{"time", 256}}));
  RunOptions o;
  auto run = RunModelFile(model, o);
  ASSERT_TRUE(run.ok()) << run.status().message();
  EXPECT_EQ(run->outputs[0].shape, (std::vector<int64_t>{1, 1, 57}));
  EXPECT_EQ(run->chosen_dims, (DimOverrides{{"time", 256}}));
}

TEST(RandomInputsTest, NoSizeWorksGivesAMessageNamingTheDimAndTheOption) {
  testing::TempDir dir;
  const fs::path model = WindowModel(dir.path(), 100000, "time");
  auto r = LoadModelForRun(model, {});
  ASSERT_FALSE(r.ok());
  const std::string& msg = r.status().message();
  EXPECT_NE(msg.find("--dim time=N"), std::string::npos) << msg;
  EXPECT_NE(msg.find("time (tried 128, 256, 512"), std::string::npos) << msg;
  InputRequest req;
  req.dims = {{"time", 100000}};
  EXPECT_TRUE(LoadModelForRun(model, req).ok());
}

// x [1, 1, time] through a Conv of window 300 (time >= 300: the third guess, 512), and a state
// h [units] added to a [16] weight (units 1 or 16: the first two guesses, not the third).
fs::path CoupledModel(const fs::path& dir) {
  ir::Model m;
  m.graph = std::make_unique<ir::Graph>("coupled");
  ir::Graph& g = *m.graph;
  ir::Value* x =
      Input(g, "x", DataType::kFloat, {Dim::Known(1), Dim::Known(1), Dim::Symbolic("time")});
  ir::Value* h = Input(g, "h", DataType::kFloat, {Dim::Symbolic("units")});
  ir::Value* w = Constant(g, "w", *ir::Tensor::Zeros(DataType::kFloat, {1, 1, 300}));
  ir::Value* b = Constant(g, "b", *ir::Tensor::Zeros(DataType::kFloat, {16}));
  g.AddOutput(Node1(g, "Conv", {x, w}, "y"));
  g.AddOutput(Node1(g, "Add", {h, b}, "h2"));
  return Save(m, dir, "coupled.onnx");
}

TEST(RandomInputsTest, FreeDimsThatConstrainEachOtherAreSearchedJointly) {
  // Trying the k-th guess of every dim together never gets time = 512 with units = 1.
  testing::TempDir dir;
  const fs::path model = CoupledModel(dir.path());
  auto loaded = LoadModelForRun(model, {});
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(loaded->chosen, (DimOverrides{{"time", 512}, {"units", 1}}));
  RunOptions o;
  auto run = RunModelFile(model, o);
  ASSERT_TRUE(run.ok()) << run.status().message();
  EXPECT_EQ(run->outputs[0].shape, (std::vector<int64_t>{1, 1, 213}));
  BenchConfig c;
  BenchOptions bo;
  bo.warmup = 1;
  bo.runs = 3;
  EXPECT_TRUE(BenchModelFile(model, c, bo).ok());
}

TEST(RandomInputsTest, QuantizeAndCompareSamplesTryTheirSizesToo) {
  testing::TempDir dir;
  auto loaded = onnx_io::LoadModelFile(WindowModel(dir.path(), 200, "time"));
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  auto dims = RandomSampleDims(*loaded->model, {}, {}, 0);
  ASSERT_TRUE(dims.ok()) << dims.status().message();
  EXPECT_EQ(*dims, (DimOverrides{{"time", 256}}));
  // Given dims stay as given.
  EXPECT_EQ(ChooseFreeDims(*loaded->model, {{"time", 300}}), (DimOverrides{{"time", 300}}));
  RandomSamples samples(*loaded->model, 1, 0, *dims);
  auto s = samples.Next();
  ASSERT_TRUE(s.ok() && s->has_value());
  EXPECT_EQ((**s).at("x").tensor.dims(), (std::vector<int64_t>{1, 1, 256}));
  EXPECT_FALSE(RandomSampleDims(*loaded->model, {{"nope", 3}}, {}, 0).ok());
}

TEST(RandomInputsTest, OptimizeBakesDimsIntoTheInputs) {
  testing::TempDir dir;
  const fs::path model = EmbeddingModel(dir.path());
  OptimizeRequest req;
  req.level = "basic";
  req.dims = {{"batch", 1}, {"sequence", 16}};
  req.verify = true;
  req.output = dir.path() / "static.onnx";
  auto r = OptimizeModelFile(model, req);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->verify.ok);
  auto back = onnx_io::LoadModelFile(req.output);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back->model->graph->inputs()[0]->type().shape,
            (std::vector<Dim>{Dim::Known(1), Dim::Known(16)}));
}

// Acceptance: profile and bench without an input folder work on every corpus model.
class CorpusRandomInputsTest : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusRandomInputsTest, ProfileAndBenchRunWithoutInputs) {
  const fs::path model = testing::CorpusDir() / GetParam() / "model.onnx";
  if (!fs::exists(model)) GTEST_SKIP() << model << " is absent (../shared/corpus)";
  ProfileOptions p;
  p.level = "extended";
  p.runs = 1;
  auto prof = ProfileModelFile(model, p);
  ASSERT_TRUE(prof.ok()) << prof.status().message();
  EXPECT_GT(prof->summary.node_events, 0);
  BenchOptions b;
  b.warmup = 1;
  b.runs = 2;
  auto bench = BenchModelFile(model, BenchConfig{}, b);
  ASSERT_TRUE(bench.ok()) << bench.status().message();
  EXPECT_EQ(bench->stats.count, 2);
}

std::vector<std::string> CorpusNames() {
  std::vector<std::string> out;
  for (const fs::path& p : testing::CorpusModels()) out.push_back(p.filename().string());
  return out;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusRandomInputsTest, ::testing::ValuesIn(CorpusNames()),
                         [](const auto& info) { return info.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CorpusRandomInputsTest);

TEST(CorpusRandomInputsPresenceTest, CorpusIsThere) {
  if (testing::CorpusModels().empty()) GTEST_SKIP() << "../shared/corpus is absent";
  SUCCEED();
}

}  // namespace
}  // namespace onnxlens::api
