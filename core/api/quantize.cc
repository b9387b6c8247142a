// Quantizing a model file (see quantize.h): load, optimize at basic, plan, calibrate, rewrite,
// save under the writers' rule.
#include "api/quantize.h"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <set>

#include "api/internal/optimize_options.h"
#include "api/internal/quant_options.h"
#include "api/internal/session_check.h"
#include "api/internal/writers.h"
#include "common/cpu_isa.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "onnx/node_validator.h"
#include "quant/calibrator.h"
#include "quant/dynamic_quantizer.h"
#include "quant/qdq_quantizer.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

using Clock = std::chrono::steady_clock;

double MillisSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

Status CheckQuantizeRequest(const QuantizeRequest& r) {
  if (r.mode != "static" && r.mode != "dynamic")
    return InvalidArgument("--mode: the mode is static or dynamic, got " + Quote(r.mode));
  if (r.format != "standard" && r.format != "ort")
    return InvalidArgument("--format: the format is standard or ort, got " + Quote(r.format));
  OL_RETURN_IF_ERROR(StaticOptionsOf(r).status());
  OL_RETURN_IF_ERROR(CalibrationOptionsOf(r).status());
  if (!(r.percentile > 0 && r.percentile <= 100))
    return InvalidArgument("--percentile: must be in (0, 100], got " +
                           std::to_string(r.percentile));
  if (r.output.empty()) return InvalidArgument("-o: the output file is required");
  if (r.mode == "static") {
    const int sources = !r.calib_dir.empty() + !r.images.empty() + (r.random_samples > 0);
    if (sources == 0)
      return InvalidArgument(
          "--mode static needs calibration data: --calib DIR (test_data_set_N folders), "
          "--images DIR or --random N");
    if (sources > 1) return InvalidArgument("--calib, --images and --random: give one of them");
  }
  return Status::Ok();
}

// The writers' rule for -o: never the model, its data or a calibration file (also with --force).
WritePolicy QuantizePolicy(const fs::path& path, const onnx_io::LoadedModel& loaded,
                           const QuantizeRequest& r) {
  WritePolicy policy = PolicyForModel(path, loaded, r.force);
  AddInputFolder(&policy, r.calib_dir, "--calib");
  AddInputFolder(&policy, r.images.dir, "--images");
  return policy;
}

int64_t CountNodes(const ir::Model& m) {
  return static_cast<int64_t>(m.graph->NumNodesRecursive());
}

}  // namespace

std::vector<std::string> QuantizableOpTypes(const std::string& mode, const std::string& format) {
  if (mode != "dynamic") return quant::QdqOpTypes();
  std::vector<std::string> ops = quant::DynamicOpTypes();
  if (format != "ort") ops.erase(std::remove(ops.begin(), ops.end(), "LSTM"), ops.end());
  return ops;
}

