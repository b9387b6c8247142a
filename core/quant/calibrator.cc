// Calibration runs (see calibrator.h).
#include "quant/calibrator.h"

#include <set>

#include "common/strings.h"
#include "runtime/session.h"

namespace onnxlens::quant {

Expected<CalibrationResult> Calibrate(const ir::Model& model,
                                      const std::vector<std::string>& tensors, SampleSource& source,
                                      const CalibrationOptions& options, int threads,
                                      const JobControl& job) {
  // The tensors become graph outputs of a copy so that the session keeps them to the end of the
  // run; the copy runs unoptimized so that no pass fuses them away.
  std::shared_ptr<ir::Model> copy = model.Clone();
  ir::Graph& g = *copy->graph;
  std::set<std::string> outputs;
  for (const ir::Value* v : g.outputs()) outputs.insert(v->name());
  std::map<std::string, std::unique_ptr<RangeCollector>> collectors;
  for (const std::string& name : tensors) {
    ir::Value* v = g.FindLocalValue(name);
    if (!v) return NotFound("no tensor " + Quote(name) + " to calibrate in the main graph");
    collectors[name] = MakeCollector(options);
    if (outputs.insert(name).second) g.AddOutput(v);
  }
  runtime::SessionOptions so;
  so.intra_op_threads = threads;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(
                                        std::shared_ptr<const ir::Model>(std::move(copy)), so));
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
    for (const auto& [name, value] : *run) {
      auto it = collectors.find(name);
      if (it == collectors.end() || !value.is_tensor()) continue;
      if (value.tensor.dtype() != ir::DataType::kFloat) continue;
      it->second->Add(value.tensor.data<float>(), value.tensor.numel());
    }
    ++result.samples;
  }
  if (result.samples == 0) return InvalidArgument("calibration got no sample");
  for (const auto& [name, c] : collectors) result.ranges[name] = c->Result();
  job.Report(Stage::kCalibrating, 1.0,
             std::to_string(result.samples) + "/" + std::to_string(result.samples));
  return result;
}

}  // namespace onnxlens::quant
