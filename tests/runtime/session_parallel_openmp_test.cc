// The parallel executor of a dnnl session at one intra-op thread per executor thread (InterOpPool
// in OpenMP mode) on squeezenet1_1, whose fire modules branch: outputs equal the sequential
// executor's, memory patterns serve it, and the session idles without burning a core. In
// dnnl_tests, not the `threads` label: libgomp is not built for TSan.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <thread>

#include "api/internal/compare.h"
#include "api/internal/inputs.h"
#include "onnx/model_io.h"
#include "process_cpu.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::runtime {
namespace {

TEST(SessionParallelOpenMpTest, SqueezenetMatchesSequentialAndIdlesAsleep) {
  const auto dir = testing::CorpusDir() / "squeezenet1_1";
  if (!std::filesystem::exists(dir / "model.onnx"))
    GTEST_SKIP() << "../shared/corpus/squeezenet1_1 is absent";
  auto loaded = onnx_io::LoadModelFile(dir / "model.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  std::shared_ptr<const ir::Model> model(std::move(loaded->model));
  SessionOptions seq_options;
  seq_options.optimization_level = "extended";
  seq_options.intra_op_threads = 2;
  SessionOptions par_options = seq_options;
  par_options.executor = SessionOptions::Executor::kParallel;
  par_options.inter_op_threads = 2;
  auto seq = Session::Create(model, seq_options);
  auto par = Session::Create(model, par_options);
  ASSERT_TRUE(seq.ok() && par.ok());
  EXPECT_EQ((*par)->inter_op_threads(), 2);
  EXPECT_EQ((*par)->threads(), 1);
  std::vector<std::pair<std::string, std::string>> feedable;
  for (const auto* v : (*seq)->Inputs())
    if (!v->is_initializer()) feedable.emplace_back(v->name(), "");
  auto inputs = api::LoadInputs(dir / "test_data_set_0", feedable);
  ASSERT_TRUE(inputs.ok()) << inputs.status().message();
  auto want = (*seq)->Run(*inputs);
  ASSERT_TRUE(want.ok()) << want.status().message();
  for (int i = 0; i < 5; ++i) {
    auto got = (*par)->Run(*inputs);
    ASSERT_TRUE(got.ok()) << got.status().message();
    ASSERT_EQ(want->size(), got->size());
    for (size_t k = 0; k < want->size(); ++k) {
      const api::CompareResult c = api::CompareValues((*got)[k].second, (*want)[k].second,
                                                      /*rtol=*/1e-4, /*atol=*/1e-5);
      EXPECT_TRUE(c.ok) << "run " << i << " output " << (*want)[k].first << ": " << c.reason;
    }
  }
  EXPECT_GT((*par)->memory_stats().planned_served, 0u);
  // libgomp's workers spin a few ms after their last team, then sleep.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const double c0 = testing::ProcessCpuSeconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double idle = testing::ProcessCpuSeconds() - c0;
  EXPECT_LT(idle, 0.05) << "an idle session burned " << idle << " s of CPU in 0.5 s";
}

// bert_tiny (attention's Q/K/V MatMuls) and ppocr_det (an FPN's branches) have a wide region
// each (squeezenet has none: its expand 3x3 convolutions are heavy, the 1x1 ones pinned beside
// them): the first runs time it side by side (1-thread kernels) and one step after another (the
// same nodes' kernels made for 2 threads), then keep one way. Every run, timing or decided, gives
// the bits of the sequential executor at 2 threads.
TEST(SessionParallelOpenMpTest, RegionsEitherWayGiveTheSequentialBits) {
  int checked = 0;
  for (const char* name : {"bert_tiny", "ppocr_det"}) {
    const auto dir = testing::CorpusDir() / name;
    if (!std::filesystem::exists(dir / "model.onnx")) continue;
    SCOPED_TRACE(name);
    auto loaded = onnx_io::LoadModelFile(dir / "model.onnx");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    std::shared_ptr<const ir::Model> model(std::move(loaded->model));
    SessionOptions seq_options;
    seq_options.optimization_level = "extended";
    seq_options.intra_op_threads = 2;
    SessionOptions par_options = seq_options;
    par_options.executor = SessionOptions::Executor::kParallel;
    par_options.inter_op_threads = 2;
    auto seq = Session::Create(model, seq_options);
    auto par = Session::Create(model, par_options);
    ASSERT_TRUE(seq.ok() && par.ok());
    std::vector<std::pair<std::string, std::string>> feedable;
    for (const auto* v : (*seq)->Inputs())
      if (!v->is_initializer()) feedable.emplace_back(v->name(), "");
    auto inputs = api::LoadInputs(dir / "test_data_set_0", feedable);
    ASSERT_TRUE(inputs.ok()) << inputs.status().message();
    auto want = (*seq)->Run(*inputs);
    ASSERT_TRUE(want.ok()) << want.status().message();
    const ParallelRegions before = (*par)->parallel_regions();
    ASSERT_GE(before.regions, 1);
    EXPECT_FALSE(before.decided);
    // The first run records the memory plan (sequentially), then the timing runs, then 2 more.
    const int runs = 1 + before.calibration_runs + 2;
    for (int i = 0; i < runs; ++i) {
      auto got = (*par)->Run(*inputs);
      ASSERT_TRUE(got.ok()) << got.status().message();
      ASSERT_EQ(want->size(), got->size());
      for (size_t k = 0; k < want->size(); ++k) {
        ASSERT_TRUE((*got)[k].second.is_tensor());
        EXPECT_TRUE((*got)[k].second.tensor.SameContent((*want)[k].second.tensor))
            << "run " << i << " output " << (*want)[k].first << " differs from sequential";
      }
    }
    const ParallelRegions after = (*par)->parallel_regions();
    EXPECT_TRUE(after.decided);
    std::printf("[ %s ] %d of %d region(s) side by side\n", name, after.side_by_side,
                after.regions);
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "../shared/corpus (bert_tiny, ppocr_det) is absent";
}

}  // namespace
}  // namespace onnxlens::runtime
