// Per-node overhead of the runtime on long chains of tiny element-wise ops (issue 35.5): for the
// chains of tools/chain_model.h (1k / 10k / 50k nodes by default) it prints session creation, the
// first run and a steady-state run, in total and per node of the file, with the profiler off and
// on (steady runs of both sessions alternate, so drift on a shared machine hits both alike). A
// benchmark that prints figures, never a test. Run:
//   build/release/tests/bench/chain_bench [--sizes 1000,10000,50000] [--level all|disabled]
//       [--threads 1] [--runs N] [--no-mem-pattern] [--write DIR]
// --write DIR also writes chain_N.onnx and DIR/inputs/input_0.pb, for ONNX Runtime in the same
// sitting: ../shared/tools/ort/ort --model DIR/chain_50000.onnx --inputs DIR/inputs --level all
//   --threads 1 --runs 20
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/progress.h"
#include "onnx/model_io.h"
#include "runtime/session.h"
#include "tools/chain_model.h"

namespace {

namespace fs = std::filesystem;
using onnxlens::runtime::RtValue;
using onnxlens::runtime::Session;
using onnxlens::runtime::SessionOptions;
using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

struct Options {
  std::vector<long> sizes = {1000, 10000, 50000};
  std::string level = "all";
  int threads = 1;
  int runs = 0;  ///< 0: enough for about a second of steady runs per session, 10 to 200
  std::string write_dir;
  bool mem_pattern = true;  ///< --no-mem-pattern: no recording run, no planned arena
};

bool ParseArgs(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "--sizes" && v) {
      o->sizes.clear();
      for (const char* p = v; *p;) {
        char* end = nullptr;
        const long n = std::strtol(p, &end, 10);
        if (end == p || n < 1) return false;
        o->sizes.push_back(n);
        p = *end == ',' ? end + 1 : end;
      }
      ++i;
    } else if (a == "--level" && v) {
      o->level = v, ++i;
    } else if (a == "--threads" && v) {
      o->threads = std::atoi(v), ++i;
    } else if (a == "--runs" && v) {
      o->runs = std::atoi(v), ++i;
    } else if (a == "--no-mem-pattern") {
      o->mem_pattern = false;
    } else if (a == "--write" && v) {
      o->write_dir = v, ++i;
    } else {
      return false;
    }
  }
  return !o->sizes.empty();
}

struct Figures {
  double creation_ms = 0, first_ms = 0, steady_ms = 0;
};

struct Row {
  long nodes = 0;
  size_t nodes_run = 0;
  double load_ms = 0;
  Figures off, on;
};

bool WriteInput(const fs::path& dir) {
  onnx::TensorProto t;
  t.set_name("x");
  t.set_data_type(onnx::TensorProto::FLOAT);
  t.add_dims(1);
  t.add_dims(16);
  for (int i = 0; i < 16; ++i) t.add_float_data(static_cast<float>(i - 8) / 8.f);
  fs::create_directories(dir / "inputs");
  std::ofstream out(dir / "inputs" / "input_0.pb", std::ios::binary);
  return t.SerializeToOstream(&out);
}

