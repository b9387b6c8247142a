// GOP/s of one convolution as a session runs it: float Conv (dnnl first, as sessions order the
// providers) beside QLinearConv with full-range int8 weights ([-127, 127]) and with 7-bit weights
// ([-64, 64], quantize --reduce-range), for the shapes of resnet18, mobilenet_v2 and squeezenet.
// Without VNNI (a CPU, or ONNXLENS_MAX_ISA=avx2) the full-range ones run on the cpu provider's
// exact integer GEMM (kernels/cpu/conv_integer_cpu.cc) and the 7-bit ones on oneDNN; with VNNI both
// on oneDNN; "int8_cpu" is the full-range file on the cpu provider alone. A benchmark that prints
// figures, never a test (issue 35.2 / 35.6).
// Run: build/release/tests/bench/conv_int8_bench
//      ONNXLENS_MAX_ISA=avx2 ONEDNN_MAX_CPU_ISA=AVX2 build/release/tests/bench/conv_int8_bench
// "GOP/s" counts a multiply and an add as two operations; 1 thread; "provider" names who ran it.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "runtime/session.h"

namespace {

using onnxlens::ir::DataType;
using onnxlens::ir::Tensor;
namespace ir = onnxlens::ir;
namespace runtime = onnxlens::runtime;

struct ConvShape {
  const char* name;
  std::vector<int64_t> x, w;
  int64_t group, stride, pad;
};

const ConvShape kShapes[] = {
    {"resnet18_3x3_56x56x64", {1, 64, 56, 56}, {64, 64, 3, 3}, 1, 1, 1},
    {"mobilenet_expand_56x56_24to144", {1, 24, 56, 56}, {144, 24, 1, 1}, 1, 1, 0},
    {"mobilenet_depthwise_56x56x144", {1, 144, 56, 56}, {144, 1, 3, 3}, 144, 1, 1},
    {"stem_224_3to32_s2", {1, 3, 224, 224}, {32, 3, 3, 3}, 1, 2, 1},
    {"squeezenet_classifier_13x13_512to1000", {1, 512, 13, 13}, {1000, 512, 1, 1}, 1, 1, 0},
    // Small convolutions (audio and tiny image nets, the GUI's 50,000-node scale graphs): where
    // oneDNN's dispatch and jit code per node may cost more than the work.
    {"tiny_3x3_8x8x8", {1, 8, 8, 8}, {8, 8, 3, 3}, 1, 1, 1},
    {"small_3x3_14x14x32", {1, 32, 14, 14}, {32, 32, 3, 3}, 1, 1, 1},
    {"small_1x1_7x7_64to64", {1, 64, 7, 7}, {64, 64, 1, 1}, 1, 1, 0},
    {"small_3x3_28x28x32", {1, 32, 28, 28}, {32, 32, 3, 3}, 1, 1, 1},
};

int64_t Numel(const std::vector<int64_t>& d) {
  int64_t n = 1;
  for (int64_t v : d) n *= v;
  return n;
}

ir::Value* Constant(ir::Graph& g, const std::string& name, Tensor t) {
  ir::Value* v = g.CreateValue(name);
  v->set_type(ir::TypeInfo::Tensor(t.dtype(), ir::DimsFromSizes(t.dims())));
  g.SetInitializer(v, std::move(t));
  return v;
}

template <typename T>
Tensor Random(DataType type, const std::vector<int64_t>& dims, int lo, int hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(lo, hi);
  std::vector<T> v(static_cast<size_t>(Numel(dims)));
  for (T& e : v) e = static_cast<T>(u(rng));
  return Tensor::FromVector<T>(type, dims, v);
}

// One Conv (float) or QLinearConv (weights in [-wmax, wmax]) of `s`, x a graph input.
std::shared_ptr<ir::Model> ConvModel(const ConvShape& s, bool int8, int wmax) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("bench");
  ir::Graph& g = *model->graph;
  ir::Node* n = g.AddNode(int8 ? "QLinearConv" : "Conv", "", "conv");
  n->SetAttribute(ir::Attribute::Int("group", s.group));
  n->SetAttribute(ir::Attribute::Ints("strides", {s.stride, s.stride}));
  n->SetAttribute(ir::Attribute::Ints("pads", {s.pad, s.pad, s.pad, s.pad}));
  ir::Value* x = g.CreateValue("x");
  x->set_type(
      ir::TypeInfo::Tensor(int8 ? DataType::kUint8 : DataType::kFloat, ir::DimsFromSizes(s.x)));
  g.AddInput(x);
  const int64_t m = s.w[0];
  if (int8) {
    auto f = [](float v) { return Tensor::FromVector<float>(DataType::kFloat, {}, {v}); };
    n->AddInput(x);
    n->AddInput(Constant(g, "xs", f(0.02f)));
    n->AddInput(Constant(g, "xz", Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {128})));
    n->AddInput(Constant(g, "w", Random<int8_t>(DataType::kInt8, s.w, -wmax, wmax, 2)));
    n->AddInput(Constant(
        g, "ws", Tensor::FromVector<float>(DataType::kFloat, {m}, std::vector<float>(m, 0.004f))));
    n->AddInput(Constant(
        g, "wz", Tensor::FromVector<int8_t>(DataType::kInt8, {m}, std::vector<int8_t>(m, 0))));
    n->AddInput(Constant(g, "ys", f(0.5f)));
    n->AddInput(Constant(g, "yz", Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {128})));
    n->AddInput(Constant(g, "b", Random<int32_t>(DataType::kInt32, {m}, -1000, 1000, 3)));
  } else {
    std::mt19937 rng(2);
    std::normal_distribution<float> u(0.f, 0.1f);
    std::vector<float> w(static_cast<size_t>(Numel(s.w)));
    for (float& e : w) e = u(rng);
    n->AddInput(x);
    n->AddInput(Constant(g, "w", Tensor::FromVector<float>(DataType::kFloat, s.w, w)));
    n->AddInput(Constant(
        g, "b", Tensor::FromVector<float>(DataType::kFloat, {m}, std::vector<float>(m, 0.1f))));
  }
  ir::Value* y = g.CreateValue("y");
  n->AddOutput(y);
  g.AddOutput(y);
  return model;
}

