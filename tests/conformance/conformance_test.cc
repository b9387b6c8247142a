// The ONNX backend conformance suites against tests/conformance/allowlist.txt: every test outside
// the list passes, every listed test still fails (else its line must go), every line has a reason.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "api/conformance.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

std::map<std::string, std::string> ReadAllowlist() {
  std::map<std::string, std::string> out;
  std::ifstream f(testing::SourceDir() / "tests/conformance/allowlist.txt");
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string test, reason;
    is >> test;
    std::getline(is, reason);
    out[test] = reason;
  }
  return out;
}

TEST(ConformanceTest, EveryAllowlistedTestHasAReason) {
  for (const auto& [test, reason] : ReadAllowlist()) {
    EXPECT_NE(reason.find_first_not_of(' '), std::string::npos) << test << " has no reason";
  }
}

TEST(ConformanceTest, BackendSuitesPassExceptTheAllowlist) {
  ConformanceOptions opt;
  opt.suites = DefaultConformanceSuites();
  if (!std::filesystem::exists(opt.suites[0])) GTEST_SKIP() << "libonnx-testdata is not installed";
  auto report = RunConformance(opt);
  ASSERT_TRUE(report.ok()) << report.status().message();
  const auto allow = ReadAllowlist();
  std::map<std::string, std::pair<int, int>> per_suite;  // passed, total
  for (const auto& c : report->cases) {
    const std::string key = c.suite + "/" + c.name;
    auto& s = per_suite[c.suite];
    s.second++;
    if (c.status == "pass") {
      s.first++;
      EXPECT_EQ(allow.count(key), 0u) << key << " passes now: remove it from allowlist.txt";
    } else {
      EXPECT_EQ(allow.count(key), 1u) << key << " " << c.status << ": " << c.reason;
    }
  }
  int other_pass = 0, other_total = 0;
  for (const auto& [suite, s] : per_suite) {
    std::printf("[ %s ] %d of %d pass\n", suite.c_str(), s.first, s.second);
    if (suite != "node") {
      other_pass += s.first;
      other_total += s.second;
    }
  }
  EXPECT_GE(per_suite["node"].first, 820);
  EXPECT_GE(other_pass, 120);
}

// Optimizing must not change which backend tests pass (a pass that breaks an op's semantics on
// some input shows up here as a test that passes at disabled and fails at a level).
TEST(ConformanceTest, EveryLevelPassesWhatDisabledPasses) {
  ConformanceOptions opt;
  opt.suites = DefaultConformanceSuites();
  if (!std::filesystem::exists(opt.suites[0])) GTEST_SKIP() << "libonnx-testdata is not installed";
  auto passing = [&](const std::string& level) {
    opt.level = level;
    auto report = RunConformance(opt);
    EXPECT_TRUE(report.ok()) << level << ": " << report.status().message();
    std::set<std::string> out;
    if (report.ok()) {
      for (const auto& c : report->cases) {
        if (c.status == "pass") out.insert(c.suite + "/" + c.name);
      }
    }
    return out;
  };
  const std::set<std::string> base = passing("disabled");
  EXPECT_GT(base.size(), 900u);
  for (const char* level : {"basic", "extended", "layout"}) {
    const std::set<std::string> got = passing(level);
    for (const auto& t : base) EXPECT_EQ(got.count(t), 1u) << t << " fails at " << level;
    for (const auto& t : got) EXPECT_EQ(base.count(t), 1u) << t << " passes only at " << level;
  }
}

}  // namespace
}  // namespace onnxlens::api
