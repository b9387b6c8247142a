// `onnxlens-cli quantize` and `compare` as a user runs them: exit codes, the random-data warning,
// errors naming the option, JSON, and the model never overwritten.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/cli_run.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;
using testing::SampleModel;

TEST(CmdQuantizeTest, StaticOnRandomDataWarnsOnStderrAndWrites) {
  testing::TempDir tmp;
  const fs::path out = tmp.path() / "q.onnx";
  CliRun r = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(out) +
                    " --mode static --random 2 --per-channel");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warning: CALIBRATED ON RANDOM DATA"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("wrote"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(out));
  // A second run does not replace it without --force.
  CliRun again =
      RunCli("quantize " + Q(SampleModel()) + " -o " + Q(out) + " --mode static --random 2");
  EXPECT_EQ(again.exit_code, 1);
}

TEST(CmdQuantizeTest, DynamicJson) {
  testing::TempDir tmp;
  CliRun r = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "d.onnx") +
                    " --mode dynamic --format ort --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "onnxlens.quantize/1");
  EXPECT_EQ(j["mode"], "dynamic");
  EXPECT_EQ(j["format"], "ort");
  EXPECT_LT(j["size_ratio"].get<double>(), 1.0);
}

TEST(CmdQuantizeTest, ImagesAndTheSearchPrintTheirStepsAndJson) {
  testing::TempDir tmp;
  const fs::path images = testing::SourceDir() / "tests/data/images";
  CliRun r = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "q.onnx") +
                    " --mode static --images " + Q(images) +
                    " --mean 0.5 --std 0.25 --target-cosine 0.9999999999 --max-steps 2 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["calibration_samples"], 4);
  EXPECT_EQ(j["search"]["metric"], "cosine");
  EXPECT_EQ(j["search"]["eval_source"], "--images " + images.string());
  EXPECT_GE(j["search"]["steps"].size(), 1u);
  EXPECT_LE(j["search"]["steps"].size(), 3u);
  CliRun text = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "q2.onnx") +
                       " --mode static --images " + Q(images) + " --target-sqnr 99 --max-steps 1");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("(all quantized)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("sensitivity, each node alone quantized"), std::string::npos) << text.out;
  // One bisection trial: half the ranked nodes in float (with their islands); 99 dB holds only
  // when nothing is rounded, so either that trial is exact or the search says it was not reached.
  const bool reached = text.out.find("target reached") != std::string::npos;
  EXPECT_EQ(reached, text.err.find("was not reached") == std::string::npos) << text.out << text.err;
  EXPECT_NE(text.out.find("<- written"), std::string::npos) << text.out;
  // Bad option values are usage errors naming the flag.
  CliRun size = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "q3.onnx") +
                       " --mode static --images " + Q(images) + " --size 12");
  EXPECT_EQ(size.exit_code, 2);
  EXPECT_NE(size.err.find("--size"), std::string::npos) << size.err;
  CliRun both = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "q3.onnx") +
                       " --mode static --images " + Q(images) + " --random 2");
  EXPECT_EQ(both.exit_code, 2);
  CliRun dyn = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "q3.onnx") +
                      " --mode dynamic --target-cosine 0.99");
  EXPECT_EQ(dyn.exit_code, 1);
  EXPECT_NE(dyn.err.find("--mode static"), std::string::npos) << dyn.err;
}

TEST(CmdQuantizeTest, BadOptionsAreOneLineErrorsNamingTheOption) {
  testing::TempDir tmp;
  const std::string base = "quantize " + Q(SampleModel()) + " -o " + Q(tmp.path() / "q.onnx");
  EXPECT_EQ(RunCli(base).exit_code, 2);  // --mode is required
  EXPECT_EQ(RunCli(base + " --mode fast").exit_code, 2);
  CliRun ops = RunCli(base + " --mode static --random 1 --op-types Conv,Frobnicate");
  EXPECT_EQ(ops.exit_code, 1);
  EXPECT_EQ(ops.err.rfind("onnxlens-cli: error: --op-types: unknown op type 'Frobnicate'", 0), 0u)
      << ops.err;
  fs::create_directories(tmp.path() / "empty");
  CliRun empty = RunCli(base + " --mode static --calib " + Q(tmp.path() / "empty"));
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_NE(empty.err.find("--calib"), std::string::npos) << empty.err;
  CliRun none = RunCli(base + " --mode static");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("--random N"), std::string::npos) << none.err;
}

