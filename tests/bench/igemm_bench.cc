// GOP/s of the exact int8 GEMM (kernels/cpu/igemm.h) on each instruction path the host and
// ONNXLENS_MAX_ISA allow, beside our float SGEMM (OpenBLAS, kernels/cpu/sgemm.h), for the shapes
// of bert_tiny (M = 128 tokens x batch, K / N 128 and 512) and an im2col convolution (56 x 56
// pixels, 3 x 3 x 64 inputs, 64 outputs). A benchmark that prints figures, never a test (issue 35).
// Run: build/release/tests/bench/igemm_bench [--benchmark_filter=avx2]
//      ONNXLENS_MAX_ISA=avx2 build/release/tests/bench/igemm_bench
// "GOP/s" counts a multiply and an add as two operations; threads 1 (no pool) and 2 (our pool).
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "kernels/cpu/igemm.h"
#include "kernels/cpu/sgemm.h"
#include "runtime/blas_threads.h"
#include "runtime/thread_pool.h"

namespace {

using onnxlens::kernels::IgemmPath;

struct Shape {
  const char* name;
  int64_t M, K, N;
};

const Shape kShapes[] = {
    {"bert_qkv_b1", 128, 128, 128},
    {"bert_ffn_up_b1", 128, 128, 512},
    {"bert_ffn_down_b1", 128, 512, 128},
    {"bert_qkv_b8", 1024, 128, 128},
    {"bert_ffn_up_b8", 1024, 128, 512},
    {"bert_ffn_down_b8", 1024, 512, 128},
    {"conv3x3_56x56x64", 3136, 576, 64},
    {"classifier_m1", 1, 1280, 1000},  // mobilenet_v2's int8 classifier, one image
};

onnxlens::kernels::ParallelRunner* PoolOf(int threads) {
  static std::unique_ptr<onnxlens::runtime::ThreadPool> two;
  if (threads <= 1) return nullptr;
  if (!two) two = std::make_unique<onnxlens::runtime::ThreadPool>(2);
  return two.get();
}

void SetOps(benchmark::State& state, const Shape& s) {
  state.counters["GOP/s"] =
      benchmark::Counter(2.0 * double(s.M) * double(s.N) * double(s.K) * double(state.iterations()),
                         benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

void Int8(benchmark::State& state, Shape s, IgemmPath path, int threads) {
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> u(0, 255);
  std::vector<uint8_t> a(static_cast<size_t>(s.M * s.K)), b(static_cast<size_t>(s.K * s.N));
  for (auto& x : a) x = static_cast<uint8_t>(u(rng));
  for (auto& x : b) x = static_cast<uint8_t>(u(rng));
  const auto packed = onnxlens::kernels::IgemmPackB(path, b.data(), true, s.K, s.N, s.N);
  const int32_t za = 117;
  onnxlens::kernels::IgemmZeroPoints zp{&za, 1, nullptr, 0};
  std::vector<int32_t> c(static_cast<size_t>(s.M * s.N));
  auto* pool = PoolOf(threads);
  for (auto _ : state) {
    onnxlens::kernels::Igemm(pool, s.M, a.data(), false, s.K, packed, zp, c.data(), s.N);
    benchmark::DoNotOptimize(c.data());
  }
  SetOps(state, s);
}

void Float(benchmark::State& state, Shape s, int threads) {
  onnxlens::runtime::SetBlasThreads(1);  // as sessions do: the pool splits the GEMM
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<float> a(static_cast<size_t>(s.M * s.K)), b(static_cast<size_t>(s.K * s.N));
  for (auto& x : a) x = u(rng);
  for (auto& x : b) x = u(rng);
  std::vector<float> c(static_cast<size_t>(s.M * s.N));
  auto* pool = PoolOf(threads);
  for (auto _ : state) {
    onnxlens::kernels::ParallelSgemm(pool, false, false, s.M, s.N, s.K, 1.f, a.data(), s.K,
                                     b.data(), s.N, 0.f, c.data(), s.N);
    benchmark::DoNotOptimize(c.data());
  }
  SetOps(state, s);
}

const bool kRegistered = [] {
  for (const Shape& s : kShapes)
    for (int threads : {1, 2}) {
      const std::string suffix = std::string(s.name) + "/threads:" + std::to_string(threads);
      benchmark::RegisterBenchmark(("sgemm_f32/" + suffix).c_str(), Float, s, threads)
          ->Unit(benchmark::kMicrosecond);
      for (IgemmPath p : {IgemmPath::kScalar, IgemmPath::kAvx2, IgemmPath::kAvx2Vnni,
                          IgemmPath::kAvx512Bw, IgemmPath::kAvx512Vnni}) {
        if (!onnxlens::kernels::IgemmPathAvailable(p)) continue;
        if (p == IgemmPath::kScalar && s.M > 128) continue;  // slow, and says nothing new
        benchmark::RegisterBenchmark(
            ("igemm_" + std::string(onnxlens::kernels::IgemmPathName(p)) + "/" + suffix).c_str(),
            Int8, s, p, threads)
            ->Unit(benchmark::kMicrosecond);
      }
    }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
