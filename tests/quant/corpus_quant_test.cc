// Every corpus model quantizes statically (calibrated on its test_data_set_0) and dynamically,
// and the result runs in our runtime with outputs close to the float model's. Skips when
// ../shared/corpus is absent.
#include <gtest/gtest.h>

#include <cmath>

#include "api/internal/data_sets.h"
#include "onnx/model_io.h"
#include "passes/pass_test_util.h"
#include "quant/calibrator.h"
#include "quant/dynamic_quantizer.h"
#include "quant/qdq_quantizer.h"
#include "test_paths.h"

namespace onnxlens::quant {
namespace {

namespace fs = std::filesystem;

// Outputs of `m` on `sample` (cpu provider).
runtime::NamedValues RunOn(std::shared_ptr<const ir::Model> m, const Sample& sample) {
  auto s = runtime::Session::Create(m);
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (!s.ok()) return {};
  auto out = (*s)->Run(sample);
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? *out : runtime::NamedValues{};
}

double CorpusCosine(const ir::Tensor& a, const ir::Tensor& b) {
  double dot = 0, aa = 0, bb = 0;
  for (int64_t i = 0; i < a.numel(); ++i) {
    const double x = a.data<float>()[i], y = b.data<float>()[i];
    dot += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa == 0 && bb == 0 ? 1.0 : dot / std::sqrt(aa * bb);
}

void ExpectClose(const runtime::NamedValues& a, const runtime::NamedValues& b,
                 const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i) {
    const ir::Tensor &x = a[i].second.tensor, &y = b[i].second.tensor;
    ASSERT_EQ(x.dims(), y.dims()) << what << " " << a[i].first;
    if (x.dtype() != ir::DataType::kFloat) continue;
    EXPECT_GT(CorpusCosine(x, y), 0.95) << what << " " << a[i].first;
  }
}

TEST(CorpusQuantTest, EveryModelQuantizesStaticallyAndDynamicallyAndRuns) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "no corpus at " << testing::CorpusDir();
  for (const fs::path& dir : models) {
    // ppocr_det's 640x640 image makes a run take seconds: not worth the CI budget here.
    if (dir.filename() == "ppocr_det") continue;
    SCOPED_TRACE(dir.filename().string());
    auto loaded = onnx_io::LoadModelFile(dir / "model.onnx");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    std::shared_ptr<ir::Model> basic = std::move(loaded->model);
    ASSERT_TRUE(passes::Optimize(*basic, passes::testing::OptionsAt(passes::Level::kBasic)).ok());
    api::FolderSamples sample_source(*basic, {dir / "test_data_set_0"});
    auto sample = sample_source.Next();
    ASSERT_TRUE(sample.ok() && *sample) << sample.status().message();
    const runtime::NamedValues expected = RunOn(basic, **sample);

    std::shared_ptr<ir::Model> st = basic->Clone();
    StaticQuantOptions so;
    so.per_channel = true;
    auto plan = PlanQdq(*st, so);
    ASSERT_TRUE(plan.ok()) << plan.status().message();
    api::FolderSamples calib(*st, {dir / "test_data_set_0"});
    auto cal = Calibrate(*st, plan->calibrate, calib, {}, 0);
    ASSERT_TRUE(cal.ok()) << cal.status().message();
    auto stats = ApplyQdq(*st, *plan, cal->ranges);
    ASSERT_TRUE(stats.ok()) << stats.status().message();
    // A model whose nodes all sit in subgraphs (silero_vad_v4: If branches) is left float, with
    // a warning saying why.
    EXPECT_TRUE(!stats->quantized_by_op.empty() || !stats->warnings.empty());
    ExpectClose(expected, RunOn(st, **sample), "static");

    std::shared_ptr<ir::Model> dy = basic->Clone();
    DynamicQuantOptions dq;
    dq.per_channel = true;
    auto dstats = QuantizeDynamic(*dy, dq);
    ASSERT_TRUE(dstats.ok()) << dstats.status().message();
    EXPECT_FALSE(dstats->quantized_by_op.empty());
    ExpectClose(expected, RunOn(dy, **sample), "dynamic");
  }
}

}  // namespace
}  // namespace onnxlens::quant
