// The CLI as a user runs it: exit codes, one-line errors on stderr, JSON on stdout.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/cli_run.h"
#include "common/file_util.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

TEST(CliTest, InfoPrintsTheSummary) {
  CliRun r = RunCli("info " + Q(testing::SampleModel()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BatchNormalization"), std::string::npos);
  EXPECT_NE(r.out.find("image"), std::string::npos);
  // Issue 21.21: the compute and activation estimates, and MACs / FLOPs per op type.
  EXPECT_NE(r.out.find("compute      "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" MACs, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("per batch item"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("activations  peak "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("      MACs      FLOPs"), std::string::npos) << r.out;
}

TEST(CliTest, InfoJsonParsesAndShapesListsEveryValue) {
  CliRun r = RunCli("info --json --shapes " + Q(testing::SampleModel()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "onnxlens.info/1");
  ASSERT_TRUE(j.contains("cost"));
  EXPECT_GT(j["cost"]["macs"].get<int64_t>(), 0);
  EXPECT_GE(j["cost"]["flops"].get<int64_t>(), 2 * j["cost"]["macs"].get<int64_t>());
  EXPECT_GT(j["cost"]["activation_peak_bytes"].get<int64_t>(), 0);
  EXPECT_TRUE(j["cost"]["symbolic_dims_as_one"].get<bool>());
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

TEST(CliTest, PartitionGivesEveryNodeAProviderAndTheReason) {
  CliRun r = RunCli("partition --providers cpu,reference --json " + Q(testing::SampleModel()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "onnxlens.partition/1");
  ASSERT_FALSE(j["nodes"].empty());
  int64_t counted = 0;
  for (const auto& [provider, n] : j["counts"].items()) counted += n.get<int64_t>();
  EXPECT_EQ(counted, static_cast<int64_t>(j["nodes"].size()));
  for (const auto& n : j["nodes"]) {
    ASSERT_FALSE(n["provider"].get<std::string>().empty());
    if (n["provider"] != "cpu") {
      EXPECT_FALSE(n["declined"][0]["sentence"].get<std::string>().empty());
    }
  }
  CliRun text = RunCli("partition " + Q(testing::SampleModel()));
  EXPECT_NE(text.out.find("why not the preferred provider"), std::string::npos) << text.out;
  EXPECT_EQ(RunCli("partition --providers tpu " + Q(testing::SampleModel())).exit_code, 2);
}

TEST(CliTest, MaxMemoryBoundsARunAndIsChecked) {
  CliRun tight = RunCli("run --max-memory 1K " + Q(testing::SampleModel()));
  EXPECT_EQ(tight.exit_code, 1);
  EXPECT_NE(tight.err.find("memory budget of 1.0 KiB"), std::string::npos) << tight.err;
  EXPECT_EQ(RunCli("run --max-memory 1G " + Q(testing::SampleModel())).exit_code, 0);
  CliRun bad = RunCli("run --max-memory 4X " + Q(testing::SampleModel()));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--max-memory"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("unknown unit"), std::string::npos) << bad.err;
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

TEST(CliTest, BenchReportsThePlannedPeakAndTheMemoryFlagsTurnPlanningOff) {
  const std::string m = Q(testing::SampleModel());
  CliRun on = RunCli("bench " + m + " --runs 2 --warmup 1 --threads 1 --json");
  ASSERT_EQ(on.exit_code, 0) << on.err;
  const auto res = nlohmann::json::parse(on.out)["results"][0];
  EXPECT_GT(res["planned_peak_bytes"].get<uint64_t>(), 0u);
  EXPECT_LE(res["planned_peak_bytes"].get<uint64_t>(), res["planned_naive_bytes"].get<uint64_t>());
  EXPECT_GE(res["arena_high_water_bytes"].get<uint64_t>(),
            res["planned_peak_bytes"].get<uint64_t>());
  CliRun off =
      RunCli("bench " + m + " --runs 2 --warmup 1 --threads 1 --json --no-arena --no-mem-pattern");
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_EQ(nlohmann::json::parse(off.out)["results"][0]["planned_peak_bytes"], 0);
  CliRun text = RunCli("bench " + m + " --runs 2 --warmup 1 --threads 1");
  EXPECT_NE(text.out.find("planned peak"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("arena high-water"), std::string::npos) << text.out;
  EXPECT_EQ(RunCli("run --no-arena --no-mem-pattern " + m).exit_code, 0);
  EXPECT_EQ(RunCli("profile --no-mem-pattern " + m).exit_code, 0);
}

TEST(CliTest, InfoMemoryPrintsThePlan) {
  const std::string m = Q(testing::SampleModel());
  CliRun text = RunCli("info --memory " + m);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("planned peak"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("alive at the peak"), std::string::npos) << text.out;
  CliRun json = RunCli("info --memory --json " + m);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto mem = nlohmann::json::parse(json.out)["memory"];
  EXPECT_EQ(mem["schema"], "onnxlens.memory/1");
  EXPECT_GT(mem["buffers"].size(), 0u);
  EXPECT_LE(mem["planned_peak_bytes"].get<uint64_t>(), mem["naive_sum_bytes"].get<uint64_t>());
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

TEST(CliTest, BenchSweepOverABatchDimensionMarksOneKnee) {
  CliRun r = RunCli("bench " + Q(testing::SampleModel()) +
                    " --runs 3 --warmup 1 --threads 1 --sweep batch=1,2,4");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* want : {"batch", "ms/item", "items/s", "knee: the fewest items"})
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  size_t knees = 0;
  for (size_t at = r.out.find("<- knee"); at != std::string::npos;
       at = r.out.find("<- knee", at + 1))
    ++knees;
  EXPECT_EQ(knees, 1u) << r.out;  // three sizes: the best one reaches 90% of itself at least
  // A key that is neither a setting nor a whole number is refused before anything runs.
  CliRun bad = RunCli("bench " + Q(testing::SampleModel()) + " --sweep batch=1,x");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.err.find("neither a setting"), std::string::npos) << bad.err;
}

TEST(CliTest, BenchVsPrintsRatios) {
  CliRun r = RunCli("bench " + Q(testing::SampleModel()) +
                    " --runs 3 --warmup 1 --threads 1 --level disabled --vs level=extended");
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

// `args` is refused as bad usage (status 2, nothing on stdout) with `message` on stderr.
void ExpectUsageError(const std::string& args, const std::string& message) {
  CliRun r = RunCli(args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args;
  EXPECT_TRUE(Has(r.err, message)) << args << "\n" << r.err;
}

TEST(CliArgs, GarbageNumbersAreUsageErrorsNamingTheOptionAndTheValue) {
  const std::string m = Q(testing::SampleModel());
  struct Case {
    std::string args, option, value;
  };
  for (const Case& c : std::vector<Case>{
           {"profile " + m + " --runs abc", "--runs", "abc"},
           {"profile " + m + " --runs 10x", "--runs", "10x"},
           {"profile " + m + " --runs 0", "--runs", "0"},
           {"run " + m + " --threads -3", "--threads", "-3"},
           {"bench " + m + " --warmup 99999999999999999999", "--warmup", "99999999999999999999"},
           {"run " + m + " --seed -1", "--seed", "-1"},
           {"optimize " + m + " --stop-after 1.5", "--stop-after", "1.5"},
           {"conformance --threads two", "--threads", "two"},
           {"trace-summary x.json --top 0x10", "--top", "0x10"},
           {"profile " + m + " --duration 1s", "--duration", "1s"},
       })
    ExpectUsageError(c.args, c.option + ": '" + c.value + "'");
}

TEST(CliArgs, NumbersAreDecimalNotOctal) {
  CliRun r = RunCli("profile " + Q(testing::SampleModel()) + " --runs 010 --summary");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.out, "10 run(s)")) << r.out;
}

TEST(CliArgs, UnknownEnumValueIsRejectedListingTheAllowedOnes) {
  const std::string m = Q(testing::SampleModel());
  ExpectUsageError("optimize " + m + " --level fastest",
                   "--level: fastest not in {disabled,basic,extended,layout,all");
  ExpectUsageError("optimize " + m + " --format onnx", "--format: onnx not in {ort,standard}");
  ExpectUsageError("run " + m + " --format xml", "--format: xml not in {pb,npy}");
}

TEST(CliArgs, LevelsAreAcceptedByNameAndByOnnxRuntimeNumber) {
  const std::string m = Q(testing::SampleModel());
  CliRun named = RunCli("optimize " + m + " --level basic --json");
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(nlohmann::json::parse(named.out)["level"], "basic");
  CliRun numbered = RunCli("optimize " + m + " --level 99 --json");
  ASSERT_EQ(numbered.exit_code, 0) << numbered.err;
  EXPECT_EQ(nlohmann::json::parse(numbered.out)["level"], "layout");
}

// run --level: the session runs the optimized graph; the sample's outputs stay within tolerance.
TEST(CliArgs, RunAtALevelSaysSoAndComputesTheSameOutputs) {
  const std::string m = Q(testing::SampleModel());
  CliRun plain = RunCli("run " + m + " --threads 1 --level disabled --json");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  CliRun layout = RunCli("run " + m + " --threads 1 --level layout --json");
  ASSERT_EQ(layout.exit_code, 0) << layout.err;
  const auto a = nlohmann::json::parse(plain.out), b = nlohmann::json::parse(layout.out);
  EXPECT_EQ(a["level"], "disabled");
  EXPECT_EQ(b["level"], "layout");
  ASSERT_EQ(a["outputs"].size(), b["outputs"].size());
  for (size_t i = 0; i < a["outputs"].size(); ++i) {
    for (const char* k : {"min", "max", "mean"}) {
      const double x = a["outputs"][i][k], y = b["outputs"][i][k];
      EXPECT_NEAR(x, y, 1e-4 + 1e-4 * std::abs(x)) << k;
    }
  }
  ExpectUsageError("run " + m + " --level fastest", "--level: fastest not in");
}

// Issue 35.7: run, bench, profile and partition optimize fully by default, as ONNX Runtime's
// sessions and onnxruntime_perf_test do; --level disabled runs the file as loaded.
TEST(CliDefaults, RunBenchProfileAndPartitionUseLevelAllUnlessToldOtherwise) {
  const std::string m = Q(testing::SampleModel());
  CliRun bench = RunCli("bench " + m + " --runs 1 --json");
  ASSERT_EQ(bench.exit_code, 0) << bench.err;
  EXPECT_EQ(nlohmann::json::parse(bench.out)["results"][0]["config"]["level"], "all");
  CliRun run = RunCli("run " + m + " --json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(nlohmann::json::parse(run.out)["level"], "all");
  CliRun partition = RunCli("partition " + m + " --json");
  ASSERT_EQ(partition.exit_code, 0) << partition.err;
  EXPECT_EQ(nlohmann::json::parse(partition.out)["level"], "all");
  // The trace says the level, and its fused kernels name the nodes of the file they came from:
  // the kernels of a trace at level disabled.
  testing::TempDir tmp;
  const auto trace_of = [&](const std::string& options) {
    const fs::path trace = tmp.path() / "trace.json";
    CliRun r = RunCli("profile " + m + " --runs 1 --force -o " + Q(trace) + options);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto text = ReadFile(trace, 1 << 26);
    return text.ok() ? nlohmann::json::parse(*text) : nlohmann::json::object();
  };
  const nlohmann::json fused = trace_of(""), loaded = trace_of(" --level disabled");
  EXPECT_EQ(fused["otherData"]["level"], "all") << fused["otherData"].dump();
  EXPECT_EQ(loaded["otherData"]["level"], "disabled");
  const std::string suffix = "_kernel_time";
  std::set<std::string> nodes_of_the_file;
  for (const auto& e : loaded["traceEvents"]) {
    const std::string name = e.value("name", "");
    if (e.value("cat", "") == "Node" && name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      nodes_of_the_file.insert(name.substr(0, name.size() - suffix.size()));
  }
  ASSERT_FALSE(nodes_of_the_file.empty());
  int with_origins = 0;
  for (const auto& e : fused["traceEvents"]) {
    if (!e.contains("args") || !e["args"].contains("origins")) continue;
    ++with_origins;
    for (const auto& origin : e["args"]["origins"])
      EXPECT_TRUE(nodes_of_the_file.count(origin.get<std::string>()))
          << e["name"] << " <- " << origin;
  }
  EXPECT_GT(with_origins, 0) << "no fused kernel names the nodes it came from";
  // The help shows the default; disabled is one flag away.
  for (const std::string verb : {"run", "bench", "profile", "partition"}) {
    const std::string help = RunCli(verb + " --help").out;  // "--level L:{disabled,...}=all"
    const size_t at = help.find("--level L");
    ASSERT_NE(at, std::string::npos) << verb << ": " << help;
    const std::string line = help.substr(at, help.find('\n', at) - at);
    EXPECT_EQ(line.substr(line.rfind('=')), "=all") << verb << ": " << line;
  }
  CliRun plain = RunCli("bench " + m + " --runs 1 --level disabled --json");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(nlohmann::json::parse(plain.out)["results"][0]["config"]["level"], "disabled");
}

TEST(CliArgs, RepeatedDisableAddsUpLikeACommaList) {
  const std::string m = Q(testing::SampleModel()) + " --level layout --json";
  auto passes_run = [](const CliRun& r) {
    const auto j = nlohmann::json::parse(r.out);
    std::vector<std::string> out;
    for (const auto& step : j["steps"]) out.push_back(step["pass"].get<std::string>());
    return out;
  };
  auto contains = [](const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  CliRun all = RunCli("optimize " + m);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  ASSERT_TRUE(contains(passes_run(all), "conv-bn-fusion"));
  ASSERT_TRUE(contains(passes_run(all), "conv-activation-fusion"));
  CliRun list = RunCli("optimize " + m + " --disable conv-bn-fusion,conv-activation-fusion");
  CliRun repeated =
      RunCli("optimize " + m + " --disable conv-bn-fusion --disable conv-activation-fusion");
  for (const CliRun* r : {&list, &repeated}) {
    ASSERT_EQ(r->exit_code, 0) << r->err;
    EXPECT_FALSE(contains(passes_run(*r), "conv-bn-fusion")) << r->out;
    EXPECT_FALSE(contains(passes_run(*r), "conv-activation-fusion")) << r->out;
  }
  EXPECT_EQ(passes_run(list), passes_run(repeated));
}

TEST(CliOptimize, OutputEditsMarkThenPruneWithTheOpTable) {
  testing::TempDir tmp;
  const std::string m = Q(testing::SampleModel());
  const std::string marked = Q(tmp.path() / "marked.onnx");
  CliRun mark = RunCli("optimize " + m + " --level basic --add-outputs /pool/out -o " + marked);
  ASSERT_EQ(mark.exit_code, 0) << mark.err;
  EXPECT_TRUE(Has(mark.out, "outputs: added /pool/out; pruning removed 0 node(s)")) << mark.out;
  EXPECT_TRUE(Has(mark.out, "(all nodes)")) << mark.out;  // the op table comes with an edit
  // The marked file has both outputs; keeping the new one prunes the whole head.
  CliRun keep =
      RunCli("optimize " + marked + " --level disabled --keep-outputs /pool/out --verify --json");
  ASSERT_EQ(keep.exit_code, 0) << keep.err;
  const auto j = nlohmann::json::parse(keep.out);
  EXPECT_EQ(j["outputs_removed"], nlohmann::json::array({"probabilities"}));
  EXPECT_EQ(j["pruned_nodes"], 6);  // Conv (BN folded at basic), Relu, pool, Flatten, Gemm, Softmax
  EXPECT_TRUE(j["verify"]["ok"].get<bool>());
  EXPECT_EQ(j["verify"]["outputs"].size(), 1u);
  CliRun bad = RunCli("optimize " + m + " --drop-outputs nope");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_TRUE(Has(bad.err,
                  "--drop-outputs: 'nope' is not an output of graph 'sample_cnn'; its "
                  "outputs are 'probabilities'"))
      << bad.err;
}

TEST(CliArgs, RepeatedSweepAddsAxes) {
  CliRun r = RunCli("bench " + Q(testing::SampleModel()) +
                    " --runs 1 --warmup 1 --sweep level=disabled,basic --sweep threads=1,2 --csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 5) << r.out;  // header + 2 x 2
}

TEST(CliArgs, BenchModelMayFollowTheSettingsOfVs) {
  CliRun r = RunCli("bench --runs 1 --warmup 1 --threads 1 --vs level=extended " +
                    Q(testing::SampleModel()) + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(nlohmann::json::parse(r.out)["alternating"].get<bool>());
}

TEST(CliArgs, VersionPrintsTheProjectVersion) {
  CliRun r = RunCli("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, std::string("onnxlens-cli ") + ONNXLENS_VERSION + "\n");
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(CliArgs, ProvidersAreCheckedAndMayRepeat) {
  const std::string m = Q(testing::SampleModel());
  const std::string unknown = "--providers: gpu not in {dnnl,cpu,reference}";
  ExpectUsageError("run " + m + " --providers cpu,gpu", unknown);
  ExpectUsageError("run " + m + " --providers cpu --providers gpu", unknown);
  ExpectUsageError("bench " + m + " --runs 1 --providers gpu", unknown);
  ExpectUsageError("profile " + m + " --providers gpu", unknown);
  ExpectUsageError("conformance --providers gpu", unknown);

  CliRun reference = RunCli("run " + m + " --providers reference --json");
  ASSERT_EQ(reference.exit_code, 0) << reference.err;
  CliRun both = RunCli("run " + m + " --providers cpu --providers reference --json");
  ASSERT_EQ(both.exit_code, 0) << both.err;
  const auto a = nlohmann::json::parse(reference.out)["outputs"][0];
  const auto b = nlohmann::json::parse(both.out)["outputs"][0];
  EXPECT_NEAR(a["max"].get<double>(), b["max"].get<double>(), 1e-4);
  CliRun dnnl = RunCli("run " + m + " --providers dnnl,cpu,reference --json");
  ASSERT_EQ(dnnl.exit_code, 0) << dnnl.err;
  const auto c = nlohmann::json::parse(dnnl.out)["outputs"][0];
  EXPECT_NEAR(a["max"].get<double>(), c["max"].get<double>(), 1e-4);
  CliRun profile = RunCli("profile " + m + " --providers reference --summary");
  ASSERT_EQ(profile.exit_code, 0) << profile.err;
  EXPECT_TRUE(Has(profile.out, "reference")) << profile.out;
  for (const char* verb : {"profile", "partition"}) {
    CliRun r = RunCli(std::string(verb) + " " + m + " --providers dnnl,cpu" +
                      (std::string(verb) == "profile" ? " --summary" : ""));
    ASSERT_EQ(r.exit_code, 0) << verb << ": " << r.err;
    EXPECT_TRUE(Has(r.out, "dnnl")) << verb << ": " << r.out;
  }
  CliRun bench = RunCli("bench " + m + " --runs 2 --providers dnnl,cpu,reference");
  EXPECT_EQ(bench.exit_code, 0) << bench.err;
}

TEST(CliArgs, EveryVerbHasItsHelpOnStdout) {
  CliRun top = RunCli("--help");
  EXPECT_EQ(top.exit_code, 0);
  EXPECT_TRUE(Has(top.out, "Exit status: 0 success")) << top.out;
  for (const char* verb :
       {"info", "convert", "run", "conformance", "optimize", "profile", "bench", "trace-summary"}) {
    EXPECT_TRUE(Has(top.out, std::string("  ") + verb + " ")) << verb;
    CliRun r = RunCli(std::string(verb) + " --help");
    EXPECT_EQ(r.exit_code, 0) << verb;
    EXPECT_TRUE(r.err.empty()) << verb << ": " << r.err;
    EXPECT_TRUE(Has(r.out, std::string("Usage: onnxlens-cli ") + verb)) << r.out;
  }
  EXPECT_TRUE(Has(RunCli("bench --help").out, "--providers"));
  CliRun none = RunCli("");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_TRUE(Has(none.err, "Usage: onnxlens-cli")) << none.err;
}

}  // namespace
}  // namespace onnxlens

namespace onnxlens {
namespace {

// Issue 20: --dim and --range on the verbs that run a model.
TEST(CliDims, DimSetsAFreeDimensionAndAnUnknownNameListsTheModelsOnes) {
  const std::string model = Q(testing::SampleModel());  // image [batch, 3, 32, 32]
  CliRun r = RunCli("run " + model + " --dim batch=3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["outputs"][0]["shape"][0], 3);
  EXPECT_FALSE(j.contains("chosen_dims"));
  r = RunCli("run " + model + " --json");  // batch chosen, and said so in the JSON
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["chosen_dims"]["batch"], 1);
  EXPECT_TRUE(r.err.empty()) << r.err;
  r = RunCli("run " + model);  // and on stderr for a person
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("batch=1 (chosen; set them with --dim"), std::string::npos) << r.err;
  r = RunCli("profile " + model + " --runs 1 --dim seq=4");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no free dimension 'seq'; their free dimensions are batch"),
            std::string::npos)
      << r.err;
  r = RunCli("bench " + model + " --runs 1 --dim batch=zero");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--dim"), std::string::npos) << r.err;
  r = RunCli("optimize " + model + " --level basic --verify --dim batch=2 --range image=0,1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = RunCli("run " + model + " --range image=1,0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("LO is larger than HI"), std::string::npos) << r.err;
}

// Issue 41.7: `--dim batch=1 --dim batch=2` took the last; a name set twice to different values
// is a usage error naming it (the same value twice is accepted).
TEST(CliDims, ADimOrRangeGivenTwiceWithDifferentValuesIsAUsageErrorNamingIt) {
  const std::string model = Q(testing::SampleModel());
  ExpectUsageError("run " + model + " --dim batch=1 --dim batch=2",
                   "--dim: 'batch' is set twice, to 1 and 2; set it once");
  ExpectUsageError("bench " + model + " --runs 1 --dim batch=1,batch=2",
                   "--dim: 'batch' is set twice, to 1 and 2; set it once");
  ExpectUsageError("run " + model + " --range image=0,1 --range image=-1,1",
                   "--range: 'image' is set twice, to 0,1 and -1,1; set it once");
  EXPECT_EQ(RunCli("run " + model + " --dim batch=2 --dim batch=2").exit_code, 0);
}

// Issue 41.7: trace-summary printed "inf%" and a 309-digit time for two durations of 1e308, and
// read a trace followed by 1,000 NUL bytes.
TEST(CliTraceSummary, AbsurdDurationsAreSkippedAndNulBytesAfterTheJsonRefused) {
  testing::TempDir tmp;
  const fs::path path = tmp.path() / "trace.json";
  const std::string kernel =
      R"({"ph":"X","cat":"Node","pid":1,"tid":1,"ts":1,"args":{"op_name":"Relu"},)";
  const std::string trace = "[" + kernel + R"("name":"a_kernel_time","dur":1e308},)" + kernel +
                            R"("name":"b_kernel_time","dur":1e308},)" + kernel +
                            R"("name":"c_kernel_time","dur":250}])";
  std::ofstream(path, std::ios::binary) << trace;
  CliRun r = RunCli("trace-summary " + Q(path));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(Has(r.err,
                  "warning: skipped 2 event(s): event 0: 'a_kernel_time' lasts more than "
                  "1e15 us (31 years)"))
      << r.err;
  EXPECT_FALSE(Has(r.out, "inf")) << r.out;
  EXPECT_TRUE(Has(r.out, "100.0%")) << r.out;
  std::ofstream(path, std::ios::binary) << trace << std::string(1000, '\0');
  r = RunCli("trace-summary " + Q(path));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "onnxlens-cli: error: " + path.string() +
                       ": a NUL byte after the JSON at line 1, column " +
                       std::to_string(trace.size()) + " (byte " + std::to_string(trace.size()) +
                       "); only whitespace may follow a trace\n");
}

// Issue 41.7: "0.5G" was "an unknown unit"; decimal sizes are exact (1.5K is 1536 bytes), and
// negatives, zero, NaN, a fraction without a unit and 64-bit overflow stay usage errors.
TEST(CliArgs, MaxMemoryTakesDecimalSizesAndRejectsTheRest) {
  const std::string m = Q(testing::SampleModel());
  EXPECT_EQ(RunCli("run --max-memory 0.5G " + m).exit_code, 0);
  CliRun tight = RunCli("run --max-memory 1.5K " + m);
  EXPECT_EQ(tight.exit_code, 1);
  EXPECT_TRUE(Has(tight.err, "memory budget of 1.5 KiB")) << tight.err;
  for (const char* bad : {"-0.5G", "0G", "0.0G", "0.0000000001K", "nan", "NaNG", "inf", "1.G",
                          ".5G", "1.5", "16777216T", "99999999999999999999", "0.5.5G", "1e3G"}) {
    CliRun r = RunCli(std::string("run --max-memory ") + bad + " " + m);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_TRUE(Has(r.err, "--max-memory")) << bad << ": " << r.err;
  }
  EXPECT_EQ(RunCli("run --max-memory 1.25T " + m).exit_code, 0);
}

}  // namespace
}  // namespace onnxlens
