// Comparing a float model with its quantized copy: per output statistics, top-k agreement for
// classifier outputs, layer-wise matching through DequantizeLinear, worst first.
#include "api/accuracy.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "api/quantize.h"
#include "ir/model.h"
#include "ir/tensor.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SampleModel;
using onnxlens::testing::TempDir;

TEST(AccuracyTest, AModelAgainstItselfIsExact) {
  CompareModelsRequest r;
  r.random_samples = 2;
  r.threads = 1;
  auto rep = CompareModelFiles(SampleModel(), SampleModel(), r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_EQ(rep->samples, 2);
  ASSERT_EQ(rep->outputs.size(), 1u);
  const OutputAgreement& o = rep->outputs[0];
  EXPECT_DOUBLE_EQ(o.stats.max_abs, 0);
  EXPECT_DOUBLE_EQ(o.stats.cosine, 1);
  EXPECT_EQ(o.stats.sqnr_db, kExactSqnr);
  EXPECT_TRUE(o.classifier);  // [batch, 10]
  EXPECT_EQ(o.rows, 2);
  EXPECT_DOUBLE_EQ(o.top1, 1);
  EXPECT_DOUBLE_EQ(o.top5, 1);
  // Intermediate tensors match by name.
  ASSERT_FALSE(rep->layers.empty());
  EXPECT_EQ(rep->layers[0].match, "name");
  EXPECT_FALSE(rep->layers[0].q_scale);  // no QuantizeLinear in a float model
}

TEST(AccuracyTest, QuantizedModelLayersMatchThroughDequantizeWorstFirst) {
  TempDir tmp;
  QuantizeRequest q;
  q.mode = "static";
  q.random_samples = 4;
  q.output = tmp.path() / "q.onnx";
  ASSERT_TRUE(QuantizeModelFile(SampleModel(), q).ok());
  CompareModelsRequest r;
  r.random_samples = 3;
  r.seed = 1;
  auto rep = CompareModelFiles(SampleModel(), q.output, r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  auto quantized = onnx_io::LoadModelFile(q.output);
  ASSERT_TRUE(quantized.ok());
  const OutputAgreement& o = rep->outputs[0];
  EXPECT_GT(o.stats.cosine, 0.9);
  EXPECT_LT(o.stats.sqnr_db, kExactSqnr);
  EXPECT_GT(o.stats.max_abs, 0);
  int dequantize = 0, produced = 0;
  for (size_t i = 0; i < rep->layers.size(); ++i) {
    if (rep->layers[i].match == "dequantize") {
      ++dequantize;
      // A folded Relu's Q reads the Relu's input but stands for its output, as its name says.
      EXPECT_EQ(rep->layers[i].counterpart, rep->layers[i].tensor + "_DequantizeLinear_Output");
      // Its Q node's parameters (per-tensor uint8 activations) and the float node the quantized
      // file keeps under the tensor's name.
      ASSERT_TRUE(rep->layers[i].q_scale);
      ASSERT_TRUE(rep->layers[i].q_zero_point);
      EXPECT_EQ(rep->layers[i].q_scale->numel(), 1);
      EXPECT_GT(rep->layers[i].q_scale->data<float>()[0], 0.f);
      EXPECT_EQ(rep->layers[i].q_zero_point->dtype(), ir::DataType::kUint8);
      const ir::Value* same = quantized->model->graph->FindLocalValue(rep->layers[i].tensor);
      if (same && same->producer()) {
        ++produced;
        EXPECT_EQ(rep->layers[i].b_producer, same->producer()->name());
      } else {
        EXPECT_EQ(rep->layers[i].b_producer, "");  // a folded Relu: no such tensor in B
      }
    }
    if (i > 0) {
      EXPECT_LE(rep->layers[i - 1].stats.sqnr_db, rep->layers[i].stats.sqnr_db);
    }
  }
  EXPECT_GT(dequantize, 3);
  EXPECT_GT(produced, 0);
  const nlohmann::json j = ToJson(*rep);
  EXPECT_EQ(j["schema"], "onnxlens.compare/1");
  EXPECT_TRUE(j["outputs"][0].contains("top1_agreement"));
}

TEST(AccuracyTest, LayerHistogramsAreBoundedAndCountEveryValue) {
  TempDir tmp;
  QuantizeRequest q;
  q.random_samples = 4;
  q.output = tmp.path() / "q.onnx";
  ASSERT_TRUE(QuantizeModelFile(SampleModel(), q).ok());
  CompareModelsRequest r;
  r.random_samples = 3;
  r.seed = 2;
  r.latency_runs = 3;
  auto rep = CompareModelFiles(SampleModel(), q.output, r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  ASSERT_FALSE(rep->layers.empty());
  for (const LayerAgreement& l : rep->layers) {
    const LayerHistograms& h = l.histograms;
    ASSERT_EQ(h.a.size(), static_cast<size_t>(LayerHistograms::kBins)) << l.tensor;
    ASSERT_EQ(h.b.size(), h.a.size());
    ASSERT_EQ(h.error.size(), h.a.size());
    int64_t na = 0, nb = 0, ne = 0;
    for (int k = 0; k < LayerHistograms::kBins; ++k) {
      na += h.a[k];
      nb += h.b[k];
      ne += h.error[k];
    }
    // Every value of every sample counted once, whatever the range.
    EXPECT_EQ(na, l.stats.elements) << l.tensor;
    EXPECT_EQ(nb, l.stats.elements);
    EXPECT_EQ(ne, l.stats.elements);
    EXPECT_LT(h.lo, h.hi);
    EXPECT_LE(h.lo, h.a_min);
    EXPECT_LT(h.err_lo, 0);
    EXPECT_GT(h.err_hi, 0);
  }
  // Timed: both medians measured and in the JSON the CLI prints.
  EXPECT_EQ(rep->latency_runs, 3);
  EXPECT_GT(rep->p50_ms_a, 0);
  EXPECT_GT(rep->p50_ms_b, 0);
  const nlohmann::json j = ToJson(*rep);
  EXPECT_DOUBLE_EQ(j["p50_ms_a"].get<double>(), rep->p50_ms_a);
  EXPECT_EQ(j["layers"][0]["histograms"]["a"].size(), 64u);
}

TEST(AccuracyTest, ALayerBudgetOfOneTensorGivesTheSameLayersOverMoreRuns) {
  // The layer comparison keeps at most layer_memory_bytes of A's tensors at once and runs both
  // models again for the rest: one byte (one tensor per run) must report exactly what the
  // default budget (every tensor of this model in one run) does, histograms included.
  TempDir tmp;
  QuantizeRequest q;
  q.random_samples = 4;
  q.output = tmp.path() / "q.onnx";
  ASSERT_TRUE(QuantizeModelFile(SampleModel(), q).ok());
  CompareModelsRequest r;
  r.random_samples = 2;
  r.seed = 3;
  r.latency_runs = 0;
  auto whole = CompareModelFiles(SampleModel(), q.output, r);
  r.layer_memory_bytes = 1;
  auto one = CompareModelFiles(SampleModel(), q.output, r);
  ASSERT_TRUE(whole.ok()) << whole.status().message();
  ASSERT_TRUE(one.ok()) << one.status().message();
  EXPECT_EQ(ToJson(*one).dump(), ToJson(*whole).dump());
  ASSERT_GT(whole->layers.size(), 3u);
}

TEST(AccuracyTest, NoLatencyRunsMeansNotTimed) {
  CompareModelsRequest r;
  r.random_samples = 1;
  r.latency_runs = 0;
  auto rep = CompareModelFiles(SampleModel(), SampleModel(), r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_EQ(rep->latency_runs, 0);
  EXPECT_EQ(rep->p50_ms_a, 0);
}

TEST(AccuracyTest, WithoutInputsIsAnError) {
  auto rep = CompareModelFiles(SampleModel(), SampleModel(), {});
  ASSERT_FALSE(rep.ok());
  EXPECT_NE(rep.status().message().find("--inputs DIR"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::api
