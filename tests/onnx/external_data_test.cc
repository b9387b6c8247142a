// External data: saving moves large initializers to a side file with aligned offsets; loading
// reads them back; tampered offsets and lengths are refused.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>
#include <fstream>

#include "ir/text_format.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

TEST(ExternalDataTest, SaveWritesLargeInitializersToASideFileAndReloadsThem) {
  testing::TempDir tmp;
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  const fs::path out = tmp.path() / "m.onnx";
  SaveOptions so;
  so.external_data = true;
  ASSERT_TRUE(SaveModelFile(*loaded->model, out, so).ok());
  ASSERT_TRUE(fs::exists(tmp.path() / "m.onnx.data"));
  EXPECT_LT(fs::file_size(out), fs::file_size(testing::SampleModel()) / 4);

  onnx::ModelProto proto;
  std::ifstream f(out, std::ios::binary);
  ASSERT_TRUE(proto.ParseFromIstream(&f));
  int external = 0;
  for (const auto& t : proto.graph().initializer()) {
    if (t.data_location() != onnx::TensorProto::EXTERNAL) continue;
    ++external;
    for (const auto& kv : t.external_data()) {
      if (kv.key() == "offset") {
        EXPECT_EQ(std::stoll(kv.value()) % 64, 0);
      }
      if (kv.key() == "location") {
        EXPECT_EQ(kv.value(), "m.onnx.data");
      }
    }
  }
  EXPECT_GT(external, 0);

  auto again = LoadModelFile(out);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(ir::ModelToText(*loaded->model), ir::ModelToText(*again->model));
  ASSERT_EQ(again->external_files.size(), 1u);
  EXPECT_EQ(again->external_files[0].filename(), "m.onnx.data");
  EXPECT_TRUE(CheckModelFile(out).ok());
}

TEST(ExternalDataTest, ATruncatedSideFileIsRefusedWithTheTensorName) {
  testing::TempDir tmp;
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  const fs::path out = tmp.path() / "m.onnx";
  SaveOptions so;
  so.external_data = true;
  ASSERT_TRUE(SaveModelFile(*loaded->model, out, so).ok());
  fs::resize_file(tmp.path() / "m.onnx.data", 100);
  auto again = LoadModelFile(out);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("initializer '"), std::string::npos)
      << again.status().message();
  EXPECT_NE(again.status().message().find("has only 100 bytes"), std::string::npos)
      << again.status().message();
}

}  // namespace
}  // namespace onnxlens::onnx_io
