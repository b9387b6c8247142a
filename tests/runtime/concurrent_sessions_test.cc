// Several sessions of one loaded model, created and run on several threads at once, each with its
// own intra-op pool and profiler, give the outputs a single one-thread session gives. Sessions
// share the model, its initializers' storage and the kernel registries; under the tsan preset
// (label `threads`) this is the race check of creating and running them concurrently.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "onnx/model_io.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::runtime {
namespace {

// The largest absolute difference between two runs' float outputs (infinity when they differ in
// names, count or shape).
double MaxDifference(const NamedValues& a, const NamedValues& b) {
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    const ir::Tensor& x = a[i].second.tensor;
    const ir::Tensor& y = b[i].second.tensor;
    if (a[i].first != b[i].first || x.dims() != y.dims()) return INFINITY;
    for (int64_t k = 0; k < x.numel(); ++k)
      worst = std::max(worst, std::fabs(double(x.data<float>()[k]) - y.data<float>()[k]));
  }
  return worst;
}

TEST(ConcurrentSessionsTest, SessionsOfOneModelOnSeveralThreadsAgree) {
  auto loaded = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  std::shared_ptr<const ir::Model> model = std::move(loaded->model);
  // Batch 4, so that convolutions and the GEMM split their work over the pool.
  const std::map<std::string, RtValue> feed = {
      {"image", RtValue::FromTensor(testing::RandomTensor({4, 3, 32, 32}, 17))}};

  SessionOptions single;
  single.intra_op_threads = 1;
  auto baseline_session = Session::Create(model, single);
  ASSERT_TRUE(baseline_session.ok()) << baseline_session.status().message();
  auto baseline = (*baseline_session)->Run(feed);
  ASSERT_TRUE(baseline.ok()) << baseline.status().message();

  constexpr int kSessions = 3, kRuns = 3;
  std::vector<std::string> errors(kSessions);
  std::vector<double> worst(kSessions, 0);
  std::vector<size_t> kernel_events(kSessions, 0);
  std::vector<std::thread> threads;
  for (int s = 0; s < kSessions; ++s) {
    threads.emplace_back([&, s] {
      SessionOptions o;
      o.intra_op_threads = 2;
      o.optimization_level = s == 0 ? "disabled" : "extended";
      o.enable_profiling = true;
      auto session = Session::Create(model, o);
      if (!session.ok()) {
        errors[s] = session.status().message();
        return;
      }
      for (int r = 0; r < kRuns; ++r) {
        auto out = (*session)->Run(feed);
        if (!out.ok()) {
          errors[s] = out.status().message();
          return;
        }
        worst[s] = std::max(worst[s], MaxDifference(*out, *baseline));
      }
      for (const auto& e : (*session)->profiler()->Events()) kernel_events[s] += e.cat == "Node";
    });
  }
  for (auto& t : threads) t.join();
  for (int s = 0; s < kSessions; ++s) {
    EXPECT_EQ(errors[s], "") << "session " << s;
    EXPECT_LT(worst[s], 1e-4) << "session " << s;
    EXPECT_GT(kernel_events[s], 0u) << "session " << s;
    EXPECT_EQ(kernel_events[s] % kRuns, 0u) << "session " << s;
  }
}

}  // namespace
}  // namespace onnxlens::runtime
