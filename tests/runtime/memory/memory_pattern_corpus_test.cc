// Every corpus model gives the same outputs, bit for bit, with the dynamic arena on and off and
// memory patterns on and off (the planned runs after the recording one included), and its plans
// pass the planner's checks.
#include <gtest/gtest.h>

#include <cstring>

#include "api/internal/value_files.h"
#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "runtime/memory/plan_check.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::runtime {
namespace {

namespace fs = std::filesystem;

std::map<std::string, RtValue> Inputs(const fs::path& dir, const Session& session) {
  std::map<std::string, RtValue> inputs;
  std::vector<const ir::Value*> feedable;
  for (const ir::Value* v : session.Inputs()) {
    if (!v->is_initializer()) feedable.push_back(v);
  }
  for (size_t i = 0; i < feedable.size(); ++i) {
    const fs::path f = dir / "test_data_set_0" / ("input_" + std::to_string(i) + ".pb");
    auto v = api::ReadValuePb(f, nullptr, "");
    EXPECT_TRUE(v.ok()) << f << ": " << v.status().message();
    if (v.ok()) inputs[feedable[i]->name()] = std::move(v).value();
  }
  return inputs;
}

bool SameBytes(const RtValue& a, const RtValue& b) {
  if (!a.is_tensor() || !b.is_tensor()) return a.is_tensor() == b.is_tensor();
  return a.tensor.dtype() == b.tensor.dtype() && a.tensor.dims() == b.tensor.dims() &&
         a.tensor.nbytes() == b.tensor.nbytes() &&
         std::memcmp(a.tensor.raw(), b.tensor.raw(), a.tensor.nbytes()) == 0;
}

TEST(MemoryPatternCorpusTest, OutputsUnchangedWithEveryArenaAndPatternCombination) {
#if defined(__SANITIZE_THREAD__)
  // One intra-op thread and no executor threads: nothing for TSan to see, and 2+ minutes of CI
  // under it. The release and asan suites run it.
  GTEST_SKIP() << "single-threaded; run by the release and asan suites";
#endif
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent: memory patterns not checked";
  for (const fs::path& dir : models) {
    SCOPED_TRACE(dir.filename().string());
    auto loaded = onnx_io::LoadModelFile(dir / "model.onnx");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    std::shared_ptr<const ir::Model> model(std::move(loaded->model));
    NamedValues baseline;
    for (int combo = 0; combo < 4; ++combo) {
      SessionOptions so;
      so.intra_op_threads = 1;  // bit-for-bit comparable runs
      so.optimization_level = "extended";
      so.enable_arena = (combo & 1) != 0;
      so.enable_mem_pattern = (combo & 2) != 0;
      auto session = Session::Create(model, so);
      ASSERT_TRUE(session.ok()) << session.status().message();
      const auto inputs = Inputs(dir, **session);
      // Run 0 records (patterns on), runs 1 and 2 take the plan's arena.
      for (int run = 0; run < 3; ++run) {
        auto outs = (*session)->Run(inputs);
        ASSERT_TRUE(outs.ok()) << outs.status().message();
        if (combo == 0 && run == 0) {
          baseline = std::move(outs).value();
          continue;
        }
        ASSERT_EQ(outs->size(), baseline.size());
        for (size_t i = 0; i < baseline.size(); ++i) {
          EXPECT_TRUE(SameBytes((*outs)[i].second, baseline[i].second))
              << "output " << baseline[i].first << " differs with arena " << so.enable_arena
              << ", mem pattern " << so.enable_mem_pattern << ", run " << run;
        }
      }
      const memory::MemoryStats st = (*session)->memory_stats();
      auto plan = (*session)->memory_plan();
      if (so.enable_mem_pattern) {
        ASSERT_TRUE(plan);
        memory::ExpectValidPlan(*plan);
        EXPECT_GT(st.planned_served, 0u);
        EXPECT_EQ(st.planned_arena_bytes, plan->planned_peak);
        std::printf(
            "[ %s ] planned peak %s, naive sum %s, %zu buffers (%d in place), %llu "
            "served from the plan, %llu not\n",
            dir.filename().c_str(), FormatBytes(plan->planned_peak).c_str(),
            FormatBytes(plan->naive_sum).c_str(), plan->buffers.size(), plan->in_place,
            static_cast<unsigned long long>(st.planned_served),
            static_cast<unsigned long long>(st.unplanned));
      } else {
        EXPECT_FALSE(plan);
        EXPECT_EQ(st.planned_served, 0u);
      }
      if (!so.enable_arena) {
        EXPECT_EQ(st.dynamic.cached_bytes, 0u);
      }
    }
  }
}

}  // namespace
}  // namespace onnxlens::runtime