Expected<QuantizeReport> QuantizeModelFile(const fs::path& path, const QuantizeRequest& r,
                                           const JobControl& job) {
  const auto t0 = Clock::now();
  OL_RETURN_IF_ERROR(CheckQuantizeRequest(r));
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded,
                      onnx_io::LoadModelFile(path, {}, job.Slice(0, 0.05)));
  const WritePolicy policy = QuantizePolicy(path, loaded, r);
  OL_RETURN_IF_ERROR(CheckWritePolicy(r.output, policy).WithContext("-o"));
  OL_RETURN_IF_ERROR(quant::CheckNotQuantized(*loaded.model).WithContext(path.string()));
  // What `run` refuses is not quantized: the session's checks, on the file and on the result.
  OL_RETURN_IF_ERROR(CheckAsSession(*loaded.model, {}).WithContext(path.string()));

  QuantizeReport rep;
  rep.model = path.string();
  rep.output = r.output.string();
  rep.mode = r.mode;
  rep.format = r.mode == "dynamic" ? r.format : "standard";
  rep.method = r.mode == "static" ? r.method : "";
  rep.bytes_before = loaded.file_bytes;
  rep.nodes_before = CountNodes(*loaded.model);

  // ONNX Runtime's pre-processing: the basic optimizations (BatchNormalization folded into Conv,
  // constants folded, identities removed) before anything is quantized.
  std::unique_ptr<ir::Model> model = std::move(loaded.model);
  OL_ASSIGN_OR_RETURN(passes::OptimizeOptions oo,
                      OptimizeOptionsFor("basic", "standard", {}, {"cpu", "reference"}));
  if (!job.Report(Stage::kOptimizing, 0.05)) return Cancelled("quantization was cancelled");
  OL_RETURN_IF_ERROR(passes::Optimize(*model, oo).status().WithContext(path.string()));

  quant::QuantStats stats;
  if (r.mode == "dynamic") {
    quant::DynamicQuantOptions o;
    o.weight_type = ParseQuantType(r.weight_type, "--weight-type").value();
    o.weight_symmetric = o.weight_type == quant::QuantType::kInt8;
    o.per_channel = r.per_channel;
    o.reduce_range = r.reduce_range;
    o.ort_format = r.format == "ort";
    o.filter = FilterOf(r);
    if (!job.Report(Stage::kQuantizing, 0.5)) return Cancelled("quantization was cancelled");
    OL_ASSIGN_OR_RETURN(stats, quant::QuantizeDynamic(*model, o));
  } else {
    OL_ASSIGN_OR_RETURN(const quant::StaticQuantOptions o, StaticOptionsOf(r));
    OL_ASSIGN_OR_RETURN(quant::QdqPlan plan, quant::PlanQdq(*model, o));
    OL_ASSIGN_OR_RETURN(const quant::CalibrationOptions co, CalibrationOptionsOf(r));
    OL_ASSIGN_OR_RETURN(std::unique_ptr<quant::SampleSource> source,
                        CalibrationSamples(*model, r, &rep.random_calibration));
    if (rep.random_calibration)
      rep.warnings.push_back(
          "CALIBRATED ON RANDOM DATA: ranges from random inputs are not representative of real "
          "data, and the quantized model may lose much accuracy; calibrate with --calib DIR");
    const auto tc = Clock::now();
    auto cal =
        quant::Calibrate(*model, plan.calibrate, *source, co, r.threads, job.Slice(0.1, 0.9));
    if (!cal.ok()) {
      if (cal.status().code() == StatusCode::kCancelled) return cal.status();
      return cal.status().WithContext(CalibrationOption(r));
    }
    rep.calibration_millis = MillisSince(tc);
    rep.calibration_samples = cal->samples;
    for (const auto& [name, range] : cal->ranges)
      rep.ranges.push_back({name, range.rmin, range.rmax});
    if (!job.Report(Stage::kQuantizing, 0.9)) return Cancelled("quantization was cancelled");
    OL_ASSIGN_OR_RETURN(stats, quant::ApplyQdq(*model, plan, cal->ranges));
  }
  rep.quantized_by_op = stats.quantized_by_op;
  rep.quantize_nodes = stats.quantize_nodes;
  rep.dequantize_nodes = stats.dequantize_nodes;
  rep.weights = stats.weights;
  for (std::string& w : stats.warnings) rep.warnings.push_back(std::move(w));
  if (stats.quantized_by_op.empty())
    rep.warnings.push_back("no node was quantized: nothing in the model fits the " + r.mode +
                           " quantizer's op types and filters");
  rep.reduce_range = r.reduce_range;
  if (!r.reduce_range && rep.weights > 0 && r.weight_type == "s8" && !IsaHasVnni(EffectiveIsa()))
    rep.notes.push_back(
        "this CPU (or ONNXLENS_MAX_ISA) has no VNNI: int8 products of full-range weights are "
        "summed exactly in 16-bit lanes, at about float speed; --reduce-range (7-bit weights) "
        "lets them run about twice as fast here, at some accuracy");
  rep.nodes_after = CountNodes(*model);
  if (!job.Report(Stage::kWritingModel, 0.95)) return Cancelled("quantization was cancelled");
  // No value_info for the intermediates when every node is an ai.onnx one: loaders infer them, and
  // on a small conv net their symbolic shapes weigh as much as a tenth of the int8 weights
  // (ppocr_det: 801 entries). ONNX's shape inference knows no contrib op (com.microsoft
  // DynamicQuantizeMatMul...): then the shapes stay in the file.
  onnx_io::SaveOptions so;
  so.intermediate_value_info = false;
  for (const ir::Node* n : model->graph->nodes())
    if (!n->domain().empty() && n->domain() != "ai.onnx") so.intermediate_value_info = true;
  OL_RETURN_IF_ERROR(
      CheckAsSession(*model, {}).WithContext("the quantized model of " + path.string()));
  OL_RETURN_IF_ERROR(SaveModelUnderPolicy(*model, r.output, so, policy));
  std::error_code ec;
  rep.bytes_after = fs::file_size(r.output, ec);
  const Status check = onnx_io::CheckModelFile(r.output);
  rep.checker_passed = check.ok();
  rep.checker_message = check.ok() ? "" : check.message();
  rep.millis = MillisSince(t0);
  job.Report(Stage::kDone, 1.0);
  return rep;
}

nlohmann::json ToJson(const QuantizeReport& r) {
  nlohmann::json ranges = nlohmann::json::array();
  for (const auto& q : r.ranges)
    ranges.push_back({{"tensor", q.tensor}, {"min", q.rmin}, {"max", q.rmax}});
  return {{"schema", "onnxlens.quantize/1"},
          {"model", r.model},
          {"output", r.output},
          {"mode", r.mode},
          {"format", r.format},
          {"method", r.method},
          {"calibration_samples", r.calibration_samples},
          {"random_calibration", r.random_calibration},
          {"warnings", r.warnings},
          {"notes", r.notes},
          {"reduce_range", r.reduce_range},
          {"quantized_by_op", r.quantized_by_op},
          {"quantize_nodes", r.quantize_nodes},
          {"dequantize_nodes", r.dequantize_nodes},
          {"weights", r.weights},
          {"nodes_before", r.nodes_before},
          {"nodes_after", r.nodes_after},
          {"bytes_before", r.bytes_before},
          {"bytes_after", r.bytes_after},
          {"size_ratio", r.bytes_before ? static_cast<double>(r.bytes_after) / r.bytes_before : 0},
          {"calibration_ms", r.calibration_millis},
          {"ms", r.millis},
          {"checker_passed", r.checker_passed},
          {"checker_message", r.checker_message},
          {"ranges", ranges}};
}

}  // namespace onnxlens::api
