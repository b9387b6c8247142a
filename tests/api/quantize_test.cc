// Quantizing model files through the api: static with a calibration folder or random data,
// dynamic in both formats, and every bad request a clear error naming the option.
#include "api/quantize.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "api/internal/value_files.h"
#include "common/cpu_isa.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SampleModel;
using onnxlens::testing::TempDir;

// `count` test_data_set_N folders of `dims` random values of `type` for the sample's "image".
void WriteSets(const fs::path& dir, int count, std::vector<int64_t> dims = {1, 3, 32, 32},
               ir::DataType type = ir::DataType::kFloat) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  for (int k = 0; k < count; ++k) {
    const fs::path set = dir / ("test_data_set_" + std::to_string(k));
    fs::create_directories(set);
    ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, dims).value();
    for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
    if (type == ir::DataType::kDouble) {
      std::vector<double> d(t.data<float>(), t.data<float>() + t.numel());
      t = ir::Tensor::FromVector<double>(type, dims, d);
    }
    ASSERT_TRUE(WriteTensorPb(t, "image", set / "input_0.pb").ok());
  }
}

QuantizeRequest Static(const fs::path& calib, const fs::path& out) {
  QuantizeRequest r;
  r.mode = "static";
  r.calib_dir = calib;
  r.output = out;
  r.threads = 1;
  return r;
}

