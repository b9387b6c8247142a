// Round trip: load -> save -> load gives the same graph text, and the saved file passes the ONNX
// checker (whenever the original did), for every ONNX backend test model and every corpus model.
#include <gtest/gtest.h>

#include <algorithm>

#include <onnx/onnx_pb.h>

#include <fstream>

#include "ir/text_format.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

struct RoundTripStats {
  int models = 0;
  int original_failed_checker = 0;
};

// The model's text without what every save changes on purpose: the producer (onnxlens and its
// version) and the source's producer kept in the metadata (SaveModelFile).
std::string TextAsSaved(ir::Model& m) {
  m.producer_name = "onnxlens";
  m.producer_version = ONNXLENS_TEST_VERSION;
  auto& md = m.metadata;
  md.erase(std::remove_if(md.begin(), md.end(),
                          [](const auto& kv) { return kv.first == kSourceProducerKey; }),
           md.end());
  return ir::ModelToText(m);
}

// Returns "" on success, else what went wrong.
std::string RoundTrip(const fs::path& model, const fs::path& tmp_dir, bool external,
                      RoundTripStats* stats) {
  auto first = LoadModelFile(model);
  if (!first.ok()) return "load: " + first.status().message();
  const std::string text1 = TextAsSaved(*first->model);
  const fs::path out = tmp_dir / "roundtrip.onnx";
  SaveOptions so;
  so.external_data = external;
  Status saved = SaveModelFile(*first->model, out, so);
  if (!saved.ok()) return "save: " + saved.message();
  if (first->checker_passed) {
    Status check = CheckModelFile(out);
    if (!check.ok()) return "checker on the saved file: " + check.message();
  } else {
    ++stats->original_failed_checker;
  }
  auto second = LoadModelFile(out);
  if (!second.ok()) return "reload: " + second.status().message();
  const std::string text2 = TextAsSaved(*second->model);
  if (text1 != text2) {
    size_t i = 0;
    while (i < text1.size() && i < text2.size() && text1[i] == text2[i]) ++i;
    const size_t from = i > 200 ? i - 200 : 0;
    return "graph text differs after the round trip near:\n--- first\n" + text1.substr(from, 400) +
           "\n--- second\n" + text2.substr(from, 400);
  }
  ++stats->models;
  return "";
}

class BackendSuiteRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(BackendSuiteRoundTrip, EveryModelRoundTrips) {
  const fs::path suite = testing::OnnxTestDataDir() / GetParam();
  if (!fs::is_directory(suite)) GTEST_SKIP() << "ONNX test data not installed at " << suite;
  std::vector<fs::path> models;
  for (const auto& e : fs::directory_iterator(suite)) {
    if (fs::exists(e.path() / "model.onnx")) models.push_back(e.path() / "model.onnx");
  }
  std::sort(models.begin(), models.end());
  ASSERT_FALSE(models.empty());
  testing::TempDir tmp;
  RoundTripStats stats;
  for (const auto& m : models) {
    const std::string err = RoundTrip(m, tmp.path(), false, &stats);
    EXPECT_EQ(err, "") << m;
  }
  std::printf("[ %s ] %d of %zu models round-tripped (%d originals fail the ONNX checker)\n",
              GetParam().c_str(), stats.models, models.size(), stats.original_failed_checker);
}

INSTANTIATE_TEST_SUITE_P(OnnxBackendData, BackendSuiteRoundTrip,
                         ::testing::Values("node", "simple", "pytorch-converted",
                                           "pytorch-operator"),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(CorpusRoundTrip, EveryCorpusModelRoundTripsWithAndWithoutExternalData) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent: corpus round trip skipped";
  for (const auto& dir : models) {
    for (bool external : {false, true}) {
      testing::TempDir tmp;
      RoundTripStats stats;
      EXPECT_EQ(RoundTrip(dir / "model.onnx", tmp.path(), external, &stats), "")
          << dir << (external ? " (external data)" : "");
      EXPECT_EQ(stats.original_failed_checker, 0) << dir;
    }
  }
}

TEST(SampleModelRoundTrip, TheBundledSampleRoundTripsAndPassesTheChecker) {
  testing::TempDir tmp;
  RoundTripStats stats;
  EXPECT_EQ(RoundTrip(testing::SampleModel(), tmp.path(), false, &stats), "");
  EXPECT_EQ(stats.original_failed_checker, 0);
}

// Without intermediate value_info only the graph's inputs and outputs are typed in the file, and
// loading it infers the same types and shapes (the bundled sample has static shapes).
TEST(SampleModelRoundTrip, WithoutIntermediateValueInfoTheLoaderInfersTheSameShapes) {
  testing::TempDir tmp;
  auto first = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(first.ok()) << first.status().message();
  const fs::path with = tmp.path() / "with.onnx", without = tmp.path() / "without.onnx";
  ASSERT_TRUE(SaveModelFile(*first->model, with).ok());
  SaveOptions so;
  so.intermediate_value_info = false;
  ASSERT_TRUE(SaveModelFile(*first->model, without, so).ok());
  auto proto_of = [](const fs::path& f) {
    onnx::ModelProto p;
    std::ifstream in(f, std::ios::binary);
    EXPECT_TRUE(p.ParseFromIstream(&in)) << f;
    return p;
  };
  EXPECT_GT(proto_of(with).graph().value_info_size(), 0);
  const onnx::ModelProto bare = proto_of(without);
  EXPECT_EQ(bare.graph().value_info_size(), 0);
  EXPECT_GT(bare.graph().output_size(), 0);
  EXPECT_LT(fs::file_size(without), fs::file_size(with));
  EXPECT_TRUE(CheckModelFile(without).ok());
  auto second = LoadModelFile(without);
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_EQ(TextAsSaved(*second->model), TextAsSaved(*first->model));
}

}  // namespace
}  // namespace onnxlens::onnx_io
