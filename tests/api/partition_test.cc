// PartitionModelFile on real models: every node gets a provider, every node the preferred provider
// does not take says why, counts add up; the JSON carries the same.
#include "api/partition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

void ExpectEveryNodePlacedWithReasons(const std::filesystem::path& model,
                                      const std::string& level) {
  PartitionOptions options;
  options.level = level;
  auto r = PartitionModelFile(model, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_FALSE(r->nodes.empty());
  EXPECT_TRUE(r->unplaced.empty());
  int64_t counted = 0;
  for (const auto& [provider, n] : r->counts) counted += n;
  EXPECT_EQ(counted, static_cast<int64_t>(r->nodes.size()));
  ASSERT_FALSE(r->providers.empty());
  const std::string first = r->providers[0];  // the default order's first provider
  for (const NodePlacementInfo& n : r->nodes) {
    ASSERT_FALSE(n.provider.empty()) << n.node;
    if (n.provider != first) {
      ASSERT_FALSE(n.declined.empty()) << n.node << " (" << n.op_type << ")";
      EXPECT_EQ(n.declined[0].provider, first);
      EXPECT_FALSE(n.declined[0].reason.empty());
      EXPECT_NE(n.declined[0].sentence.find(n.op_type), std::string::npos)
          << n.declined[0].sentence;
    } else {
      EXPECT_TRUE(n.declined.empty());
    }
  }
  const nlohmann::json j = ToJson(*r);
  EXPECT_EQ(j["nodes"].size(), r->nodes.size());
  EXPECT_EQ(j["providers"], nlohmann::json(DefaultProviderOrder()));
  EXPECT_NE(FormatPartition(*r).find("why not the preferred provider"), std::string::npos);
}

TEST(PartitionModelFileTest, SampleModelEveryNodeOnAProvider) {
  ExpectEveryNodePlacedWithReasons(testing::SampleModel(), "disabled");
}

TEST(PartitionModelFileTest, CorpusModelsEveryNodePlacedWithReasons) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent";
  for (const char* name : {"bert_tiny", "ppocr_det"}) {
    for (const char* level : {"disabled", "extended"}) {
      SCOPED_TRACE(std::string(name) + " at " + level);
      ExpectEveryNodePlacedWithReasons(testing::CorpusDir() / name / "model.onnx", level);
    }
  }
}

TEST(PartitionModelFileTest, AnUnknownProviderIsAnError) {
  PartitionOptions options;
  options.providers = {"cpu", "gpu"};
  auto r = PartitionModelFile(testing::SampleModel(), options);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("'gpu'"), std::string::npos);
}

TEST(PartitionModelFileTest, ReportsPartitioningAndStopsWhenCancelled) {
  std::vector<Stage> stages;
  CancelToken token;
  JobControl job;
  job.cancel = token;
  job.progress = [&](const Progress& p) {
    stages.push_back(p.stage);
    if (p.stage == Stage::kOptimizing) token.Cancel();
  };
  auto r = PartitionModelFile(testing::SampleModel(), {}, job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  EXPECT_EQ(std::count(stages.begin(), stages.end(), Stage::kPartitioning), 0);

  stages.clear();
  JobControl plain;
  plain.progress = [&](const Progress& p) { stages.push_back(p.stage); };
  ASSERT_TRUE(PartitionModelFile(testing::SampleModel(), {}, plain).ok());
  EXPECT_NE(std::count(stages.begin(), stages.end(), Stage::kPartitioning), 0);
}

TEST(PartitionLoadedModelTest, SameAnswerAsTheFileAtLevelDisabled) {
  auto loaded = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  auto in_memory = PartitionLoadedModel(*loaded->model, DefaultProviderOrder(), "disabled");
  PartitionOptions as_loaded;
  as_loaded.level = "disabled";
  auto from_file = PartitionModelFile(testing::SampleModel(), as_loaded);
  ASSERT_TRUE(in_memory.ok()) << in_memory.status().message();
  ASSERT_TRUE(from_file.ok());
  EXPECT_EQ(in_memory->providers, from_file->providers);
  EXPECT_EQ(in_memory->counts, from_file->counts);
  ASSERT_EQ(in_memory->nodes.size(), from_file->nodes.size());
  for (size_t i = 0; i < in_memory->nodes.size(); ++i) {
    EXPECT_EQ(in_memory->nodes[i].node_id, from_file->nodes[i].node_id);
    EXPECT_EQ(in_memory->nodes[i].provider, from_file->nodes[i].provider);
  }
}

TEST(PartitionLoadedModelTest, AnUnknownProviderIsAnError) {
  auto loaded = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  auto r = PartitionLoadedModel(*loaded->model, {"gpu"});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("'gpu'"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::api
