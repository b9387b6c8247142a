// Calibration runs: ranges of intermediate tensors over samples, progress, cancel and errors.
#include "quant/calibrator.h"

#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::quant {
namespace {

using passes::testing::GraphBuilder;

class VectorSource : public SampleSource {
 public:
  explicit VectorSource(std::vector<Sample> s) : samples_(std::move(s)) {}
  Expected<std::optional<Sample>> Next() override {
    if (next_ >= samples_.size()) return std::optional<Sample>();
    return std::optional<Sample>(samples_[next_++]);
  }
  int64_t size() const override { return static_cast<int64_t>(samples_.size()); }

 private:
  std::vector<Sample> samples_;
  size_t next_ = 0;
};

Sample X(std::vector<float> v) {
  Sample s;
  s["x"] = kernels::RtValue::FromTensor(
      ir::Tensor::FromVector<float>(ir::DataType::kFloat, {1, static_cast<int64_t>(v.size())}, v));
  return s;
}

struct Model {
  std::shared_ptr<ir::Model> model;
  std::string relu, mul;
};

Model Small() {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 4});
  ir::Node* relu = b.Op("Relu", {x}, {}, {1, 4});
  ir::Node* mul = b.Op("Mul", {relu->output(0), b.Const("two", {1}, {2.0f})}, {}, {1, 4});
  b.Out(mul);
  return {b.model(), relu->output(0)->name(), mul->output(0)->name()};
}

TEST(CalibratorTest, RangesOfIntermediateTensorsOverAllSamples) {
  Model m = Small();
  VectorSource src({X({-1, 0, 1, 2}), X({-4, 0.5f, 3, 0})});
  CalibrationOptions o;
  auto r = Calibrate(*m.model, {"x", m.relu, m.mul}, src, o, 1);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->samples, 2);
  EXPECT_FLOAT_EQ(r->ranges.at("x").rmin, -4);
  EXPECT_FLOAT_EQ(r->ranges.at("x").rmax, 3);
  EXPECT_FLOAT_EQ(r->ranges.at(m.relu).rmin, 0);
  EXPECT_FLOAT_EQ(r->ranges.at(m.mul).rmax, 6);
  // The model itself is untouched: the tensors were outputs of a copy.
  EXPECT_EQ(m.model->graph->outputs().size(), 1u);
}

TEST(CalibratorTest, ReportsProgressPerSampleAndStopsWhenCancelled) {
  Model m = Small();
  VectorSource src({X({1, 2, 3, 4}), X({1, 2, 3, 4}), X({1, 2, 3, 4})});
  std::vector<std::string> details;
  JobControl job;
  job.progress = [&](const Progress& p) {
    EXPECT_EQ(p.stage, Stage::kCalibrating);
    details.push_back(p.detail);
    if (p.detail == "1/3") job.cancel.Cancel();
  };
  auto r = Calibrate(*m.model, {m.relu}, src, {}, 1, job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  ASSERT_GE(details.size(), 2u);
  EXPECT_EQ(details[0], "0/3");
}

TEST(CalibratorTest, NoSampleIsAnError) {
  Model m = Small();
  VectorSource src({});
  auto r = Calibrate(*m.model, {m.relu}, src, {}, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("no sample"), std::string::npos);
}

TEST(CalibratorTest, UnknownTensorIsAnError) {
  Model m = Small();
  VectorSource src({X({1, 2, 3, 4})});
  auto r = Calibrate(*m.model, {"nope"}, src, {}, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("'nope'"), std::string::npos);
}

TEST(CalibratorTest, AFailingRunNamesTheSample) {
  Model m = Small();
  Sample bad;
  bad["x"] = kernels::RtValue::FromTensor(
      ir::Tensor::FromVector<float>(ir::DataType::kFloat, {1, 3}, {1, 2, 3}));
  VectorSource src({X({1, 2, 3, 4}), bad});
  auto r = Calibrate(*m.model, {m.relu}, src, {}, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("calibration sample 1"), std::string::npos)
      << r.status().message();
}

}  // namespace
}  // namespace onnxlens::quant
