// `onnxlens-cli report` as a user runs it: the file written and named, a refused path an error
// with exit 1 and nothing replaced, bad usage exit 2.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/cli_run.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;
using testing::SampleModel;

TEST(CmdReportTest, WritesOneSelfContainedFileAndRefusesToReplaceTheModel) {
  testing::TempDir tmp;
  const fs::path out = tmp.path() / "r.html";
  CliRun ok = RunCli("report " + Q(SampleModel()) + " -o " + Q(out) + " --runs 2 --threads 1");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_TRUE(Has(ok.out, "wrote " + out.string())) << ok.out;
  EXPECT_TRUE(Has(ReadText(out), "</html>"));
  const fs::path model = tmp.path() / "m.onnx";
  fs::copy_file(SampleModel(), model);
  const std::string before = ReadText(model);
  CliRun self = RunCli("report " + Q(model) + " -o " + Q(model) + " --force");
  EXPECT_EQ(self.exit_code, 1);
  EXPECT_TRUE(Has(self.err, "the model")) << self.err;
  EXPECT_EQ(ReadText(model), before);
  CliRun again = RunCli("report " + Q(SampleModel()) + " -o " + Q(out));
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_TRUE(Has(again.err, "--force")) << again.err;
  CliRun usage = RunCli("report " + Q(SampleModel()));
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_TRUE(Has(usage.err, "--output")) << usage.err;
}

}  // namespace
}  // namespace onnxlens
