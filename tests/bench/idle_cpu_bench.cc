// CPU time a session burns while idle right after a run, per provider order and thread count (a
// benchmark that prints figures, never a test): oneDNN's OpenMP team and our pool both spin for a
// while after their last job before sleeping; this shows how long. Sequential at 1 and 2 threads,
// and the parallel executor at 2 (its executor threads sleep on a condition variable).
// Run: build/release/tests/bench/idle_cpu_bench [MODEL_DIR] (default: the corpus's resnet18).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "api/internal/inputs.h"
#include "onnx/model_io.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace {

namespace fs = std::filesystem;

double ProcessCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

double WallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  const fs::path dir = argc > 1 ? fs::path(argv[1]) : onnxlens::testing::CorpusDir() / "resnet18";
  auto loaded = onnxlens::onnx_io::LoadModelFile(dir / "model.onnx");
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.status().message().c_str());
    return 1;
  }
  std::shared_ptr<const onnxlens::ir::Model> model(std::move(loaded->model));
  std::printf("%-22s %-10s %7s %10s %14s %14s\n", "providers", "executor", "threads", "run ms",
              "idle 0-50 ms", "idle 50-1000 ms");
  for (const std::vector<std::string>& providers :
       {std::vector<std::string>{"cpu", "reference"}, {"dnnl", "cpu", "reference"}}) {
    for (int threads : {1, 2, -2}) {  // -2: the parallel executor, 2 threads
      const bool parallel = threads < 0;
      threads = std::abs(threads);
      onnxlens::runtime::SessionOptions so;
      so.intra_op_threads = threads;
      if (parallel) {
        so.executor = onnxlens::runtime::SessionOptions::Executor::kParallel;
        so.inter_op_threads = 2;
      }
      so.optimization_level = "layout";
      so.providers = providers;
      auto session = onnxlens::runtime::Session::Create(model, so);
      if (!session.ok()) {
        std::fprintf(stderr, "%s\n", session.status().message().c_str());
        return 1;
      }
      std::vector<std::pair<std::string, std::string>> feedable;
      for (const auto* v : (*session)->Inputs())
        if (!v->is_initializer()) feedable.emplace_back(v->name(), "");
      auto inputs = onnxlens::api::LoadInputs(dir / "test_data_set_0", feedable);
      if (!inputs.ok()) {
        std::fprintf(stderr, "%s\n", inputs.status().message().c_str());
        return 1;
      }
      for (int i = 0; i < 3; ++i) (void)(*session)->Run(*inputs);
      const double w0 = WallSeconds();
      (void)(*session)->Run(*inputs);
      const double run_ms = 1e3 * (WallSeconds() - w0);
      // CPU seconds per wall second while the session sits idle: 0 = asleep, 1 = one core spinning.
      const double c0 = ProcessCpuSeconds();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const double c1 = ProcessCpuSeconds();
      std::this_thread::sleep_for(std::chrono::milliseconds(950));
      const double c2 = ProcessCpuSeconds();
      std::string names;
      for (const auto& p : providers) names += (names.empty() ? "" : ",") + p;
      std::printf("%-22s %-10s %7d %10.1f %11.1f ms %11.1f ms\n", names.c_str(),
                  parallel ? "parallel" : "sequential", threads, run_ms, 1e3 * (c1 - c0),
                  1e3 * (c2 - c1));
    }
  }
  return 0;
}
