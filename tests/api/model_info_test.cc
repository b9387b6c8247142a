// ModelInfo: node counts and op histograms equal those counted directly on the protobuf (and
// ONNX Runtime's counts in ort_reference.json) for every corpus model; the JSON schema is stable.
#include "api/model_info.h"

#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;

void CountProto(const onnx::GraphProto& g, std::map<std::string, int64_t>* hist, int64_t* total) {
  for (const auto& n : g.node()) {
    ++*total;
    const std::string d = n.domain() == "ai.onnx" ? "" : n.domain();
    ++(*hist)[d.empty() ? n.op_type() : d + "." + n.op_type()];
    for (const auto& a : n.attribute()) {
      if (a.has_g()) CountProto(a.g(), hist, total);
      for (const auto& sub : a.graphs()) CountProto(sub, hist, total);
    }
  }
}

std::map<std::string, int64_t> AsMap(const ModelInfo& info) {
  return {info.op_histogram.begin(), info.op_histogram.end()};
}

TEST(ModelInfoTest, CountsEqualTheProtobufForEveryCorpusModel) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent: corpus counts skipped";
  nlohmann::json ort;
  std::ifstream(testing::CorpusDir() / "ort_reference.json") >> ort;
  for (const auto& dir : models) {
    SCOPED_TRACE(dir.string());
    onnx::ModelProto proto;
    std::ifstream f(dir / "model.onnx", std::ios::binary);
    ASSERT_TRUE(proto.ParseFromIstream(&f));
    std::map<std::string, int64_t> hist;
    int64_t total = 0;
    CountProto(proto.graph(), &hist, &total);

    auto info = InspectModelFile(dir / "model.onnx");
    ASSERT_TRUE(info.ok()) << info.status().message();
    EXPECT_EQ(info->node_count, proto.graph().node_size());
    EXPECT_EQ(info->node_count_total, total);
    EXPECT_EQ(AsMap(*info), hist);

    // The JSON the CLI prints carries the same numbers.
    const nlohmann::json j = ToJson(*info);
    EXPECT_EQ(j["node_count"], proto.graph().node_size());
    EXPECT_EQ((j["op_histogram"].get<std::map<std::string, int64_t>>()), hist);

    const std::string name = dir.filename().string();
    if (ort["models"].contains(name)) {
      const auto& orig = ort["models"][name]["original"];
      EXPECT_EQ(info->node_count, orig["nodes"].get<int64_t>());
      EXPECT_EQ(info->node_count_total, orig["nodes_total"].get<int64_t>());
      EXPECT_EQ(AsMap(*info), (orig["op_histogram"].get<std::map<std::string, int64_t>>()));
    }
  }
}

TEST(ModelInfoTest, DescribesTheSampleModel) {
  InspectOptions opt;
  opt.with_values = true;
  auto info = InspectModelFile(testing::SampleModel(), opt);
  ASSERT_TRUE(info.ok()) << info.status().message();
  EXPECT_EQ(info->producer_name, "onnxlens");
  ASSERT_EQ(info->inputs.size(), 1u);
  EXPECT_EQ(info->inputs[0].name, "image");
  EXPECT_EQ(info->inputs[0].type, "float32[batch,3,32,32]");
  EXPECT_EQ(info->inputs[0].shape_label, "batch\u00d73\u00d732\u00d732");
  ASSERT_EQ(info->outputs.size(), 1u);
  EXPECT_EQ(info->outputs[0].type, "float32[batch,10]");
  EXPECT_EQ(info->op_histogram.front(), (std::pair<std::string, int64_t>{"BatchNormalization", 4}));
  EXPECT_TRUE(info->checker_passed);
  EXPECT_GT(info->parameter_count, 10000);
  EXPECT_EQ(info->values.size(), info->initializer_count + 1 + info->node_count_total * 1);
}

