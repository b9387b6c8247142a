// Memory of one session fed many input shapes (a benchmark that prints figures, never a test):
// the dnnl kernels keep at most 16 prepared primitives per kernel, so resident memory must level
// off instead of growing with every new shape (ONNX Runtime's oneDNN provider issue #5796).
// Run: build/release/tests/bench/shape_sweep_bench [MODEL_DIR] [PROVIDERS] [SHAPES] [PASSES]
// (default: the corpus's ppocr_det, dnnl,cpu, 50 shapes, 2 passes; the input is [1, 3, H, W], H
// and W multiples of 32). The second pass feeds the same shapes again: resident memory there must
// stay where the first pass left it (activations grow with the image; kernel caches must not).
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "onnx/model_io.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace {

double RssMiB() {
  std::ifstream f("/proc/self/statm");
  long pages = 0, resident = 0;
  f >> pages >> resident;
  return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

double PeakRssMiB() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_maxrss) / 1024.0;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  const fs::path dir = argc > 1 ? fs::path(argv[1]) : onnxlens::testing::CorpusDir() / "ppocr_det";
  std::vector<std::string> providers;
  std::stringstream list(argc > 2 ? argv[2] : "dnnl,cpu");
  for (std::string p; std::getline(list, p, ',');) providers.push_back(p);
  const int shapes = argc > 3 ? std::atoi(argv[3]) : 50;
  const int passes = argc > 4 ? std::atoi(argv[4]) : 2;
  auto loaded = onnxlens::onnx_io::LoadModelFile(dir / "model.onnx");
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.status().message().c_str());
    return 1;
  }
  std::shared_ptr<const onnxlens::ir::Model> model(std::move(loaded->model));
  onnxlens::runtime::SessionOptions so;
  so.optimization_level = "layout";
  so.providers = providers;
  so.intra_op_threads = 1;
  auto session = onnxlens::runtime::Session::Create(model, so);
  if (!session.ok()) {
    std::fprintf(stderr, "%s\n", session.status().message().c_str());
    return 1;
  }
  const std::string input = (*session)->Inputs().at(0)->name();
  std::printf("%4s %5s %11s %9s %9s %13s\n", "pass", "shape", "input", "run ms", "RSS MiB",
              "peak RSS MiB");
  for (int k = 0; k < shapes * passes; ++k) {
    // 50 distinct (H, W) pairs (for 50 shapes) between 64 and 640.
    const int s = k % shapes;
    const int64_t h = 64 + 32 * (s % 10) * 2, w = 64 + 32 * ((s / 10) * 4 + s % 3);
    std::map<std::string, onnxlens::runtime::RtValue> in = {
        {input, onnxlens::runtime::RtValue::FromTensor(
                    onnxlens::testing::RandomTensor({1, 3, h, w}, static_cast<uint32_t>(s)))}};
    const auto t0 = std::chrono::steady_clock::now();
    auto out = (*session)->Run(in);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!out.ok()) {
      std::fprintf(stderr, "%s\n", out.status().message().c_str());
      return 1;
    }
    std::printf("%4d %5d %5ldx%-5ld %9.1f %9.1f %13.1f\n", k / shapes + 1, s + 1,
                static_cast<long>(h), static_cast<long>(w), ms, RssMiB(), PeakRssMiB());
  }
  return 0;
}
