// The cpu GridSample, STFT and DFT kernels against the reference kernels on realistic sizes (a
// benchmark that prints figures, never a test): GridSample 1x32x128x128 sampled at 64x64 (each
// mode), an STFT of 16000 samples (frame 400, step 160, window 400: a 16 kHz speech front-end)
// and a DFT of those 98 frames zero-padded to 512, onesided. One-node sessions, 1 and 2 threads.
// Run: build/release/tests/bench/spectral_grid_bench [--benchmark_filter=STFT]
#include <benchmark/benchmark.h>

#include <map>
#include <optional>

#include "kernels/hostile_model.h"

namespace {

using namespace onnxlens;
using onnxlens::testing::AInt;
using onnxlens::testing::AString;
using onnxlens::testing::Attr;
using onnxlens::testing::Int64s;
using onnxlens::testing::RandomTensor;

struct Case {
  std::string op;
  std::vector<std::optional<ir::Tensor>> inputs;
  std::vector<Attr> attrs;
  int opset;
};

void RunCase(benchmark::State& state, const Case& c, const std::string& provider, int threads) {
  auto model = onnxlens::testing::HostileModel(c.op, c.inputs, c.attrs, 1, c.opset, "");
  runtime::SessionOptions so;
  so.providers = {provider};
  so.intra_op_threads = threads;
  auto session = runtime::Session::Create(model, so);
  if (!session.ok()) {
    state.SkipWithError(session.status().message().c_str());
    return;
  }
  std::map<std::string, kernels::RtValue> feeds;
  for (size_t i = 0; i < c.inputs.size(); ++i)
    if (c.inputs[i]) feeds["in" + std::to_string(i)] = kernels::RtValue::FromTensor(*c.inputs[i]);
  (void)(*session)->Run(feeds);  // warm-up
  for (auto _ : state) {
    auto out = (*session)->Run(feeds);
    if (!out.ok()) {
      state.SkipWithError(out.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(out);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::pair<std::string, Case>> cases;
  for (const char* mode : {"bilinear", "nearest", "bicubic"}) {
    cases.push_back(
        {std::string("GridSample/") + mode,
         {"GridSample",
          {RandomTensor({1, 32, 128, 128}, 1), RandomTensor({1, 64, 64, 2}, 2, -1.1f, 1.1f)},
          {AString("mode", mode), AString("padding_mode", "border")},
          16}});
  }
  cases.push_back(
      {"STFT/16000_frame400_step160",
       {"STFT",
        {RandomTensor({1, 16000, 1}, 3), Int64s({}, {160}), RandomTensor({400}, 4, 0, 1)},
        {},
        17}});
  cases.push_back({"DFT/98x400_to_512_onesided",
                   {"DFT",
                    {RandomTensor({1, 98, 400, 1}, 5), Int64s({}, {512})},
                    {AInt("axis", 2), AInt("onesided", 1)},
                    17}});
  for (const auto& [name, c] : cases)
    for (const char* provider : {"cpu", "reference"})
      for (int threads : {1, 2}) {
        if (std::string(provider) == "reference" && threads == 2) continue;  // single-threaded
        benchmark::RegisterBenchmark(
            (name + "/" + provider + "/threads:" + std::to_string(threads)).c_str(),
            [c = c, provider = std::string(provider), threads](benchmark::State& s) {
              RunCase(s, c, provider, threads);
            })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
