// Tests for whole-file reads and atomic writes.
#include "common/file_util.h"

#include <gtest/gtest.h>

#include <fstream>

#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

TEST(FileUtilTest, ReadFileRefusesFilesOverTheCap) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "f.bin";
  std::ofstream(p) << "0123456789";
  EXPECT_EQ(*ReadFile(p, 100), "0123456789");
  auto r = ReadFile(p, 5);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("f.bin"), std::string::npos);
}

TEST(FileUtilTest, ReadFileNamesAMissingFile) {
  auto r = ReadFile("/nonexistent/dir/model.onnx", 100);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("model.onnx"), std::string::npos);
}

TEST(FileUtilTest, FailedAtomicWriteLeavesTheOldFileAndNoTemporary) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "out.onnx";
  std::ofstream(p) << "original";
  Status st = WriteFileAtomically(p, [](std::FILE* f) {
    std::fputs("partial", f);
    return IoError("simulated failure");
  });
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(*ReadFile(p, 100), "original");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(FileUtilTest, AtomicWriteReplacesTheFile) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "out.onnx";
  std::ofstream(p) << "original";
  ASSERT_TRUE(WriteFileAtomically(p, [](std::FILE* f) {
                std::fputs("new", f);
                return Status::Ok();
              }).ok());
  EXPECT_EQ(*ReadFile(p, 100), "new");
}

}  // namespace
}  // namespace onnxlens
