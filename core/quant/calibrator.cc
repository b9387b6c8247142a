// Calibration runs (see calibrator.h).
#include "quant/calibrator.h"

#include <set>
#include <utility>

#include "common/strings.h"
#include "runtime/session.h"

namespace onnxlens::quant {

Expected<CalibrationResult> Calibrate(const ir::Model& model,
                                      const std::vector<std::string>& tensors, SampleSource& source,
                                      const CalibrationOptions& options, int threads,
                                      const JobControl& job) {
  // The session sees each tensor as the run makes it (SessionOptions::observe_value) and feeds
  // it to its collector: no tensor outlives its last reader, so memory is what one run of the
  // model needs (every tensor made a graph output kept a 50k-node graph's activations all at
  // once). Unoptimized, so that no pass fuses a tensor away. The session lives only in this call,
  // so it can run `model` itself.
  const ir::Graph& g = *model.graph;
  std::map<std::string, std::unique_ptr<RangeCollector>> collectors;
  std::vector<std::pair<RangeCollector*, const ir::Tensor*>> constants;
  for (const std::string& name : tensors) {
    const ir::Value* v = g.FindLocalValue(name);
    if (!v) return NotFound("no tensor " + Quote(name) + " to calibrate in the main graph");
    auto& c = collectors[name];
    if (c) continue;
    c = MakeCollector(options);
    if (v->initializer() && !v->producer() && !v->is_graph_input())
      constants.emplace_back(c.get(), v->initializer());
  }
  runtime::SessionOptions so;
  so.intra_op_threads = threads;
  so.observe_value = [&collectors](const std::string& name, const kernels::RtValue& value) {
    if (!value.is_tensor() || value.tensor.dtype() != ir::DataType::kFloat) return;
    auto it = collectors.find(name);
    if (it != collectors.end()) it->second->Add(value.tensor.data<float>(), value.tensor.numel());
  };
  OL_ASSIGN_OR_RETURN(
      auto session,
      runtime::Session::Create(
          std::shared_ptr<const ir::Model>(std::shared_ptr<const ir::Model>(), &model), so));
  CalibrationResult result;
  const int64_t expected = source.size();
  while (true) {
    const double done = expected > 0 ? static_cast<double>(result.samples) / expected : 0.0;
    if (!job.Report(Stage::kCalibrating, std::min(done, 1.0),
                    std::to_string(result.samples) + "/" +
                        (expected > 0 ? std::to_string(expected) : std::string("?"))))
      return Cancelled("calibration was cancelled");
    OL_ASSIGN_OR_RETURN(std::optional<Sample> sample, source.Next());
    if (!sample) break;
    auto run = session->Run(*sample, &job.cancel);
    if (!run.ok())
      return run.status().WithContext("calibration sample " + std::to_string(result.samples));
    // A weight asked for counts once per sample, as it did when it was a graph output.
    for (const auto& [collector, t] : constants)
      if (t->dtype() == ir::DataType::kFloat) collector->Add(t->data<float>(), t->numel());
    ++result.samples;
  }
  if (result.samples == 0) return InvalidArgument("calibration got no sample");
  for (const auto& [name, c] : collectors) result.ranges[name] = c->Result();
  job.Report(Stage::kCalibrating, 1.0,
             std::to_string(result.samples) + "/" + std::to_string(result.samples));
  return result;
}

}  // namespace onnxlens::quant