int Bench(const Options& o, long n, Row* row) {
  const onnx::ModelProto proto = onnxlens::testing::MakeChainModelProto(n);
  std::string bytes;
  proto.SerializeToString(&bytes);
  if (!o.write_dir.empty()) {
    fs::create_directories(o.write_dir);
    std::ofstream out(fs::path(o.write_dir) / ("chain_" + std::to_string(n) + ".onnx"),
                      std::ios::binary);
    out << bytes;
  }
  auto t0 = Clock::now();
  auto loaded = onnxlens::onnx_io::LoadModelFromBytes(bytes, fs::path("."), "chain");
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.status().message().c_str());
    return 1;
  }
  row->nodes = n;
  row->load_ms = MsSince(t0);
  std::shared_ptr<const onnxlens::ir::Model> model(std::move(loaded->model));
  std::map<std::string, RtValue> inputs;
  {
    auto x = onnxlens::ir::Tensor::Zeros(onnxlens::ir::DataType::kFloat, {1, 16}).value();
    for (int i = 0; i < 16; ++i) x.mutable_data<float>()[i] = static_cast<float>(i - 8) / 8.f;
    inputs["x"] = RtValue::FromTensor(std::move(x));
  }
  const onnxlens::CancelToken cancel;  // polled per node, as in the CLI and the GUI
  std::unique_ptr<Session> sessions[2];
  for (int profiled = 0; profiled < 2; ++profiled) {
    SessionOptions so;
    so.optimization_level = o.level;
    so.intra_op_threads = o.threads;
    so.enable_profiling = profiled;
    so.enable_mem_pattern = o.mem_pattern;
    Figures& f = profiled ? row->on : row->off;
    t0 = Clock::now();
    auto s = Session::Create(model, so);
    f.creation_ms = MsSince(t0);
    if (!s.ok()) {
      std::fprintf(stderr, "%s\n", s.status().message().c_str());
      return 1;
    }
    sessions[profiled] = std::move(*s);
    t0 = Clock::now();
    auto out = sessions[profiled]->Run(inputs, &cancel);
    f.first_ms = MsSince(t0);
    if (!out.ok()) {
      std::fprintf(stderr, "%s\n", out.status().message().c_str());
      return 1;
    }
    row->nodes_run = sessions[profiled]->model().graph->nodes().size();
  }
  // Warm-up, then alternate the two sessions; the profiler's events are dropped after each run
  // (outside the timing) so memory stays bounded over many runs.
  for (int i = 0; i < 2; ++i) {
    for (auto& s : sessions) (void)s->Run(inputs, &cancel);
  }
  int runs = o.runs;
  if (runs <= 0)
    runs = std::clamp(static_cast<int>(1000.0 / std::max(row->off.first_ms, 1.0)) +
                          static_cast<int>(2e5 / static_cast<double>(n)),
                      10, 200);
  std::vector<double> times[2];
  for (int r = 0; r < runs; ++r) {
    for (int profiled = 0; profiled < 2; ++profiled) {
      t0 = Clock::now();
      auto out = sessions[profiled]->Run(inputs, &cancel);
      times[profiled].push_back(MsSince(t0));
      if (!out.ok()) {
        std::fprintf(stderr, "%s\n", out.status().message().c_str());
        return 1;
      }
      if (profiled) sessions[1]->profiler()->Clear();
    }
  }
  row->off.steady_ms = Median(times[0]);
  row->on.steady_ms = Median(times[1]);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!ParseArgs(argc, argv, &o)) {
    std::fprintf(stderr,
                 "usage: chain_bench [--sizes 1000,10000,50000] [--level all] [--threads 1] "
                 "[--runs N] [--no-mem-pattern] [--write DIR]\n");
    return 2;
  }
  if (!o.write_dir.empty() && !WriteInput(o.write_dir)) {
    std::fprintf(stderr, "cannot write %s/inputs/input_0.pb\n", o.write_dir.c_str());
    return 1;
  }
  std::vector<Row> rows;
  for (long n : o.sizes) {
    Row row;
    if (int rc = Bench(o, n, &row)) return rc;
    rows.push_back(row);
  }
  std::printf("chain of tiny element-wise ops, level %s, %d thread(s); milliseconds\n",
              o.level.c_str(), o.threads);
  std::printf("%8s %8s %8s | %9s %9s %9s | %9s %9s %9s | %11s %9s\n", "nodes", "run", "load",
              "creation", "first", "steady", "prof.cre", "prof.1st", "prof.st", "first/steady",
              "profiler");
  for (const Row& r : rows) {
    std::printf("%8ld %8zu %8.1f | %9.2f %9.2f %9.3f | %9.2f %9.2f %9.3f | %10.2fx %+8.1f%%\n",
                r.nodes, r.nodes_run, r.load_ms, r.off.creation_ms, r.off.first_ms, r.off.steady_ms,
                r.on.creation_ms, r.on.first_ms, r.on.steady_ms, r.off.first_ms / r.off.steady_ms,
                100.0 * (r.on.steady_ms / r.off.steady_ms - 1));
  }
  std::printf("\nper node of the file, microseconds\n");
  std::printf("%8s | %9s %9s %9s | %9s %9s %9s\n", "nodes", "creation", "first", "steady",
              "prof.cre", "prof.1st", "prof.st");
  for (const Row& r : rows) {
    const double k = 1000.0 / static_cast<double>(r.nodes);
    std::printf("%8ld | %9.3f %9.3f %9.3f | %9.3f %9.3f %9.3f\n", r.nodes, r.off.creation_ms * k,
                r.off.first_ms * k, r.off.steady_ms * k, r.on.creation_ms * k, r.on.first_ms * k,
                r.on.steady_ms * k);
  }
  return 0;
}
