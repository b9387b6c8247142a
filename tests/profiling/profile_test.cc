// Profiling a model: one kernel event per executed node per run with ONNX Runtime's args, worker
// spans, thread names, and a per-node sum that accounts for nearly the whole run.
#include <gtest/gtest.h>

#include <map>

#include "api/profile.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

void CheckProfile(const std::filesystem::path& model, const std::filesystem::path& inputs,
                  int threads) {
  ProfileOptions o;
  o.runs = 3;
  o.threads = threads;
  o.inputs_dir = inputs;
  auto r = ProfileModelFile(model, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto t = profiling::ParseTrace(profiling::TraceToJson(r->events, r->metadata), model.string());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->skipped, 0);
  std::map<std::string, int> per_node;
  int runs = 0, threads_named = 0;
  for (const auto& e : t->events) {
    EXPECT_GE(e.dur_us, 0);
    if (e.ph == 'M') ++threads_named;
    if (e.name == "model_run") ++runs;
    if (!profiling::IsKernelEvent(e)) continue;
    ++per_node[e.name];
    for (const char* arg :
         {"op_name", "provider", "node_index", "input_type_shape", "output_type_shape",
          "activation_size", "parameter_size", "output_size"})
      EXPECT_FALSE(e.Arg(arg).empty()) << e.name << " lacks " << arg;
  }
  EXPECT_EQ(runs, 3);
  EXPECT_EQ(threads_named, threads);
  for (const auto& [name, count] : per_node) EXPECT_EQ(count, 3) << name;
  const double share = r->summary.kernel_us / r->summary.run_us;
  // Loose on purpose (ctest runs tests in parallel on a loaded machine): catches missing events,
  // not speed. The 5% figure is measured with `profile --summary`, not asserted.
  EXPECT_GT(share, 0.5) << model;
  EXPECT_LE(share, 1.0);
}

TEST(Profile, SampleModelOneAndTwoThreads) {
  CheckProfile(::onnxlens::testing::SampleModel(), {}, 1);
  CheckProfile(::onnxlens::testing::SampleModel(), {}, 2);
}

TEST(Profile, CorpusModels) {
  const auto dirs = ::onnxlens::testing::CorpusModels();
  if (dirs.empty()) GTEST_SKIP() << "../shared/corpus not found; corpus profiles skipped";
  for (const auto& d : dirs) CheckProfile(d / "model.onnx", d / "test_data_set_0", 2);
}

TEST(Profile, BadModelIsAnError) {
  auto r = ProfileModelFile("/nonexistent/model.onnx", {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("/nonexistent/model.onnx"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::api
