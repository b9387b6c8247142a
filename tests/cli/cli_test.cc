// The CLI as a user runs it: exit codes, one-line errors on stderr, JSON on stdout.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/file_util.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

struct CliRun {
  int exit_code;
  std::string out;
  std::string err;
};

CliRun RunCli(const std::string& args) {
  testing::TempDir tmp;
  const fs::path err = tmp.path() / "stderr.txt";
  const std::string cmd =
      std::string("'") + ONNXLENS_CLI + "' " + args + " 2>'" + err.string() + "'";
  CliRun r;
  std::FILE* p = popen(cmd.c_str(), "r");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream e(err);
  std::stringstream ss;
  ss << e.rdbuf();
  r.err = ss.str();
  return r;
}

std::string Q(const fs::path& p) { return "'" + p.string() + "'"; }

TEST(CliTest, InfoPrintsTheSummary) {
  CliRun r = RunCli("info " + Q(testing::SampleModel()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BatchNormalization"), std::string::npos);
  EXPECT_NE(r.out.find("image"), std::string::npos);
}

TEST(CliTest, InfoJsonParsesAndShapesListsEveryValue) {
  CliRun r = RunCli("info --json --shapes " + Q(testing::SampleModel()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "onnxlens.info/1");
  ASSERT_TRUE(j.contains("values"));
  bool found = false;
  for (const auto& v : j["values"]) {
    if (v["name"] == "/head/logits") {
      found = true;
      EXPECT_EQ(v["type"], "float32[batch,10]");
    }
  }
  EXPECT_TRUE(found);
}

TEST(CliTest, EveryMalformedFileExitsNonZeroWithOneLineNamingIt) {
  for (const auto& e : fs::directory_iterator(testing::BadModelsDir())) {
    if (e.path().extension() != ".onnx") continue;
    CliRun r = RunCli("info " + Q(e.path()));
    EXPECT_EQ(r.exit_code, 1) << e.path();
    EXPECT_TRUE(r.out.empty()) << e.path();
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(e.path().filename().string()), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("onnxlens-cli: error: ", 0), 0u) << r.err;
  }
}

TEST(CliTest, BadUsageExitsTwo) {
  EXPECT_EQ(RunCli("").exit_code, 2);
  EXPECT_EQ(RunCli("frobnicate").exit_code, 2);
  EXPECT_EQ(RunCli("info").exit_code, 2);
  CliRun r = RunCli("info --nope " + Q(testing::SampleModel()));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--nope"), std::string::npos);
}

TEST(CliTest, ConvertRoundTripsAndNeverOverwritesTheInput) {
  testing::TempDir tmp;
  const fs::path in = tmp.path() / "in.onnx";
  fs::copy_file(testing::SampleModel(), in);
  const auto before = ReadFile(in, 1 << 26).value();

  CliRun same = RunCli("convert " + Q(in) + " " + Q(in));
  EXPECT_EQ(same.exit_code, 1);
  EXPECT_NE(same.err.find("refusing to overwrite"), std::string::npos) << same.err;
  EXPECT_EQ(ReadFile(in, 1 << 26).value(), before);

  CliRun ok = RunCli("convert " + Q(in) + " " + Q(tmp.path() / "out.onnx") + " --external-data");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("checker passed"), std::string::npos) << ok.out;
  EXPECT_TRUE(fs::exists(tmp.path() / "out.onnx.data"));
  CliRun info = RunCli("info --json " + Q(tmp.path() / "out.onnx"));
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["node_count"], 18);
}

TEST(CliTest, BenchJsonHasTheDocumentedSchema) {
  CliRun r =
      RunCli("bench " + Q(testing::SampleModel()) + " --runs 4 --warmup 2 --threads 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "onnxlens.bench/1");
  ASSERT_EQ(j["results"].size(), 1u);
  const auto& res = j["results"][0];
  EXPECT_EQ(res["latency_ms"]["count"], 4);
  EXPECT_EQ(res["latencies_ms"].size(), 4u);
  for (const char* k : {"min", "max", "mean", "stddev", "p50", "p90", "p95", "p99", "p99_9"})
    EXPECT_TRUE(res["latency_ms"].contains(k)) << k;
  for (const char* k : {"session_ms", "first_run_ms", "throughput", "peak_rss_bytes", "cpu"})
    EXPECT_TRUE(res.contains(k)) << k;
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal: " << r.err;
}

TEST(CliTest, BenchSweepPrintsOneRowPerCombination) {
  CliRun r = RunCli("bench " + Q(testing::SampleModel()) +
                    " --runs 2 --warmup 1 --sweep level=disabled,basic threads=1,2 --csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 5) << r.out;  // header + 4
  EXPECT_NE(r.out.find(",basic,2,"), std::string::npos) << r.out;
}

TEST(CliTest, BenchVsPrintsRatios) {
  CliRun r = RunCli("bench " + Q(testing::SampleModel()) +
                    " --runs 3 --warmup 1 --threads 1 --vs level=extended");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("B/A"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("level=extended"), std::string::npos) << r.out;
}

TEST(CliTest, BenchBadUsage) {
  const std::string m = Q(testing::SampleModel());
  EXPECT_EQ(RunCli("bench " + m + " --runs 0").exit_code, 2);
  EXPECT_EQ(RunCli("bench " + m + " --runs 3 --duration 1").exit_code, 2);
  EXPECT_EQ(RunCli("bench " + m + " --json --csv").exit_code, 2);
  EXPECT_EQ(RunCli("bench " + m + " --level fastest").exit_code, 2);
  CliRun vs = RunCli("bench " + m + " --vs speed=max");
  EXPECT_EQ(vs.exit_code, 2);
  EXPECT_NE(vs.err.find("speed"), std::string::npos) << vs.err;
  EXPECT_EQ(RunCli("bench " + m + " --sweep level=basic --vs threads=2").exit_code, 2);
  CliRun missing = RunCli("bench /no/such.onnx --runs 1");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/no/such.onnx"), std::string::npos) << missing.err;
}

TEST(CliProfile, WarmUpAndDurationAreReadAndChecked) {
  CliRun r = RunCli("profile " + Q(testing::SampleModel()) + " --warmup 2 --runs 3 --summary");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 run(s)"), std::string::npos) << r.out;  // warm-up runs not counted
  CliRun d = RunCli("profile " + Q(testing::SampleModel()) + " --duration 0.05 --summary");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("run(s)"), std::string::npos);
  CliRun bad = RunCli("profile " + Q(testing::SampleModel()) + " --duration soon");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--duration"), std::string::npos) << bad.err;
  CliRun both = RunCli("profile " + Q(testing::SampleModel()) + " --duration 1 --runs 2");
  EXPECT_EQ(both.exit_code, 2);
}

}  // namespace
}  // namespace onnxlens
