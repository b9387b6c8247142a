// Internal to core/api (quantize, quant_search): a QuantizeRequest's options as the quantizer and
// the calibrator take them, and the calibration samples it names.
#pragma once

#include <memory>
#include <string>

#include "api/quantize.h"
#include "common/status.h"
#include "ir/model.h"
#include "quant/calibrator.h"
#include "quant/qdq_quantizer.h"

namespace onnxlens::api {

/// "u8" / "uint8" or "s8" / "int8"; `option` names the option in the error.
Expected<quant::QuantType> ParseQuantType(const std::string& text, const std::string& option);

/// The request's --op-types, --exclude and --include.
quant::NodeFilter FilterOf(const QuantizeRequest& request);

/// The static quantizer's options (types, symmetry, per channel, filter).
Expected<quant::StaticQuantOptions> StaticOptionsOf(const QuantizeRequest& request);

/// The calibrator's options (method, moving average, percentile, symmetry).
Expected<quant::CalibrationOptions> CalibrationOptionsOf(const QuantizeRequest& request);

/// The calibration samples of `model` the request names: --calib folders, --images or --random
/// (then *random is set). `model` must stay alive while the source is read.
Expected<std::unique_ptr<quant::SampleSource>> CalibrationSamples(const ir::Model& model,
                                                                  const QuantizeRequest& request,
                                                                  bool* random);

/// The option a calibration error is about: "--calib DIR", "--images DIR" or "--random".
std::string CalibrationOption(const QuantizeRequest& request);

}  // namespace onnxlens::api
