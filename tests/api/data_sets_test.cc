// Data set folders: test_data_set_N in numeric order, a folder that is one set, and errors.
#include "api/internal/data_sets.h"

#include <gtest/gtest.h>

#include <fstream>

#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::TempDir;

void Touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "x";
}

TEST(DataSetsTest, SetsComeInNumericOrder) {
  TempDir tmp;
  for (int n : {10, 2, 0})
    Touch(tmp.path() / ("test_data_set_" + std::to_string(n)) / "input_0.pb");
  Touch(tmp.path() / "test_data_set_x" / "input_0.pb");  // not a number: ignored
  auto sets = ListDataSets(tmp.path(), "--calib");
  ASSERT_TRUE(sets.ok()) << sets.status().message();
  ASSERT_EQ(sets->size(), 3u);
  EXPECT_EQ((*sets)[0].filename(), "test_data_set_0");
  EXPECT_EQ((*sets)[1].filename(), "test_data_set_2");
  EXPECT_EQ((*sets)[2].filename(), "test_data_set_10");
}

TEST(DataSetsTest, AFolderOfInputFilesIsOneSet) {
  TempDir tmp;
  Touch(tmp.path() / "image.npy");
  auto sets = ListDataSets(tmp.path(), "--inputs");
  ASSERT_TRUE(sets.ok());
  ASSERT_EQ(sets->size(), 1u);
  EXPECT_EQ((*sets)[0], tmp.path());
}

TEST(DataSetsTest, AnEmptyFolderNamesTheOption) {
  TempDir tmp;
  auto sets = ListDataSets(tmp.path(), "--inputs");
  ASSERT_FALSE(sets.ok());
  EXPECT_EQ(sets.status().message().rfind("--inputs: ", 0), 0u) << sets.status().message();
}

}  // namespace
}  // namespace onnxlens::api
