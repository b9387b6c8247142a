// Loading and saving: inferred shapes reach the IR, checker failures are warnings, the input
// model is never overwritten, and a load can be cancelled.
#include "onnx/model_io.h"

#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include "common/file_util.h"
#include "onnx/node_validator.h"
#include "test_jobs.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

TEST(ModelIoTest, ShapeInferenceGivesEveryValueOfTheSampleAType) {
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_TRUE(loaded->checker_passed);
  EXPECT_TRUE(loaded->shape_inference_complete);
  const ir::Graph& g = *loaded->model->graph;
  for (const ir::Value* v : g.values()) {
    EXPECT_TRUE(v->type().is_tensor()) << v->name();
  }
  const ir::Value* logits = g.FindLocalValue("/head/logits");
  ASSERT_NE(logits, nullptr);
  EXPECT_EQ(ir::TypeToString(logits->type()), "float32[batch,10]");
  const ir::Value* stem = g.FindLocalValue("/stem/relu_out");
  ASSERT_NE(stem, nullptr);
  EXPECT_EQ(ir::TypeToString(stem->type()), "float32[batch,16,32,32]");
}

TEST(ModelIoTest, ACheckerFailureIsAWarningNotAnError) {
  // The sample with an op the schema registry does not know still loads.
  auto bytes = ReadFile(testing::SampleModel(), 1 << 24);
  ASSERT_TRUE(bytes.ok());
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  loaded->model->graph->nodes()[0]->set_op_type("NoSuchOp");
  testing::TempDir tmp;
  ASSERT_TRUE(SaveModelFile(*loaded->model, tmp.path() / "x.onnx").ok());
  auto again = LoadModelFile(tmp.path() / "x.onnx");
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_FALSE(again->checker_passed);
  ASSERT_FALSE(again->warnings.empty());
  EXPECT_NE(again->warnings[0].find("NoSuchOp"), std::string::npos) << again->warnings[0];
}

TEST(ModelIoTest, SaveRefusesToOverwriteAProtectedFileUnlessForced) {
  testing::TempDir tmp;
  const fs::path in = tmp.path() / "in.onnx";
  fs::copy_file(testing::SampleModel(), in);
  auto loaded = LoadModelFile(in);
  ASSERT_TRUE(loaded.ok());
  SaveOptions so;
  so.protected_paths = {in};
  Status st = SaveModelFile(*loaded->model, in, so);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("refusing to overwrite"), std::string::npos);
  so.force = true;
  EXPECT_TRUE(SaveModelFile(*loaded->model, in, so).ok());
}

TEST(ModelIoTest, SaveIntoAMissingDirectoryFailsClearly) {
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  Status st = SaveModelFile(*loaded->model, "/nonexistent/dir/out.onnx");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("does not exist"), std::string::npos);
}

TEST(ModelIoTest, ACancelledLoadStopsWithCancelled) {
  auto loaded = LoadModelFile(testing::SampleModel(), {}, testing::CancelledJob());
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), StatusCode::kCancelled);
}

TEST(ModelIoTest, ProgressReportsStageCodesInOrder) {
  testing::RecordingJob recorder;
  ASSERT_TRUE(LoadModelFile(testing::SampleModel(), {}, recorder.job).ok());
  const std::vector<double> seen = recorder.fractions();
  ASSERT_FALSE(seen.empty());
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(seen.back(), 1.0);
  std::vector<Stage> stages;
  for (const Progress& p : recorder.reports) stages.push_back(p.stage);
  const std::vector<Stage> expected = {Stage::kReadingFile,   Stage::kParsing,
                                       Stage::kChecking,      Stage::kInferringShapes,
                                       Stage::kBuildingGraph, Stage::kBuildingGraph};
  EXPECT_EQ(stages, expected);
}

// libonnx's Conv / pooling inference divides by the strides: a stride of 0 crashed the loader
// (SIGFPE) before any of our code ran. Now the load skips inference with a warning naming the node,
// and validation refuses the model.
TEST(ModelIoTest, AZeroStrideSkipsShapeInferenceAndValidationRefusesIt) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(17);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("g");
  for (const char* name : {"x", "w"}) {
    onnx::ValueInfoProto* in = g->add_input();
    in->set_name(name);
    auto* t = in->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    for (int64_t d : {1, 1, 4, 4}) t->mutable_shape()->add_dim()->set_dim_value(d);
  }
  g->add_output()->set_name("y");
  g->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  onnx::NodeProto* conv = g->add_node();
  conv->set_op_type("Conv");
  conv->set_name("conv");
  conv->add_input("x");
  conv->add_input("w");
  conv->add_output("y");
  onnx::AttributeProto* strides = conv->add_attribute();
  strides->set_name("strides");
  strides->set_type(onnx::AttributeProto::INTS);
  strides->add_ints(0);
  strides->add_ints(0);
  EXPECT_EQ(FindShapeInferenceHazard(*g), "node 'conv' (Conv): strides must be positive, got 0");
  auto loaded = LoadModelFromBytes(m.SerializeAsString(), {}, "zero_stride.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  bool warned = false;
  for (const std::string& w : loaded->warnings)
    warned |= w.find("shape inference skipped: node 'conv' (Conv)") != std::string::npos;
  EXPECT_TRUE(warned);
  const Status st = ValidateModel(*loaded->model);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("strides must be positive"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace onnxlens::onnx_io
