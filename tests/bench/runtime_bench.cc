// Latency of the embedded runtime on the corpus models (a benchmark that prints figures, never a
// test). Run: build/release/tests/bench/runtime_bench [--benchmark_filter=resnet18]
// Compare with ONNX Runtime in the same sitting: ../shared/tools/ort/ort --level disabled.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>

#include "api/internal/inputs.h"
#include "api/run.h"
#include "onnx/model_io.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace {

namespace fs = std::filesystem;
using onnxlens::runtime::RtValue;

void RunModel(benchmark::State& state, fs::path dir, int threads) {
  auto loaded = onnxlens::onnx_io::LoadModelFile(dir / "model.onnx");
  if (!loaded.ok()) {
    state.SkipWithError(loaded.status().message().c_str());
    return;
  }
  std::shared_ptr<const onnxlens::ir::Model> model(std::move(loaded->model));
  onnxlens::runtime::SessionOptions so;
  so.intra_op_threads = threads;
  auto session = onnxlens::runtime::Session::Create(model, so);
  if (!session.ok()) {
    state.SkipWithError(session.status().message().c_str());
    return;
  }
  std::vector<std::pair<std::string, std::string>> feedable;
  for (const auto* v : (*session)->Inputs()) {
    if (!v->is_initializer()) feedable.emplace_back(v->name(), "");
  }
  auto inputs = onnxlens::api::LoadInputs(dir / "test_data_set_0", feedable);
  if (!inputs.ok()) {
    state.SkipWithError(inputs.status().message().c_str());
    return;
  }
  for (int i = 0; i < 3; ++i) (void)(*session)->Run(*inputs);  // warm-up
  for (auto _ : state) {
    auto out = (*session)->Run(*inputs);
    if (!out.ok()) {
      state.SkipWithError(out.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(out);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const auto models = onnxlens::testing::CorpusModels();
  for (const auto& dir : models) {
    for (int threads : {1, 2}) {
      const std::string name = dir.filename().string() + "/threads:" + std::to_string(threads);
      benchmark::RegisterBenchmark(name.c_str(), RunModel, dir, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(2.0);
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
