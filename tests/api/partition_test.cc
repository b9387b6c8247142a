// PartitionModelFile on real models: every node gets a provider, every node the preferred provider
// does not take says why, counts add up; the JSON carries the same.
#include "api/partition.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

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
  for (const NodePlacementInfo& n : r->nodes) {
    ASSERT_FALSE(n.provider.empty()) << n.node;
    if (n.provider != "cpu") {
      ASSERT_FALSE(n.declined.empty()) << n.node << " (" << n.op_type << ")";
      EXPECT_EQ(n.declined[0].provider, "cpu");
      EXPECT_FALSE(n.declined[0].reason.empty());
      EXPECT_NE(n.declined[0].sentence.find(n.op_type), std::string::npos)
          << n.declined[0].sentence;
    } else {
      EXPECT_TRUE(n.declined.empty());
    }
  }
  const nlohmann::json j = ToJson(*r);
  EXPECT_EQ(j["nodes"].size(), r->nodes.size());
  EXPECT_EQ(j["providers"], nlohmann::json({"cpu", "reference"}));
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

}  // namespace
}  // namespace onnxlens::api
