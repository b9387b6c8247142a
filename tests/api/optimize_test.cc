// OptimizeModelFile's output edits: --keep-outputs / --drop-outputs / --add-outputs survive the
// export (the written file loads, has exactly the asked outputs, and the kept values are the
// original's), the op table counts the file against the result, and verification compares the
// edited model before and after the passes.
#include "api/optimize.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "onnx/model_io.h"
#include "passes/pass_test_util.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

using passes::testing::GraphBuilder;

// x -> Relu -> Relu -> a; x -> Mul(w) -> Sigmoid -> b.
std::filesystem::path WriteTwoHeads(const std::filesystem::path& dir) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3});
  ir::Node* r1 = b.Op("Relu", {x}, {}, {2, 3});
  ir::Node* r2 = b.Op("Relu", {r1->output(0)}, {}, {2, 3});
  ir::Node* mul = b.Op("Mul", {x, b.Random("w", {3}, 3)}, {}, {2, 3});
  ir::Node* sig = b.Op("Sigmoid", {mul->output(0)}, {}, {2, 3});
  b.Out(r2);
  b.Out(sig);
  const auto path = dir / "two_heads.onnx";
  EXPECT_TRUE(onnx_io::SaveModelFile(*b.model(), path).ok());
  return path;
}

runtime::NamedValues RunFile(const std::filesystem::path& path) {
  auto loaded = onnx_io::LoadModelFile(path);
  EXPECT_TRUE(loaded.ok()) << loaded.status().message();
  std::shared_ptr<const ir::Model> m(std::move(loaded->model));
  auto s = runtime::Session::Create(m, {});
  EXPECT_TRUE(s.ok());
  ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, {2, 3}).value();
  for (int i = 0; i < 6; ++i) t.mutable_data<float>()[i] = 0.5f * (i - 2);
  auto out = (*s)->Run({{"x", kernels::RtValue::FromTensor(std::move(t))}});
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? *out : runtime::NamedValues{};
}

TEST(OptimizeOutputEdits, KeptOutputSurvivesExportUnchanged) {
  ::onnxlens::testing::TempDir tmp;
  const auto model = WriteTwoHeads(tmp.path());
  const auto full = RunFile(model);
  ASSERT_EQ(full.size(), 2u);
  OptimizeRequest req;
  req.level = "basic";
  req.keep_outputs = {full[1].first};
  req.verify = true;
  req.output = tmp.path() / "pruned.onnx";
  auto r = OptimizeModelFile(model, req);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->outputs_removed, std::vector<std::string>{full[0].first});
  EXPECT_EQ(r->pruned_nodes, 2);
  EXPECT_EQ(r->nodes_before, 4);
  EXPECT_EQ(r->nodes_after, 2);
  EXPECT_EQ(r->ops_before.at("Relu"), 2);
  EXPECT_EQ(r->ops_after.count("Relu"), 0u);
  EXPECT_TRUE(r->verify.ran && r->verify.ok);
  ASSERT_EQ(r->verify.outputs.size(), 1u);
  EXPECT_TRUE(r->checker_passed) << r->checker_message;
  const auto pruned = RunFile(req.output);
  ASSERT_EQ(pruned.size(), 1u);
  EXPECT_EQ(pruned[0].first, full[1].first);
  EXPECT_TRUE(CompareValues(pruned[0].second, full[1].second, 0, 0).ok);
  const nlohmann::json j = ToJson(*r);
  EXPECT_EQ(j.at("outputs_removed").size(), 1u);
  EXPECT_EQ(j.at("pruned_nodes"), 2);
}

TEST(OptimizeOutputEdits, AddedOutputIsWrittenWithItsTypeAndBlocksFusionThroughIt) {
  ::onnxlens::testing::TempDir tmp;
  const auto model = WriteTwoHeads(tmp.path());
  auto loaded = onnx_io::LoadModelFile(model);
  ASSERT_TRUE(loaded.ok());
  const std::string mid = loaded->model->graph->nodes()[0]->output(0)->name();  // first Relu
  OptimizeRequest req;
  req.level = "basic";
  req.add_outputs = {mid};
  req.output = tmp.path() / "marked.onnx";
  auto r = OptimizeModelFile(model, req);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->outputs_added, std::vector<std::string>{mid});
  // Relu(Relu(x)) would lose its inner Relu, which is now an output itself: still two Relus.
  EXPECT_EQ(r->ops_after.at("Relu"), 2);
  auto written = onnx_io::LoadModelFile(req.output);
  ASSERT_TRUE(written.ok()) << written.status().message();
  const auto& outs = written->model->graph->outputs();
  ASSERT_EQ(outs.size(), 3u);
  EXPECT_EQ(outs[2]->name(), mid);
  EXPECT_EQ(outs[2]->type().elem_type, ir::DataType::kFloat);
  ASSERT_TRUE(outs[2]->type().shape.has_value());
  EXPECT_EQ(outs[2]->type().shape->size(), 2u);
  const auto full = RunFile(model);
  const auto marked = RunFile(req.output);
  ASSERT_EQ(marked.size(), 3u);
  EXPECT_TRUE(CompareValues(marked[0].second, full[0].second, 0, 0).ok);
}

TEST(OptimizeOutputEdits, UnknownOutputIsAnErrorListingTheOutputs) {
  ::onnxlens::testing::TempDir tmp;
  const auto model = WriteTwoHeads(tmp.path());
  OptimizeRequest req;
  req.drop_outputs = {"nope"};
  auto r = OptimizeModelFile(model, req);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("--drop-outputs: 'nope' is not an output"), std::string::npos)
      << r.status().message();
}

}  // namespace
}  // namespace onnxlens::api
