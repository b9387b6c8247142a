// `onnxlens-cli quantize`: static QDQ or dynamic quantization of a model file (options: main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/quantize.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

int RunQuantize(const QuantizeArgs& args) {
  const api::QuantizeRequest& req = args.request;
  if (OutputRefused(args.model, req.output, req.force)) return kExitFailure;
  ProgressBar bar;
  JobControl job;
  job.progress = [&bar](const Progress& p) { bar.Update(p); };
  auto report = api::QuantizeModelFile(args.model, req, job);
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  const api::QuantizeReport& r = *report;
  // Warnings go to stderr whatever the output format: random calibration must not go unseen.
  for (const std::string& w : r.warnings)
    std::fprintf(stderr, "onnxlens-cli: warning: %s\n", w.c_str());
  if (args.json) {
    PrintJson(api::ToJson(r));
    return kExitOk;
  }
  std::printf("%s: %s quantization", r.model.c_str(), r.mode.c_str());
  if (r.mode == "static")
    std::printf(", %s calibration on %lld %ssample(s) in %.0f ms", r.method.c_str(),
                static_cast<long long>(r.calibration_samples),
                r.random_calibration ? "RANDOM " : "", r.calibration_millis);
  else
    std::printf(", %s format", r.format.c_str());
  std::printf("\n  quantized:");
  if (r.quantized_by_op.empty()) std::printf(" nothing");
  for (const auto& [op, n] : r.quantized_by_op) std::printf(" %s x%d", op.c_str(), n);
  std::printf("\n  added: %d quantize, %d dequantize node(s); %d weight(s) stored quantized\n",
              r.quantize_nodes, r.dequantize_nodes, r.weights);
  std::printf("  nodes: %lld -> %lld\n", static_cast<long long>(r.nodes_before),
              static_cast<long long>(r.nodes_after));
  std::printf("  size: %llu -> %llu bytes (%.2fx)\n",
              static_cast<unsigned long long>(r.bytes_before),
              static_cast<unsigned long long>(r.bytes_after),
              r.bytes_before ? static_cast<double>(r.bytes_after) / r.bytes_before : 0.0);
  std::printf("wrote %s; ONNX checker: %s\n", r.output.c_str(),
              r.checker_passed ? "passed" : r.checker_message.c_str());
  return kExitOk;
}

}  // namespace onnxlens::cli