double Macs(const ConvShape& s) {
  const int64_t oh = (s.x[2] + 2 * s.pad - s.w[2]) / s.stride + 1;
  const int64_t ow = (s.x[3] + 2 * s.pad - s.w[3]) / s.stride + 1;
  return double(s.w[0]) * double(s.w[1]) * double(s.w[2]) * double(s.w[3]) * double(oh * ow);
}

void Run(benchmark::State& state, ConvShape s, bool int8, int wmax, bool cpu_only) {
  runtime::SessionOptions o;
  o.intra_op_threads = 1;
  o.optimization_level = "all";
  if (cpu_only) o.providers = {"cpu", "reference"};
  auto session = runtime::Session::Create(ConvModel(s, int8, wmax), o);
  if (!session.ok()) {
    state.SkipWithError(session.status().message().c_str());
    return;
  }
  const Tensor x = int8 ? Random<uint8_t>(DataType::kUint8, s.x, 0, 255, 1) : [&] {
    std::mt19937 rng(1);
    std::normal_distribution<float> u(0.f, 1.f);
    std::vector<float> v(static_cast<size_t>(Numel(s.x)));
    for (float& e : v) e = u(rng);
    return Tensor::FromVector<float>(DataType::kFloat, s.x, v);
  }();
  const std::map<std::string, runtime::RtValue> feeds = {{"x", runtime::RtValue::FromTensor(x)}};
  for (auto _ : state) {
    auto r = (*session)->Run(feeds);
    if (!r.ok()) {
      state.SkipWithError(r.status().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(r);
  }
  std::string providers;
  for (const auto& p : (*session)->partition().nodes) providers += p.provider + " ";
  state.SetLabel(providers);
  state.counters["GOP/s"] =
      benchmark::Counter(2.0 * Macs(s) * double(state.iterations()), benchmark::Counter::kIsRate,
                         benchmark::Counter::kIs1000);
}

const bool kRegistered = [] {
  for (const ConvShape& s : kShapes) {
    benchmark::RegisterBenchmark((std::string("float/") + s.name).c_str(), Run, s, false, 0, false)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("int8_full_range/") + s.name).c_str(), Run, s, true,
                                 127, false)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("int8_7bit/") + s.name).c_str(), Run, s, true, 64,
                                 false)
        ->Unit(benchmark::kMicrosecond);
    // The cpu provider's exact integer GEMM on the same file (dnnl left out of the session).
    benchmark::RegisterBenchmark((std::string("int8_cpu/") + s.name).c_str(), Run, s, true, 127,
                                 true)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
