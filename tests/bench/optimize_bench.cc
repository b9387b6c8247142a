// Optimizer time on a wide graph (issue 41.4): one value read by N nodes that are each a graph
// output, optimized at every level, with the step snapshots `optimize --steps --verify` keeps.
// And the Optimize tab's trace (issue 36) on the view benchmark's generated graphs: the whole
// TraceOptimization, with the time to its first optimizing report (the load) as a counter.
// A benchmark that prints figures, never a test. Run:
//   build/release/tests/bench/optimize_bench [--benchmark_filter=Identity|Trace]
#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "api/optimize_trace.h"
#include "ir/model.h"
#include "onnx/model_io.h"
#include "passes/fanout_graph.h"
#include "passes/pass_manager.h"
#include "runtime/constant_evaluator.h"
#include "tools/scale_models.h"

namespace {

using onnxlens::passes::Level;

void OptimizeFanOut(benchmark::State& state, std::string op, Level level, bool snapshots) {
  const int n = static_cast<int>(state.range(0));
  const auto model = onnxlens::passes::testing::FanOutModel(n, op);
  for (auto _ : state) {
    state.PauseTiming();
    std::shared_ptr<onnxlens::ir::Model> copy = model->Clone();
    state.ResumeTiming();
    onnxlens::passes::OptimizeOptions o;
    o.level = level;
    o.evaluator = &onnxlens::runtime::ReferenceConstantEvaluator();
    o.snapshots = snapshots;
    auto r = onnxlens::passes::Optimize(*copy, o);
    if (!r.ok()) {
      state.SkipWithError(r.status().message().c_str());
      return;
    }
    state.counters["nodes_after"] = static_cast<double>(r->nodes_after);
    state.counters["steps"] = static_cast<double>(r->steps.size());
  }
}

void TraceScaleModel(benchmark::State& state, std::string kind) {
  const long nodes = static_cast<long>(state.range(0));
  onnx::ModelProto proto;
  if (!onnxlens::testing::MakeScaleModelProto(kind, nodes, &proto)) {
    state.SkipWithError("unknown kind");
    return;
  }
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("onnxlens_optimize_bench_" + kind + ".onnx");
  {
    std::ofstream out(path, std::ios::binary);
    proto.SerializeToOstream(&out);
  }
  using Clock = std::chrono::steady_clock;
  for (auto _ : state) {
    const auto start = Clock::now();
    double optimized_at = 0;
    onnxlens::JobControl job;
    job.progress = [&](const onnxlens::Progress& p) {
      if (p.stage == onnxlens::Stage::kOptimizing && optimized_at == 0)
        optimized_at = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    };
    onnxlens::api::OptimizeTraceRequest req;
    auto trace = onnxlens::api::TraceOptimization(path, req, job);
    if (!trace.ok()) {
      state.SkipWithError(trace.status().message().c_str());
      break;
    }
    state.counters["load_ms"] = optimized_at;
    state.counters["optimize_ms"] = (*trace)->millis;
    state.counters["steps"] = static_cast<double>((*trace)->steps.size());
  }
  std::filesystem::remove(path);
}

// Copying a model (each changed step of a trace keeps one) and dropping the copy.
void CloneScaleModel(benchmark::State& state, std::string kind) {
  onnx::ModelProto proto;
  onnxlens::testing::MakeScaleModelProto(kind, static_cast<long>(state.range(0)), &proto);
  const std::string bytes = proto.SerializeAsString();
  auto loaded = onnxlens::onnx_io::LoadModelFromBytes(bytes, ".", "scale.onnx");
  if (!loaded.ok()) {
    state.SkipWithError(loaded.status().message().c_str());
    return;
  }
  for (auto _ : state) {
    std::shared_ptr<onnxlens::ir::Model> copy = loaded->model->Clone();
    benchmark::DoNotOptimize(copy.get());
    state.PauseTiming();
    copy.reset();
    state.ResumeTiming();
  }
}

void Register() {
  for (const char* kind : {"transformer", "cnn"})
    benchmark::RegisterBenchmark((std::string("Clone/") + kind).c_str(), CloneScaleModel, kind)
        ->Arg(50'000)
        ->Unit(benchmark::kMillisecond);
  for (const char* kind : {"transformer", "cnn", "unnamed"})
    benchmark::RegisterBenchmark((std::string("Trace/") + kind).c_str(), TraceScaleModel, kind)
        ->Arg(12'000)
        ->Arg(50'000)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  for (const char* op : {"Identity", "Sigmoid"}) {
    for (Level level : {Level::kBasic, Level::kExtended, Level::kLayout}) {
      for (bool snapshots : {false, true}) {
        const std::string name = std::string("FanOut/") + op + "/" +
                                 std::string(onnxlens::passes::LevelName(level)) +
                                 (snapshots ? "/snapshots" : "");
        benchmark::RegisterBenchmark(name.c_str(), OptimizeFanOut, op, level, snapshots)
            ->Arg(5'000)
            ->Arg(50'000)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Register();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
