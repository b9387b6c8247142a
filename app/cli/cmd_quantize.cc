// `onnxlens-cli quantize`: static QDQ or dynamic quantization of a model file (options: main.cc).
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "api/quant_search.h"
#include "api/quantize.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

void PrintSearch(const api::QuantSearchReport& s) {
  std::printf("search: target %s %.10g on %s (%lld sample(s)); float P50 %.2f ms\n",
              s.metric.c_str(), s.target, s.eval_source.c_str(),
              static_cast<long long>(s.eval_samples), s.float_p50_ms);
  if (!s.sensitivity.empty()) {
    constexpr size_t kShown = 10;
    std::printf("  sensitivity, each node alone quantized (%zu node(s), the most harmful first):\n",
                s.sensitivity.size());
    std::printf("  %9s %8s  %-14s %s\n", "cosine", "SQNR dB", "op", "node");
    for (size_t i = 0; i < std::min(kShown, s.sensitivity.size()); ++i) {
      const api::QuantSensitivity& n = s.sensitivity[i];
      std::printf("  %9.6f %8.2f  %-14s %s\n", n.cosine, n.sqnr_db, n.op_type.c_str(),
                  n.node.c_str());
    }
    if (s.sensitivity.size() > kShown)
      std::printf("  ... %zu more (--json lists them all)\n", s.sensitivity.size() - kShown);
  }
  std::printf("  %4s %6s %7s %9s %8s %8s  %-11s %s\n", "step", "ranked", "islands", "cosine",
              "SQNR dB", "P50 ms", "target", "the least harmful node in float");
  for (const api::QuantSearchStep& st : s.steps)
    std::printf("  %4d %6d %7d %9.6f %8.2f %8.2f  %-11s %s%s\n", st.step, st.ranked, st.islands,
                st.cosine, st.sqnr_db, st.p50_ms, st.reached ? "reached" : "not reached",
                st.step == 0 ? "(all quantized)" : st.node.c_str(),
                st.step == s.chosen_step ? "  <- written" : "");
  std::printf("  %s: %zu node(s) left in float (ranked + islands: int8 nodes between float ones)\n",
              s.reached ? "target reached" : "target NOT reached", s.excluded.size());
}

}  // namespace

int RunQuantize(const QuantizeArgs& args) {
  const api::QuantizeRequest& req = args.request;
  if (OutputRefused(
          args.model, req.output, req.force,
          {{"--calib", req.calib_dir}, {"--images", req.images.dir}, {"--eval", args.eval_dir}}))
    return kExitFailure;
  ProgressBar bar(!args.json);
  JobControl job = bar.Job();
  const bool search = args.target_cosine > 0 || args.target_sqnr > 0;
  std::optional<api::QuantSearchReport> found;
  auto report = [&]() -> Expected<api::QuantizeReport> {
    if (!search) return api::QuantizeModelFile(args.model, req, job);
    api::QuantSearchRequest sr;
    sr.quantize = req;
    sr.metric = args.target_cosine > 0 ? "cosine" : "sqnr";
    sr.target = args.target_cosine > 0 ? args.target_cosine : args.target_sqnr;
    sr.max_steps = args.max_steps;
    sr.eval_dir = args.eval_dir;
    auto s = api::SearchQuantization(args.model, sr, job);
    if (!s.ok()) return s.status();
    found = std::move(*s);
    return found->quantize;
  }();
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  const api::QuantizeReport& r = *report;
  // Warnings go to stderr whatever the output format: random calibration must not go unseen.
  for (const std::string& w : r.warnings)
    std::fprintf(stderr, "onnxlens-cli: warning: %s\n", w.c_str());
  for (const std::string& n : r.notes) std::fprintf(stderr, "onnxlens-cli: note: %s\n", n.c_str());
  if (args.json) {
    nlohmann::json j = api::ToJson(r);
    if (found) j["search"] = api::ToJson(*found);
    PrintJson(j);
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
  if (found) PrintSearch(*found);
  std::printf("wrote %s; ONNX checker: %s\n", r.output.c_str(),
              r.checker_passed ? "passed" : r.checker_message.c_str());
  return kExitOk;
}

}  // namespace onnxlens::cli
