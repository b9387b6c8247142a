// The CLI's writers and hostile names as a user meets them: output files named from hostile tensor
// names stay inside their folder, nothing the user owns or the command reads is replaced (also
// with --force, also through links), and files that once reached the last-resort handler end with
// a message naming the file.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/cli_run.h"
#include "common/file_util.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

// A valid model, y_i = Identity(input) for each name in `outputs`, written with the ONNX protobuf
// classes (as tests/tools/make_test_models.cc does).
fs::path WriteModelWithOutputs(const fs::path& path, const std::vector<std::string>& outputs,
                               const std::string& input = "x") {
  onnx::ModelProto m;
  m.set_ir_version(8);
  auto* opset = m.add_opset_import();
  opset->set_domain("");
  opset->set_version(13);
  auto* g = m.mutable_graph();
  g->set_name("hostile_names");
  auto value = [](onnx::ValueInfoProto* vi, const std::string& name) {
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    for (int d : {1, 4}) tt->mutable_shape()->add_dim()->set_dim_value(d);
  };
  value(g->add_input(), input);
  for (size_t i = 0; i < outputs.size(); ++i) {
    auto* n = g->add_node();
    n->set_op_type("Identity");
    n->set_name(outputs[i] + "/node");
    n->add_input(input);
    n->add_output(outputs[i]);
    value(g->add_output(), outputs[i]);
  }
  std::ofstream f(path, std::ios::binary);
  f << m.SerializeAsString();
  return path;
}

std::set<std::string> FilesIn(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
  return out;
}

TEST(CliRunOutputs, HostileOutputNamesBecomeSafeDistinctFilesInsideTheFolder) {
  testing::TempDir tmp;
  const fs::path abs = tmp.path() / "absolute_target";
  const fs::path model = WriteModelWithOutputs(
      tmp.path() / "m.onnx", {"../escape", abs.string(), "a/b", "a_b", ".hidden", "logits"});
  const fs::path out = tmp.path() / "out";
  CliRun r = RunCli("run " + Q(model) + " --outputs " + Q(out) + " --format npy --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string abs_name = "_" + abs.relative_path().string();
  std::string abs_file = abs_name;
  std::replace(abs_file.begin(), abs_file.end(), '/', '_');
  const std::set<std::string> expected = {"___escape.npy", abs_file + ".npy", "a_b.npy",
                                          "a_b-2.npy",     "_hidden.npy",     "logits.npy"};
  EXPECT_EQ(FilesIn(out), expected);
  EXPECT_FALSE(fs::exists(tmp.path() / "escape.npy"));
  EXPECT_FALSE(fs::exists(abs.string() + ".npy"));
  EXPECT_EQ(FilesIn(tmp.path()), (std::set<std::string>{"m.onnx", "out"}))
      << "nothing written next to the folder";
  // The report names the file each output went to.
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["outputs"].size(), 6u);
  EXPECT_EQ(j["outputs"][0]["name"], "../escape");
  EXPECT_EQ(j["outputs"][0]["file"], (out / "___escape.npy").string());
  EXPECT_EQ(j["outputs"][3]["file"], (out / "a_b-2.npy").string());
  CliRun text =
      RunCli("run " + Q(model) + " --outputs " + Q(tmp.path() / "out2") + " --format npy");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(Has(text.out, "-> " + (tmp.path() / "out2" / "___escape.npy").string())) << text.out;
}

TEST(CliRunOutputs, ExistingFilesAreReplacedOnlyWithForce) {
  testing::TempDir tmp;
  const fs::path model = WriteModelWithOutputs(tmp.path() / "m.onnx", {"y"});
  const fs::path out = tmp.path() / "out";
  for (const char* format : {"npy", "pb"}) {
    const std::string args = "run " + Q(model) + " --outputs " + Q(out) + " --format " + format;
    ASSERT_EQ(RunCli(args).exit_code, 0) << format;
    CliRun again = RunCli(args);
    EXPECT_EQ(again.exit_code, 1) << format;
    EXPECT_TRUE(Has(again.err, "output 'y': refusing to replace")) << again.err;
    EXPECT_TRUE(Has(again.err, "(pass --force to replace it)")) << again.err;
    CliRun forced = RunCli(args + " --force");
    EXPECT_EQ(forced.exit_code, 0) << forced.err;
  }
}

