// tests/data/invalid: models that load (the inspector shows them, with warnings) but that ONNX
// Runtime refuses at load; a session, a partition and an optimize refuse each with one error naming
// the file's node, its op and what was wrong — before any pass or kernel trusts the node.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "api/optimize.h"
#include "api/partition.h"
#include "onnx/model_io.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::runtime {
namespace {

namespace fs = std::filesystem;

const std::map<std::string, std::string> kExpected = {
    {"gemm_mixed_types", "node 'gemm' (Gemm): input 1 'b' (B) is tensor(float) but input 0 'a'"},
    {"conv_uint16_input", "node 'conv' (Conv): input 0 'x' (X) is tensor(uint16)"},
    {"relu_three_inputs", "node 'relu' (Relu): Node (relu) has input size 3"},
    {"transpose_perm_string", "node 'transpose' (Transpose): Mismatched attribute type"},
    {"transpose_perm_repeats", "node 'transpose' (Transpose): perm [0,0] is not a permutation"},
    {"unknown_attribute", "node 'relu' (Relu): Unrecognized attribute: frobnicate"},
    {"unknown_auto_pad", "node 'pool' (MaxPool): auto_pad 'SOMETIMES' is not one of"},
    {"if_float_condition", "node 'if' (If): input 0 'cond' (cond) is tensor(float)"},
    {"opset_99", "node 'relu' (Relu): opset 99 of 'ai.onnx' is outside"},
    {"conv_short_bias", "node 'conv' (Conv): bias B has 2 values for 3 output channels"},
    {"conv_transpose_group", "node 'deconv' (ConvTranspose): group 2 does not divide the 3"},
    {"conv_zero_stride", "node 'conv' (Conv): strides must be positive, got 0"},
    {"declared_output_type_wrong", "node 'relu' (Relu): output 0 'y' (Y) is tensor(int64)"},
};

fs::path InvalidDir() { return testing::SourceDir() / "tests/data/invalid"; }

TEST(InvalidModelsTest, EveryFileLoadsButNoSessionPartitionOrOptimizeAcceptsIt) {
  std::set<std::string> seen;
  for (const auto& e : fs::directory_iterator(InvalidDir())) {
    const std::string name = e.path().stem().string();
    seen.insert(name);
    SCOPED_TRACE(name);
    auto it = kExpected.find(name);
    ASSERT_NE(it, kExpected.end()) << "no expectation for " << name;
    auto loaded = onnx_io::LoadModelFile(e.path());
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    std::shared_ptr<const ir::Model> model(std::move(loaded->model));
    auto session = Session::Create(model);
    ASSERT_FALSE(session.ok());
    EXPECT_EQ(session.status().code(), StatusCode::kInvalidModel);
    EXPECT_NE(session.status().message().find(it->second), std::string::npos)
        << session.status().message();
    EXPECT_EQ(session.status().message().find('\n'), std::string::npos);
    auto partition = api::PartitionModelFile(e.path());
    ASSERT_FALSE(partition.ok());
    EXPECT_NE(partition.status().message().find(it->second), std::string::npos);
    api::OptimizeRequest request;
    request.level = "extended";
    auto optimized = api::OptimizeModelFile(e.path(), request);
    ASSERT_FALSE(optimized.ok());
    EXPECT_NE(optimized.status().message().find(it->second), std::string::npos)
        << optimized.status().message();
    EXPECT_NE(optimized.status().message().find(e.path().string()), std::string::npos);
  }
  for (const auto& [name, message] : kExpected)
    EXPECT_TRUE(seen.count(name)) << name << " is missing from tests/data/invalid";
}

}  // namespace
}  // namespace onnxlens::runtime
