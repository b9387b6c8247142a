// Optimizer time on a wide graph (issue 41.4): one value read by N nodes that are each a graph
// output, optimized at every level, with the step snapshots `optimize --steps --verify` keeps.
// A benchmark that prints figures, never a test. Run:
//   build/release/tests/bench/optimize_bench [--benchmark_filter=Identity]
#include <benchmark/benchmark.h>

#include <string>

#include "passes/fanout_graph.h"
#include "passes/pass_manager.h"
#include "runtime/constant_evaluator.h"

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

void Register() {
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