TEST(CliRunOutputs, ALinkInsideTheFolderIsRefusedAndItsTargetKept) {
  testing::TempDir tmp;
  const fs::path model = WriteModelWithOutputs(tmp.path() / "m.onnx", {"y"});
  const fs::path out = tmp.path() / "out";
  fs::create_directory(out);
  const fs::path outside = tmp.path() / "outside.txt";
  std::ofstream(outside) << "keep me";
  fs::create_symlink(outside, out / "y.npy");
  CliRun r = RunCli("run " + Q(model) + " --outputs " + Q(out) + " --format npy --force");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "a symbolic link to " + Q(outside))) << r.err;
  EXPECT_EQ(ReadFile(outside, 100).value(), "keep me");
  EXPECT_TRUE(fs::is_symlink(out / "y.npy"));
}

TEST(CliRunOutputs, AnInputFileIsNeverReplacedEvenWithForce) {
  testing::TempDir tmp;
  // Output "a/b" goes to a_b.npy, the file of input "a_b" when --inputs and --outputs are one
  // folder.
  const fs::path model = WriteModelWithOutputs(tmp.path() / "m.onnx", {"a/b"}, "a_b");
  const fs::path dir = tmp.path() / "io";
  ASSERT_EQ(RunCli("run " + Q(model) + " --outputs " + Q(dir) + " --format npy").exit_code, 0);
  const auto before = ReadFile(dir / "a_b.npy", 1 << 20).value();
  CliRun r = RunCli("run " + Q(model) + " --inputs " + Q(dir) + " --outputs " + Q(dir) +
                    " --format npy --force");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "it is an input this command reads (also with --force)")) << r.err;
  EXPECT_EQ(ReadFile(dir / "a_b.npy", 1 << 20).value(), before);
}

// Files that used to reach main's last-resort handler ("internal error: ...") end with a message
// naming the file, or are handled.
TEST(CliNoInternalErrors, NamesThatAreNotUtf8PrintAsJsonWithReplacementCharacters) {
  testing::TempDir tmp;
  const fs::path model = WriteModelWithOutputs(tmp.path() / "m.onnx", {"y\xfe"});
  for (const std::string verb : {"run", "info", "partition", "optimize"}) {
    CliRun r = RunCli(verb + " " + Q(model) + " --json");
    ASSERT_EQ(r.exit_code, 0) << verb << ": " << r.err;
    EXPECT_NO_THROW(nlohmann::json::parse(r.out)) << verb;
    // run and info name the output, partition its node ("y\xfe/node").
    if (verb != "optimize") {
      EXPECT_TRUE(Has(r.out, "y\xef\xbf\xbd")) << verb << ": U+FFFD for 0xFE";
    }
  }
}

TEST(CliNoInternalErrors, AnInputNumberBeyond64BitsNamesTheFile) {
  testing::TempDir tmp;
  const fs::path model = WriteModelWithOutputs(tmp.path() / "m.onnx", {"y"});
  const fs::path in = tmp.path() / "in";
  fs::create_directory(in);
  std::ofstream(in / "input_99999999999999999999.pb") << "x";
  CliRun r = RunCli("run " + Q(model) + " --inputs " + Q(in));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "input_99999999999999999999.pb': the input number")) << r.err;
  EXPECT_FALSE(Has(r.err, "internal error")) << r.err;
}

TEST(CliNoInternalErrors, AConformanceFileNumberBeyond64BitsIsThatTestsError) {
  testing::TempDir tmp;
  const fs::path set = tmp.path() / "suite" / "t1" / "test_data_set_0";
  fs::create_directories(set);
  WriteModelWithOutputs(tmp.path() / "suite" / "t1" / "model.onnx", {"y"});
  std::ofstream(set / "input_99999999999999999999.pb") << "x";
  CliRun r = RunCli("conformance --suite " + Q(tmp.path() / "suite") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["tests"][0]["status"], "error");
  EXPECT_TRUE(Has(j["tests"][0]["reason"].get<std::string>(), "is too large")) << r.out;
}

