// The tensor data mutator of fuzz_model makes models whose tensors disagree with their shapes;
// every such mutant of the sample model and of the regression seeds goes through the fuzz body
// without a crash, and loading refuses the mutants with a size error naming the tensor.
#include "fuzz/tensor_data_mutator.h"

#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include "common/file_util.h"
#include "fuzz/fuzz_targets.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::fuzz {
namespace {

namespace fs = std::filesystem;

TEST(TensorDataMutator, MutantsParseAndDisagreeWithTheirShapes) {
  auto bytes = ReadFile(
      testing::SourceDir() / "tests/data/fuzz/model/short_int64_axes_in_if_branch.onnx", 1 << 20);
  ASSERT_TRUE(bytes.ok()) << bytes.status().message();
  int refused = 0;
  for (uint32_t seed = 0; seed < 64; ++seed) {
    std::string model = *bytes;
    ASSERT_TRUE(MutateTensorData(&model, seed));
    onnx::ModelProto m;
    EXPECT_TRUE(m.ParseFromString(model)) << "seed " << seed;
    auto loaded = onnx_io::LoadModelFromBytes(model, {}, "mutant.onnx");
    if (!loaded.ok()) ++refused;
    EXPECT_EQ(FuzzModel(reinterpret_cast<const uint8_t*>(model.data()), model.size()), 0);
  }
  EXPECT_GT(refused, 32);
}

TEST(TensorDataMutator, EveryMutantOfTheSeedsRunsThroughTheFuzzBody) {
  std::vector<fs::path> seeds = {testing::SampleModel()};
  for (const auto& e : fs::directory_iterator(testing::SourceDir() / "tests/data/fuzz/model"))
    seeds.push_back(e.path());
  size_t mutants = 0;
  for (const fs::path& seed_file : seeds) {
    SCOPED_TRACE(seed_file.string());
    auto bytes = ReadFile(seed_file, 1 << 22);
    ASSERT_TRUE(bytes.ok());
    for (uint32_t seed = 0; seed < 8; ++seed) {
      std::string model = *bytes;
      if (!MutateTensorData(&model, seed)) break;
      ++mutants;
      EXPECT_EQ(FuzzModel(reinterpret_cast<const uint8_t*>(model.data()), model.size()), 0);
    }
  }
  EXPECT_GT(mutants, 40u);
}

TEST(TensorDataMutator, LeavesUnparseableBytesAlone) {
  std::string junk = "\xff\xff\xff not a model";
  const std::string before = junk;
  EXPECT_FALSE(MutateTensorData(&junk, 1));
  EXPECT_EQ(junk, before);
}

}  // namespace
}  // namespace onnxlens::fuzz
