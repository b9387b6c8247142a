// Every file of the malformed-model corpus (tests/data/bad) is refused with one clear message
// that names the file and what is wrong; nothing crashes or allocates what the file cannot justify.
#include <gtest/gtest.h>

#include <map>

#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

// File -> a phrase the error must contain.
const std::map<std::string, std::string> kExpected = {
    {"empty.onnx", "the file is empty"},
    {"random_bytes.onnx", "could not be parsed"},
    {"truncated_protobuf.onnx", "could not be parsed"},
    {"half_model.onnx", "could not be parsed"},
    {"no_graph.onnx", "has no graph"},
    {"undefined_input.onnx", "'nonexistent_tensor' is not defined"},
    {"cycle.onnx", "has a cycle"},
    {"duplicate_output.onnx", "duplicate output name"},
    {"raw_data_size_mismatch.onnx", "needs 16 bytes but raw_data holds 12"},
    {"huge_initializer.onnx", "needs 4000000000000 bytes but raw_data holds 16"},
    {"huge_initializer_no_data.onnx",
     "declares 1000000000000 element(s) but the tensor holds no data"},
    {"negative_dim.onnx", "negative dimension"},
    {"unknown_dtype.onnx", "unsupported tensor data type 999"},
    {"external_missing_file.onnx", "file not found"},
    {"external_outside_dir.onnx", "contains '..'"},
    {"external_absolute_path.onnx", "is absolute"},
    {"external_symlink_outside.onnx", "outside the model's directory"},
    {"external_offset_out_of_range.onnx", "has only 8 bytes"},
    {"external_length_wraps.onnx",
     "external data length 9999999999999999999 does not match the 16 bytes"},
    {"external_length_too_long.onnx", "length '99999999999999999999' does not fit in 64 bits"},
    {"external_offset_not_decimal.onnx", "offset '0x4' is not a plain decimal number"},
    {"external_offset_overflows.onnx", "reads bytes [18446744073709551615, "},
    {"bad_subgraph.onnx", "'undefined_in_branch' is not defined"},
    {"subgraph_attribute_without_graph.onnx", "graph attribute without a graph"},
    // int64 Unsqueeze axes of 4 bytes: libonnx's shape inference read past them (SIGSEGV).
    {"short_int64_axes_constant.onnx",
     "node 'c' (Constant) attribute 'value' (tensor 'axes'): shape int64[1] needs 8 bytes but "
     "raw_data holds 4"},
    {"short_int64_axes_initializer.onnx",
     "initializer 'axes': shape int64[1] needs 8 bytes but raw_data holds 4"},
    {"short_int64_axes_in_if_branch.onnx",
     "attribute 'then_branch': node 'c' (Constant) attribute 'value' (tensor 'axes'): shape "
     "int64[1] needs 8 bytes but raw_data holds 4"},
};

TEST(BadModelsTest, EveryMalformedFileGivesOneClearError) {
  std::set<std::string> seen;
  for (const auto& e : fs::directory_iterator(testing::BadModelsDir())) {
    if (e.path().extension() != ".onnx") continue;
    const std::string name = e.path().filename().string();
    seen.insert(name);
    auto it = kExpected.find(name);
    ASSERT_NE(it, kExpected.end()) << "no expectation for " << name;
    auto loaded = LoadModelFile(e.path());
    ASSERT_FALSE(loaded.ok()) << name << " loaded without error";
    const std::string& msg = loaded.status().message();
    EXPECT_NE(msg.find(name), std::string::npos) << "error does not name the file: " << msg;
    EXPECT_NE(msg.find(it->second), std::string::npos) << name << ": " << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "error is not one line: " << msg;
  }
  for (const auto& [name, phrase] : kExpected) {
    EXPECT_TRUE(seen.count(name)) << name << " is missing from tests/data/bad";
  }
}

TEST(BadModelsTest, ErrorsNameTheNodeAndOp) {
  auto loaded = LoadModelFile(testing::BadModelsDir() / "undefined_input.onnx");
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.status().message().find("node 'relu' (Relu) input #0"), std::string::npos)
      << loaded.status().message();
}

TEST(BadModelsTest, AMissingFileIsNotFound) {
  auto loaded = LoadModelFile("/nonexistent/model.onnx");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace onnxlens::onnx_io