TEST(CliNoInternalErrors, ASettingTooLongForAPathIsAUsageError) {
  CliRun r = RunCli("bench " + Q(testing::SampleModel()) +
                    " --runs 1 --sweep level=" + std::string(5000, 'a'));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(Has(r.err, "--sweep: unknown level")) << r.err.substr(0, 200);
}

TEST(CliWriters, ProfileNeverWritesTheTraceOverTheModel) {
  testing::TempDir tmp;
  const fs::path model = tmp.path() / "model.onnx";
  fs::copy_file(testing::SampleModel(), model);
  const auto before = ReadFile(model, 1 << 26).value();
  for (const char* force : {"", " --force"}) {
    CliRun r = RunCli("profile " + Q(model) + " --runs 1 -o " + Q(model) + force);
    EXPECT_EQ(r.exit_code, 1) << force;
    EXPECT_EQ(r.err, "onnxlens-cli: error: refusing to overwrite " + Q(model) +
                         ": it is the model this command reads (also with --force); write to "
                         "another file\n");
  }
  EXPECT_EQ(ReadFile(model, 1 << 26).value(), before);
}

TEST(CliWriters, ProfileReplacesAnExistingTraceOnlyWithForce) {
  testing::TempDir tmp;
  const fs::path trace = tmp.path() / "trace.json";
  std::ofstream(trace) << "old";
  ASSERT_EQ(::chmod(trace.c_str(), 0600), 0);
  const std::string args = "profile " + Q(testing::SampleModel()) + " --runs 1 -o " + Q(trace);
  CliRun r = RunCli(args);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(Has(r.err, "refusing to replace " + Q(trace) + ": the file exists (pass --force"))
      << r.err;
  EXPECT_EQ(ReadFile(trace, 100).value(), "old");
  CliRun forced = RunCli(args + " --force");
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(ReadFile(trace, 1 << 26).value(), "old");
  EXPECT_EQ(fs::status(trace).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write)
      << "the 0600 file stays 0600";
}

TEST(CliWriters, ConvertAndOptimizeReplaceAnExistingOutputOnlyWithForce) {
  testing::TempDir tmp;
  const fs::path out = tmp.path() / "out.onnx";
  std::ofstream(out) << "old";
  const std::string m = Q(testing::SampleModel());
  for (const std::string& args :
       {"convert " + m + " " + Q(out), "optimize " + m + " -o " + Q(out),
        "convert " + m + " " + Q(tmp.path() / "x.onnx") + " --external-data"}) {
    if (Has(args, "x.onnx")) std::ofstream(tmp.path() / "x.onnx.data") << "old";
    CliRun r = RunCli(args);
    EXPECT_EQ(r.exit_code, 1) << args;
    EXPECT_TRUE(Has(r.err, "the file exists (pass --force to replace it)")) << r.err;
    CliRun forced = RunCli(args + " --force");
    EXPECT_EQ(forced.exit_code, 0) << args << ": " << forced.err;
  }
}

TEST(CliWriters, ConvertNeverReplacesTheInputOrItsDataEvenWithForce) {
  testing::TempDir tmp;
  const fs::path in = tmp.path() / "in.onnx";
  ASSERT_EQ(
      RunCli("convert " + Q(testing::SampleModel()) + " " + Q(in) + " --external-data").exit_code,
      0);
  const fs::path data = tmp.path() / "in.onnx.data";
  const auto before = ReadFile(data, 1 << 26).value();
  CliRun same = RunCli("convert " + Q(in) + " " + Q(in) + " --force");
  EXPECT_EQ(same.exit_code, 1);
  EXPECT_TRUE(Has(same.err, "it is the model this command reads")) << same.err;
  // sub/o.onnx.data is a hard link to in.onnx.data: writing it would change the input's data.
  fs::create_directory(tmp.path() / "sub");
  fs::create_hard_link(data, tmp.path() / "sub" / "o.onnx.data");
  CliRun data_clash = RunCli("convert " + Q(in) + " " + Q(tmp.path() / "sub" / "o.onnx") +
                             " --external-data --force");
  EXPECT_EQ(data_clash.exit_code, 1);
  EXPECT_TRUE(Has(data_clash.err, "it is external data of the model this command reads"))
      << data_clash.err;
  EXPECT_EQ(ReadFile(data, 1 << 26).value(), before);
}

