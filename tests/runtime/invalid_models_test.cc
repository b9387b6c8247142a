// tests/data/invalid: models that load (the inspector shows them, with warnings) but that ONNX
// Runtime refuses at load; a session, a partition and an optimize refuse each with one error naming
// the file's node, its op and what was wrong — before any pass or kernel trusts the node.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "api/optimize.h"
#include "api/partition.h"
#include "api/quantize.h"
#include "onnx/model_io.h"
#include "runtime/refused_models.h"
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

// Issue 41.6: what a session refuses (a broken node in the If branch not taken, a branch out of
// order, an op or domain no provider has, constant inputs a kernel refuses), optimize and quantize
// refuse too, with the session's message, on the model they load; nothing is written.
TEST(InvalidModelsTest, WhatASessionRefusesOptimizeAndQuantizeRefuseWithItsMessage) {
  testing::TempDir tmp;
  for (const testing::RefusedModel& c : testing::RefusedModels()) {
    SCOPED_TRACE(c.name);
    auto session = Session::Create(c.model);
    ASSERT_FALSE(session.ok());
    const std::string message = session.status().message();
    EXPECT_NE(message.find(c.message), std::string::npos) << message;

    const fs::path file = tmp.path() / (c.name + ".onnx");
    ASSERT_TRUE(testing::WriteRefusedModel(c, file));
    auto loaded = onnx_io::LoadModelFile(file);
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    auto reloaded = Session::Create(std::shared_ptr<const ir::Model>(std::move(loaded->model)));
    ASSERT_FALSE(reloaded.ok());
    EXPECT_EQ(reloaded.status().message(), message);

    api::OptimizeRequest opt;
    opt.level = "layout";
    opt.output = tmp.path() / (c.name + ".opt.onnx");
    auto optimized = api::OptimizeModelFile(file, opt);
    ASSERT_FALSE(optimized.ok());
    EXPECT_EQ(optimized.status().message(), file.string() + ": " + message);
    EXPECT_FALSE(fs::exists(opt.output));

    api::QuantizeRequest quant;
    quant.mode = "dynamic";
    quant.output = tmp.path() / (c.name + ".int8.onnx");
    auto quantized = api::QuantizeModelFile(file, quant);
    ASSERT_FALSE(quantized.ok());
    EXPECT_EQ(quantized.status().message(), file.string() + ": " + message);
    EXPECT_FALSE(fs::exists(quant.output));
  }
}

TEST(InvalidModelsTest, AModelASessionAcceptsIsOptimizedAndQuantized) {
  // The negative twin: the If of the cases above with valid branches.
  testing::TempDir tmp;
  auto model = testing::refused_detail::IfModel(
      [](ir::Graph& b, ir::Value* x) {
        return testing::refused_detail::UnsqueezeBranch(b, x, -1, "u_then");
      },
      [](ir::Graph& b, ir::Value* x) {
        return testing::refused_detail::UnsqueezeBranch(b, x, 0, "u_else");
      });
  ASSERT_TRUE(Session::Create(model).ok());
  const fs::path file = tmp.path() / "if.onnx";
  ASSERT_TRUE(onnx_io::SaveModelFile(*model, file).ok());
  api::OptimizeRequest opt;
  opt.level = "layout";
  opt.output = tmp.path() / "if.opt.onnx";
  auto optimized = api::OptimizeModelFile(file, opt);
  ASSERT_TRUE(optimized.ok()) << optimized.status().message();
  EXPECT_TRUE(fs::exists(opt.output));
  api::QuantizeRequest quant;
  quant.mode = "dynamic";
  quant.output = tmp.path() / "if.int8.onnx";
  auto quantized = api::QuantizeModelFile(file, quant);
  ASSERT_TRUE(quantized.ok()) << quantized.status().message();
  EXPECT_TRUE(fs::exists(quant.output));
}

}  // namespace
}  // namespace onnxlens::runtime