TEST(ModelInfoTest, JsonHasTheDocumentedKeys) {
  auto info = InspectModelFile(testing::SampleModel());
  ASSERT_TRUE(info.ok());
  const nlohmann::json j = ToJson(*info);
  for (const char* key : {"schema",
                          "path",
                          "file_bytes",
                          "ir_version",
                          "producer",
                          "domain",
                          "model_version",
                          "doc_string",
                          "graph_name",
                          "opset_imports",
                          "metadata",
                          "inputs",
                          "outputs",
                          "node_count",
                          "node_count_total",
                          "subgraph_count",
                          "op_histogram",
                          "initializer_count",
                          "initializer_bytes",
                          "parameter_count",
                          "functions",
                          "checker_passed",
                          "shape_inference_complete",
                          "warnings",
                          "cost",
                          "load_seconds"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["schema"], "onnxlens.info/1");
  EXPECT_EQ(j["inputs"][0]["shape"], nlohmann::json::parse(R"(["batch",3,32,32])"));
  EXPECT_EQ(j["opset_imports"]["ai.onnx"], 13);
  for (const char* key :
       {"macs", "flops", "uncounted_nodes", "activation_peak_bytes", "activation_total_bytes",
        "unsized_values", "symbolic_dims_as_one", "by_op"})
    EXPECT_TRUE(j["cost"].contains(key)) << key;
  ASSERT_FALSE(j["cost"]["by_op"].empty());
  EXPECT_TRUE(j["cost"]["by_op"][0].contains("macs"));
}

// Issue 21.21: the first number people ask of a model. torchvision's ResNet-18 is 1.814 G MACs at
// 224 x 224 (the figure its model card and every FLOP counter give).
TEST(ModelInfoTest, ComputeOfResNet18IsTheWellKnownFigure) {
  const auto path = testing::CorpusDir() / "resnet18/model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/corpus is absent: skipped";
  auto info = InspectModelFile(path);
  ASSERT_TRUE(info.ok()) << info.status().message();
  const ModelCost& c = info->cost;
  EXPECT_NEAR(static_cast<double>(c.macs), 1.814e9, 0.01e9);
  EXPECT_GT(c.flops, 2 * c.macs);  // plus biases, batch norms, activations, pooling
  EXPECT_LT(c.flops, 2 * c.macs + c.macs / 50);
  EXPECT_EQ(c.uncounted_nodes, 0);
  EXPECT_TRUE(c.symbolic_dims_as_one);  // its batch is symbolic: per image
  ASSERT_FALSE(c.by_op.empty());
  EXPECT_EQ(c.by_op.front().op, "Conv");
  EXPECT_EQ(c.by_op.front().nodes, 20);
  // Activations: the largest tensors are 64 x 112 x 112 floats (3.2 MB); a few live at once.
  EXPECT_GT(c.activation_peak_bytes, 2 * 64 * 112 * 112 * 4);
  EXPECT_LT(c.activation_peak_bytes, 5 * 64 * 112 * 112 * 4);
  EXPECT_GT(c.activation_total_bytes, c.activation_peak_bytes);
  EXPECT_EQ(FormatCount(c.macs), "1.81 G");
}

TEST(ModelInfoTest, MatMulsBehindComputedShapesAreCountedWithTheDimensionsChosen) {
  // BERT's MatMuls follow Reshapes whose target shape is computed from the input's shape: with
  // symbolic batch and sequence nothing is known past the embedding ("0 MACs, 178 nodes not
  // counted"). With the free dimensions set as random inputs set them, shape inference's data
  // propagation knows every shape.
  const auto path = testing::CorpusDir() / "bert_tiny/model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/corpus is absent: skipped";
  auto info = InspectModelFile(path);
  ASSERT_TRUE(info.ok()) << info.status().message();
  const ModelCost& c = info->cost;
  EXPECT_EQ(c.dims,
            (std::vector<std::pair<std::string, int64_t>>{{"batch", 1}, {"sequence", 128}}));
  EXPECT_LT(c.uncounted_nodes, 20) << c.uncounted_nodes;
  // 4 layers x 128 tokens x (4 projections of 256 x 256 + 2 of 256 x 1024) = 419 M, plus
  // attention's two 128 x 128 x 256 products per layer (17 M) and the pooler: 436 M MACs.
  EXPECT_GT(c.macs, 430'000'000);
  EXPECT_LT(c.macs, 442'000'000);
  const nlohmann::json j = ToJson(*info);
  EXPECT_EQ(j["cost"]["dims"]["sequence"], 128);
  // A model whose shapes are all known keeps its own figures.
  auto r18 = InspectModelFile(testing::CorpusDir() / "resnet18/model.onnx");
  ASSERT_TRUE(r18.ok());
  EXPECT_TRUE(r18->cost.dims.empty());
}

TEST(ModelInfoTest, CountsAreWrittenWithThreeSignificantDigits) {
  EXPECT_EQ(FormatCount(950), "950");
  EXPECT_EQ(FormatCount(12500), "12.5 k");
  EXPECT_EQ(FormatCount(364000000), "364 M");
  EXPECT_EQ(FormatCount(1814073344), "1.81 G");
  EXPECT_EQ(FormatCount(999600), "1.00 M");
}

}  // namespace
}  // namespace onnxlens::api