TEST(CmdQuantizeTest, NeverOverwritesTheModel) {
  testing::TempDir tmp;
  const fs::path model = tmp.path() / "m.onnx";
  fs::copy_file(SampleModel(), model);
  const auto size = fs::file_size(model);
  CliRun r = RunCli("quantize " + Q(model) + " -o " + Q(model) + " --mode dynamic --force");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(fs::file_size(model), size);
}

TEST(CmdCompareTest, PrintsOutputsAndLayersOrJson) {
  testing::TempDir tmp;
  const fs::path q = tmp.path() / "q.onnx";
  ASSERT_EQ(RunCli("quantize " + Q(SampleModel()) + " -o " + Q(q) + " --mode static --random 2")
                .exit_code,
            0);
  CliRun text = RunCli("compare " + Q(SampleModel()) + " " + Q(q) + " --random 2 --top 3");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("probabilities"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("worst SQNR first"), std::string::npos) << text.out;
  CliRun json = RunCli("compare " + Q(SampleModel()) + " " + Q(q) + " --random 1 --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["schema"], "onnxlens.compare/1");
  EXPECT_EQ(j["outputs"][0]["name"], "probabilities");
  // A float model and its quantized version: no warning that they are unrelated.
  EXPECT_EQ(text.err.find("does not look like"), std::string::npos) << text.err;
  ASSERT_TRUE(j.contains("unrelated"));
  EXPECT_TRUE(j["unrelated"].empty()) << j["unrelated"];
  EXPECT_EQ(RunCli("compare " + Q(SampleModel()) + " " + Q(q)).exit_code, 2);  // no inputs
}

// y = OP(x) with x, y float [1, 4]: two small models of one input and one output.
fs::path WriteUnaryModel(const fs::path& path, const std::string& op, const std::string& output) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(13);
  auto* g = m.mutable_graph();
  g->set_name(op);
  auto value = [](onnx::ValueInfoProto* vi, const std::string& name) {
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    for (int d : {1, 4}) tt->mutable_shape()->add_dim()->set_dim_value(d);
  };
  value(g->add_input(), "x");
  auto* n = g->add_node();
  n->set_op_type(op);
  n->add_input("x");
  n->add_output(output);
  value(g->add_output(), output);
  std::ofstream(path, std::ios::binary) << m.SerializeAsString();
  return path;
}

// Issue 41.7: compare of unrelated models reported a cosine of 0.06 and nothing else. Models that
// do not look like versions of one another get a one-line warning on stderr saying why, and the
// reasons in the JSON's `unrelated`.
TEST(CmdCompareTest, UnrelatedModelsAreSaidToBeUnrelated) {
  testing::TempDir tmp;
  const fs::path a = WriteUnaryModel(tmp.path() / "a.onnx", "Identity", "y");
  const fs::path neg = WriteUnaryModel(tmp.path() / "neg.onnx", "Neg", "y");
  const fs::path renamed = WriteUnaryModel(tmp.path() / "renamed.onnx", "Identity", "z");
  CliRun r = RunCli("compare " + Q(a) + " " + Q(neg) + " --random 3 --latency-runs 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "onnxlens-cli: warning: " + Q(neg) +
                       " does not look like a float / quantized version of " + Q(a) +
                       ": every output's cosine is below 0.5 (highest -1) and no intermediate "
                       "tensor of A has a counterpart in B\n");
  CliRun json = RunCli("compare " + Q(a) + " " + Q(renamed) + " --random 1 --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["unrelated"].size(), 1u) << j["unrelated"];
  EXPECT_EQ(j["unrelated"][0], "their output names differ (A: y; B: z)");
  EXPECT_NE(json.err.find("warning: " + Q(renamed) + " does not look like"), std::string::npos)
      << json.err;
  // Without the layers there is nothing to tell a bad quantization from another model: outputs
  // alone are not judged.
  CliRun no_layers = RunCli("compare " + Q(a) + " " + Q(neg) + " --random 1 --no-layers");
  ASSERT_EQ(no_layers.exit_code, 0) << no_layers.err;
  EXPECT_EQ(no_layers.err.find("does not look like"), std::string::npos) << no_layers.err;
}

}  // namespace
}  // namespace onnxlens
