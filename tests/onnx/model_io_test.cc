// Loading and saving: inferred shapes reach the IR, checker failures are warnings, the input
// model is never overwritten, and a load can be cancelled.
#include "onnx/model_io.h"

#include <gtest/gtest.h>

#include "common/file_util.h"
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

}  // namespace
}  // namespace onnxlens::onnx_io