// DIR/test_data_set_0/input_0.pb: one valid input ("image", float [1, 3, 32, 32]) of the sample.
fs::path WriteSampleDataSet(const fs::path& dir) {
  const fs::path set = dir / "test_data_set_0";
  fs::create_directories(set);
  onnx::TensorProto t;
  t.set_name("image");
  t.set_data_type(onnx::TensorProto::FLOAT);
  for (int d : {1, 3, 32, 32}) t.add_dims(d);
  for (int i = 0; i < 3 * 32 * 32; ++i) t.add_float_data(static_cast<float>(i % 17) / 17 - 0.5f);
  std::ofstream(set / "input_0.pb", std::ios::binary) << t.SerializeAsString();
  return set / "input_0.pb";
}

// Issue 41.5: every writer refuses, also with --force, a file its command reads: a file of
// --calib, --eval, --images or --inputs, or a hard link to one.
TEST(CliWriters, NoVerbWritesOverAFileItReadsEvenWithForce) {
  testing::TempDir tmp;
  const fs::path data = tmp.path() / "data", eval = tmp.path() / "eval";
  const fs::path input = WriteSampleDataSet(data), eval_input = WriteSampleDataSet(eval);
  const fs::path set = input.parent_path();
  const fs::path images = tmp.path() / "images";
  fs::create_directory(images);
  const fs::path image = images / "red_8x6.png";
  fs::copy_file(testing::SourceDir() / "tests/data/images/red_8x6.png", image);
  const fs::path hard_link = tmp.path() / "out.onnx";
  fs::create_hard_link(input, hard_link);
  const std::string before = ReadFile(input, 1 << 20).value();
  const std::string image_before = ReadFile(image, 1 << 20).value();
  const std::string m = Q(testing::SampleModel());
  const std::string quantize = "quantize " + m + " --mode static ";
  struct Case {
    std::string args;
    fs::path target;
    std::string folder;  ///< "--calib 'DIR'"
  };
  const std::vector<Case> cases = {
      {quantize + "--calib " + Q(data), input, "--calib " + Q(data)},
      {quantize + "--calib " + Q(data), hard_link, "--calib " + Q(data)},
      {quantize + "--calib " + Q(data) + " --eval " + Q(eval) + " --target-cosine 0.5", eval_input,
       "--eval " + Q(eval)},
      {quantize + "--images " + Q(images), image, "--images " + Q(images)},
      {"profile " + m + " --runs 1 --inputs " + Q(set), input, "--inputs " + Q(set)},
      {"optimize " + m + " --verify --inputs " + Q(set), input, "--inputs " + Q(set)},
  };
  for (const Case& c : cases) {
    CliRun r = RunCli(c.args + " -o " + Q(c.target) + " --force");
    EXPECT_EQ(r.exit_code, 1) << c.args;
    EXPECT_EQ(r.err, "onnxlens-cli: error: refusing to overwrite " + Q(c.target) +
                         ": it is an input in " + c.folder +
                         " this command reads (also with --force); write to another file\n")
        << c.args;
  }
  EXPECT_EQ(ReadFile(input, 1 << 20).value(), before);
  EXPECT_EQ(ReadFile(eval_input, 1 << 20).value(), before);
  EXPECT_EQ(ReadFile(image, 1 << 20).value(), image_before);
}

}  // namespace
}  // namespace onnxlens
