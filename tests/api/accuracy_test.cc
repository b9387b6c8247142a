// Comparing a float model with its quantized copy: per output statistics, top-k agreement for
// classifier outputs, layer-wise matching through DequantizeLinear, worst first.
#include "api/accuracy.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "api/quantize.h"
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
  const OutputAgreement& o = rep->outputs[0];
  EXPECT_GT(o.stats.cosine, 0.9);
  EXPECT_LT(o.stats.sqnr_db, kExactSqnr);
  EXPECT_GT(o.stats.max_abs, 0);
  int dequantize = 0;
  for (size_t i = 0; i < rep->layers.size(); ++i) {
    if (rep->layers[i].match == "dequantize") {
      ++dequantize;
      // A folded Relu's Q reads the Relu's input but stands for its output, as its name says.
      EXPECT_EQ(rep->layers[i].counterpart, rep->layers[i].tensor + "_DequantizeLinear_Output");
    }
    if (i > 0) {
      EXPECT_LE(rep->layers[i - 1].stats.sqnr_db, rep->layers[i].stats.sqnr_db);
    }
  }
  EXPECT_GT(dequantize, 3);
  const nlohmann::json j = ToJson(*rep);
  EXPECT_EQ(j["schema"], "onnxlens.compare/1");
  EXPECT_TRUE(j["outputs"][0].contains("top1_agreement"));
}

TEST(AccuracyTest, WithoutInputsIsAnError) {
  auto rep = CompareModelFiles(SampleModel(), SampleModel(), {});
  ASSERT_FALSE(rep.ok());
  EXPECT_NE(rep.status().message().find("--inputs DIR"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::api
