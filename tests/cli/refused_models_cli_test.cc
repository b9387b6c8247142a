// Issue 41.6 as a user meets it: a file `run` refuses is refused by `optimize` and
// `quantize --mode dynamic` too, with the same one-line message, and nothing is written.
#include <gtest/gtest.h>

#include <string>

#include "cli/cli_run.h"
#include "runtime/refused_models.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

// The message of the "onnxlens-cli: error: " line of stderr (warnings about the file may come
// before it); "" when there is none or more than one.
std::string ErrorMessage(const CliRun& r) {
  const std::string prefix = "onnxlens-cli: error: ";
  std::string found;
  int errors = 0;
  size_t start = 0;
  while (start < r.err.size()) {
    size_t end = r.err.find('\n', start);
    if (end == std::string::npos) end = r.err.size();
    const std::string line = r.err.substr(start, end - start);
    if (line.rfind(prefix, 0) == 0) {
      found = line.substr(prefix.size());
      ++errors;
    }
    start = end + 1;
  }
  return errors == 1 ? found : "";
}

TEST(CliRefusedModelsTest, OptimizeAndQuantizeRefuseWhatRunRefusesWithItsMessage) {
  testing::TempDir tmp;
  for (const testing::RefusedModel& c : testing::RefusedModels()) {
    SCOPED_TRACE(c.name);
    const fs::path file = tmp.path() / (c.name + ".onnx");
    ASSERT_TRUE(testing::WriteRefusedModel(c, file));

    const CliRun run = RunCli("run " + Q(file));
    EXPECT_EQ(run.exit_code, 1) << run.out;
    const std::string message = ErrorMessage(run);
    EXPECT_NE(message.find(c.message), std::string::npos) << run.err;

    const fs::path opt = tmp.path() / (c.name + ".opt.onnx");
    for (const char* level : {"basic", "layout"}) {
      const CliRun r =
          RunCli("optimize " + Q(file) + " --level " + level + " --steps -o " + Q(opt));
      EXPECT_EQ(r.exit_code, 1) << level << ": " << r.out;
      EXPECT_EQ(ErrorMessage(r), file.string() + ": " + message) << r.err;
      EXPECT_FALSE(fs::exists(opt));
    }

    const fs::path q = tmp.path() / (c.name + ".int8.onnx");
    const CliRun quant = RunCli("quantize " + Q(file) + " --mode dynamic -o " + Q(q));
    EXPECT_EQ(quant.exit_code, 1) << quant.out;
    EXPECT_EQ(ErrorMessage(quant), file.string() + ": " + message) << quant.err;
    EXPECT_FALSE(fs::exists(q));
  }
}

}  // namespace
}  // namespace onnxlens
