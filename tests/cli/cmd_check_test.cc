// `onnxlens-cli check` as CI runs it: exit 0 when every gate holds, 1 naming the gate and its
// figure when one fails, 2 for bad usage (no gate, a malformed baseline or one of another model,
// a --junit path that is an input); the JUnit file written, nothing the user owns replaced.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli_run.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;
using testing::SampleModel;

const std::string kQuick = " --threads 1 --warmup 1 --runs 5";

TEST(CmdCheckTest, ExitsZeroWhenEveryGateHoldsAndOneNamingTheGateThatFails) {
  testing::TempDir tmp;
  CliRun ok = RunCli("check " + Q(SampleModel()) + " --max-nodes 18 --max-p50-ms 100000" + kQuick);
  EXPECT_EQ(ok.exit_code, 0) << ok.err << ok.out;
  EXPECT_TRUE(Has(ok.out, "PASS  max-nodes")) << ok.out;
  EXPECT_TRUE(Has(ok.out, "check passed: 2 gate(s) hold")) << ok.out;
  const fs::path junit = tmp.path() / "junit.xml";
  CliRun fail = RunCli("check " + Q(SampleModel()) + " --max-nodes 5 --max-p99-ms 0.000001" +
                       kQuick + " --junit " + Q(junit));
  EXPECT_EQ(fail.exit_code, 1) << fail.err;
  EXPECT_TRUE(Has(fail.out, "FAIL  max-nodes   18 nodes; gate: at most 5")) << fail.out;
  EXPECT_TRUE(Has(fail.out, "FAIL  max-p99-ms  P99 ")) << fail.out;
  const std::string xml = ReadText(junit);
  EXPECT_TRUE(Has(xml, "tests=\"2\" failures=\"2\" errors=\"0\"")) << xml;
  // The accuracy gate, against the model itself: exact.
  CliRun acc = RunCli("check " + Q(SampleModel()) + " --reference " + Q(SampleModel()) +
                      " --min-sqnr 60 --json");
  ASSERT_EQ(acc.exit_code, 0) << acc.err;
  const nlohmann::json j = nlohmann::json::parse(acc.out);
  EXPECT_EQ(j["schema"], "onnxlens.check/1");
  EXPECT_EQ(j["gates"][0]["gate"], "min-sqnr");
  EXPECT_TRUE(j["gates"][0]["passed"].get<bool>());
}

TEST(CmdCheckTest, BadUsageExitsTwoNamingWhatIsWrong) {
  testing::TempDir tmp;
  CliRun none = RunCli("check " + Q(SampleModel()));
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_TRUE(Has(none.err, "check needs at least one gate")) << none.err;
  const fs::path base = tmp.path() / "base.json";
  std::ofstream(base) << "{\"schema\": \"onnxlens.bench/1\", \"results\": [";
  CliRun bad = RunCli("check " + Q(SampleModel()) + " --max-ratio " + Q(base));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(Has(bad.err, base.string() + "': not JSON")) << bad.err;
  CliRun number =
      RunCli("check " + Q(SampleModel()) + " --min-cosine 2 --reference " + Q(SampleModel()));
  EXPECT_EQ(number.exit_code, 2);
  EXPECT_TRUE(Has(number.err, "--min-cosine")) << number.err;
  // A baseline of another model (bench --json of a model with other inputs).
  testing::TempDir other;
  const fs::path m2 = other.path() / "other.onnx";
  CliRun q = RunCli("quantize " + Q(SampleModel()) + " -o " + Q(m2) + " --mode dynamic");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  CliRun b = RunCli("bench " + Q(SampleModel()) + kQuick + " --json");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  nlohmann::json j = nlohmann::json::parse(b.out);
  j["results"][0]["inputs"] = {"tokens"};
  std::ofstream(base) << j.dump();
  CliRun foreign = RunCli("check " + Q(SampleModel()) + " --max-ratio " + Q(base));
  EXPECT_EQ(foreign.exit_code, 2);
  EXPECT_TRUE(Has(foreign.err, "is a baseline of another model")) << foreign.err;
}

TEST(CmdCheckTest, TheJUnitFileNeverReplacesAnInputOrAnExistingFileWithoutForce) {
  testing::TempDir tmp;
  const fs::path model = tmp.path() / "m.onnx";
  fs::copy_file(SampleModel(), model);
  const std::string before = ReadText(model);
  CliRun self = RunCli("check " + Q(model) + " --max-nodes 100 --junit " + Q(model) + " --force");
  EXPECT_EQ(self.exit_code, 2);
  EXPECT_TRUE(Has(self.err, "--junit")) << self.err;
  EXPECT_TRUE(Has(self.err, "the model")) << self.err;
  EXPECT_EQ(ReadText(model), before);
  const fs::path existing = tmp.path() / "results.xml";
  std::ofstream(existing) << "mine";
  CliRun kept = RunCli("check " + Q(model) + " --max-nodes 100 --junit " + Q(existing));
  EXPECT_EQ(kept.exit_code, 2);
  EXPECT_TRUE(Has(kept.err, "--force")) << kept.err;
  EXPECT_EQ(ReadText(existing), "mine");
  CliRun replaced =
      RunCli("check " + Q(model) + " --max-nodes 100 --junit " + Q(existing) + " --force");
  EXPECT_EQ(replaced.exit_code, 0) << replaced.err;
  EXPECT_TRUE(Has(ReadText(existing), "<testsuites>"));
}

}  // namespace
}  // namespace onnxlens