TEST(QuantizeTest, StaticWithACalibrationFolderWritesASmallerCheckedModel) {
  TempDir tmp;
  WriteSets(tmp.path() / "calib", 3);
  QuantizeRequest r = Static(tmp.path() / "calib", tmp.path() / "q.onnx");
  r.per_channel = true;
  std::vector<Stage> stages;
  JobControl job;
  job.progress = [&](const Progress& p) { stages.push_back(p.stage); };
  auto rep = QuantizeModelFile(SampleModel(), r, job);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_EQ(rep->calibration_samples, 3);
  EXPECT_FALSE(rep->random_calibration);
  EXPECT_TRUE(rep->checker_passed) << rep->checker_message;
  EXPECT_EQ(rep->quantized_by_op.at("Conv"), 4);
  EXPECT_GT(rep->quantize_nodes, 0);
  EXPECT_LT(rep->bytes_after, rep->bytes_before);
  EXPECT_FALSE(rep->ranges.empty());
  EXPECT_NE(std::find(stages.begin(), stages.end(), Stage::kCalibrating), stages.end());
  auto loaded = onnx_io::LoadModelFile(tmp.path() / "q.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(ToJson(*rep)["schema"], "onnxlens.quantize/1");
  // The intermediates' shapes are left to the loader (they weighed ~5% of small int8 files).
  onnx::ModelProto proto;
  std::ifstream in(tmp.path() / "q.onnx", std::ios::binary);
  ASSERT_TRUE(proto.ParseFromIstream(&in));
  EXPECT_EQ(proto.graph().value_info_size(), 0);
}

// The largest |w| over the int8 initializers of a model file (-1 when it has none).
int LargestInt8Weight(const fs::path& file) {
  auto loaded = onnx_io::LoadModelFile(file);
  EXPECT_TRUE(loaded.ok()) << loaded.status().message();
  if (!loaded.ok()) return -1;
  int largest = -1;
  for (const ir::Value* v : loaded->model->graph->values()) {
    const ir::Tensor* t = v->initializer();
    if (!t || t->dtype() != ir::DataType::kInt8 || t->numel() < 8) continue;  // weights, not zps
    for (int64_t i = 0; i < t->numel(); ++i)
      largest = std::max(largest, std::abs(int{t->data<int8_t>()[i]}));
  }
  return largest;
}

TEST(QuantizeTest, ReduceRangeWritesSevenBitWeightsAndIsAdvisedWithoutVnni) {
  // ONNX Runtime's reduce_range: symmetric int8 weights in [-64, 64], whose u8 x s8 pair sums
  // cannot saturate 16 bits (oneDNN's AVX2 int8 path). Without it, a CPU (or cap) without VNNI
  // gets a note that says so; with VNNI none.
  TempDir tmp;
  WriteSets(tmp.path() / "calib", 2);
  for (bool reduce : {false, true}) {
    for (const char* mode : {"static", "dynamic"}) {
      SCOPED_TRACE(std::string(mode) + (reduce ? " reduce_range" : ""));
      const fs::path out = tmp.path() / (std::string(mode) + (reduce ? "_7.onnx" : "_8.onnx"));
      QuantizeRequest r = Static(tmp.path() / "calib", out);
      r.mode = mode;
      if (r.mode == "dynamic") r.calib_dir.clear();
      r.per_channel = true;
      r.reduce_range = reduce;
      auto rep = QuantizeModelFile(SampleModel(), r);
      ASSERT_TRUE(rep.ok()) << rep.status().message();
      EXPECT_TRUE(rep->checker_passed) << rep->checker_message;
      EXPECT_EQ(ToJson(*rep)["reduce_range"], reduce);
      // Each channel's largest weight maps to the range's end.
      EXPECT_EQ(LargestInt8Weight(out), reduce ? 64 : 127);
      bool advised = false;
      for (const std::string& n : rep->notes)
        advised = advised || n.find("--reduce-range") != std::string::npos;
      EXPECT_EQ(advised, !reduce && !IsaHasVnni(EffectiveIsa()));
    }
  }
}

TEST(QuantizeTest, RandomCalibrationWarnsLoudly) {
  TempDir tmp;
  QuantizeRequest r = Static({}, tmp.path() / "q.onnx");
  r.random_samples = 2;
  auto rep = QuantizeModelFile(SampleModel(), r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_TRUE(rep->random_calibration);
  ASSERT_FALSE(rep->warnings.empty());
  EXPECT_NE(rep->warnings[0].find("RANDOM DATA"), std::string::npos);
}

TEST(QuantizeTest, DynamicInBothFormats) {
  TempDir tmp;
  for (const char* format : {"standard", "ort"}) {
    QuantizeRequest r;
    r.mode = "dynamic";
    r.format = format;
    r.output = tmp.path() / (std::string(format) + ".onnx");
    auto rep = QuantizeModelFile(SampleModel(), r);
    ASSERT_TRUE(rep.ok()) << rep.status().message();
    EXPECT_EQ(rep->quantized_by_op.at("Gemm"), 1) << format;
    EXPECT_TRUE(rep->checker_passed) << rep->checker_message;
    // ONNX's shape inference knows no com.microsoft op: the ort format keeps the intermediates'
    // shapes in the file, the standard one leaves them to the loader.
    onnx::ModelProto proto;
    std::ifstream in(r.output, std::ios::binary);
    ASSERT_TRUE(proto.ParseFromIstream(&in));
    if (std::string(format) == "ort")
      EXPECT_GT(proto.graph().value_info_size(), 0);
    else
      EXPECT_EQ(proto.graph().value_info_size(), 0);
  }
}

// The message of a failed request.
std::string ErrorOf(const fs::path& model, const QuantizeRequest& r) {
  auto rep = QuantizeModelFile(model, r);
  EXPECT_FALSE(rep.ok());
  return rep.ok() ? "" : rep.status().message();
}

TEST(QuantizeTest, CalibrationDataOfTheWrongTypeNamesFileInputAndType) {
  TempDir tmp;
  WriteSets(tmp.path() / "calib", 1, {1, 3, 32, 32}, ir::DataType::kDouble);
  const std::string e = ErrorOf(SampleModel(), Static(tmp.path() / "calib", tmp.path() / "q.onnx"));
  EXPECT_NE(e.find("test_data_set_0"), std::string::npos) << e;
  EXPECT_NE(e.find("'image'"), std::string::npos) << e;
  EXPECT_NE(e.find("float64"), std::string::npos) << e;
  EXPECT_FALSE(fs::exists(tmp.path() / "q.onnx"));
}

TEST(QuantizeTest, CalibrationDataOfTheWrongShapeNamesTheShapes) {
  TempDir tmp;
  WriteSets(tmp.path() / "calib", 1, {1, 3, 16, 16});
  const std::string e = ErrorOf(SampleModel(), Static(tmp.path() / "calib", tmp.path() / "q.onnx"));
  EXPECT_NE(e.find("[1,3,16,16]"), std::string::npos) << e;
  EXPECT_NE(e.find("32"), std::string::npos) << e;
}

TEST(QuantizeTest, EmptyOrMissingCalibrationFolderIsAnError) {
  TempDir tmp;
  fs::create_directories(tmp.path() / "empty");
  std::string e = ErrorOf(SampleModel(), Static(tmp.path() / "empty", tmp.path() / "q.onnx"));
  EXPECT_NE(e.find("--calib"), std::string::npos) << e;
  EXPECT_NE(e.find("no test_data_set_N"), std::string::npos) << e;
  e = ErrorOf(SampleModel(), Static(tmp.path() / "nope", tmp.path() / "q.onnx"));
  EXPECT_NE(e.find("does not exist"), std::string::npos) << e;
}

TEST(QuantizeTest, BadRequestsNameTheOption) {
  TempDir tmp;
  WriteSets(tmp.path() / "calib", 1);
  QuantizeRequest r = Static(tmp.path() / "calib", tmp.path() / "q.onnx");
  r.op_types = {"Conv", "Frobnicate"};
  EXPECT_NE(ErrorOf(SampleModel(), r).find("--op-types: unknown op type 'Frobnicate'"),
            std::string::npos);
  r = Static(tmp.path() / "calib", tmp.path() / "q.onnx");
  r.exclude_nodes = {"no_such_node"};
  EXPECT_NE(ErrorOf(SampleModel(), r).find("--exclude"), std::string::npos);
  r = Static({}, tmp.path() / "q.onnx");
  EXPECT_NE(ErrorOf(SampleModel(), r).find("--calib DIR"), std::string::npos);
  r = Static(tmp.path() / "calib", tmp.path() / "q.onnx");
  r.random_samples = 3;
  EXPECT_NE(ErrorOf(SampleModel(), r).find("give one of them"), std::string::npos);
  r = Static({}, tmp.path() / "q.onnx");
  r.random_samples = 1;
  r.ranges["nope"] = {0, 1};
  EXPECT_NE(ErrorOf(SampleModel(), r)
                .find("--range nope: the model has no input 'nope' (its inputs: 'image')"),
            std::string::npos)
      << ErrorOf(SampleModel(), r);
  r = Static(tmp.path() / "calib", tmp.path() / "q.onnx");
  r.activation_type = "u4";
  EXPECT_NE(ErrorOf(SampleModel(), r).find("--activation-type"), std::string::npos);
}

TEST(QuantizeTest, NeverWritesOverTheModel) {
  TempDir tmp;
  const fs::path model = tmp.path() / "m.onnx";
  fs::copy_file(SampleModel(), model);
  const auto before = fs::file_size(model);
  QuantizeRequest r = Static({}, model);
  r.random_samples = 1;
  r.force = true;
  const std::string e = ErrorOf(model, r);
  EXPECT_NE(e.find("-o"), std::string::npos) << e;
  EXPECT_EQ(fs::file_size(model), before);
}

TEST(QuantizeTest, NeverWritesOverACalibrationFileEvenWithForce) {
  TempDir tmp;
  WriteSets(tmp.path(), 2);
  const fs::path input = tmp.path() / "test_data_set_1" / "input_0.pb";
  const auto before = fs::file_size(input);
  QuantizeRequest r = Static(tmp.path(), input);
  r.force = true;
  const std::string e = ErrorOf(SampleModel(), r);
  EXPECT_NE(
      e.find("refusing to overwrite " + Quote(input.string()) + ": it is an input in --calib " +
             Quote(tmp.path().string()) + " this command reads (also with --force)"),
      std::string::npos)
      << e;
  EXPECT_EQ(fs::file_size(input), before);
}

TEST(QuantizeTest, AnAlreadyQuantizedModelIsRefused) {
  TempDir tmp;
  QuantizeRequest r = Static({}, tmp.path() / "q.onnx");
  r.random_samples = 1;
  ASSERT_TRUE(QuantizeModelFile(SampleModel(), r).ok());
  r.output = tmp.path() / "qq.onnx";
  const std::string e = ErrorOf(tmp.path() / "q.onnx", r);
  EXPECT_NE(e.find("already quantized"), std::string::npos) << e;
}

TEST(QuantizeTest, CancelStopsCalibration) {
  TempDir tmp;
  QuantizeRequest r = Static({}, tmp.path() / "q.onnx");
  r.random_samples = 50;
  JobControl job;
  job.progress = [&](const Progress& p) {
    if (p.stage == Stage::kCalibrating && p.detail == "2/50") job.cancel.Cancel();
  };
  auto rep = QuantizeModelFile(SampleModel(), r, job);
  ASSERT_FALSE(rep.ok());
  EXPECT_EQ(rep.status().code(), StatusCode::kCancelled);
  EXPECT_FALSE(fs::exists(tmp.path() / "q.onnx"));
}

}  // namespace
}  // namespace onnxlens::api
