// Calibration: runs the float model once per sample and feeds each tensor to calibrate to its
// collector as the run makes it (histograms, never the tensors: memory is one run's live
// activations plus a histogram per tensor). Progress and cancel through JobControl.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/progress.h"
#include "common/status.h"
#include "ir/model.h"
#include "kernels/rt_value.h"
#include "quant/histogram.h"

namespace onnxlens::quant {

using Sample = std::map<std::string, kernels::RtValue>;

/// Where samples come from (a folder of data sets, random values): the next sample, or nullopt
/// when there are no more. An error ends calibration with it.
class SampleSource {
 public:
  virtual ~SampleSource() = default;
  virtual Expected<std::optional<Sample>> Next() = 0;
  /// How many samples there will be (for progress), 0 when unknown.
  virtual int64_t size() const = 0;
};

struct CalibrationResult {
  std::map<std::string, TensorRange> ranges;
  int64_t samples = 0;
};

/// The range of every tensor in `tensors` (float32 values of `model`'s main graph) over the
/// samples of `source`. Fails when `source` gives no sample, or a run fails (naming the sample).
/// `threads`: intra-op threads of the calibration session (0 = one per core).
Expected<CalibrationResult> Calibrate(const ir::Model& model,
                                      const std::vector<std::string>& tensors, SampleSource& source,
                                      const CalibrationOptions& options, int threads = 0,
                                      const JobControl& job = {});

}  // namespace onnxlens::quant
