// Quantizing a model file: static QDQ (calibrated on a folder of data sets or, with a loud
// warning, on random data) or dynamic (standard ONNX or ONNX Runtime's com.microsoft ops), after
// the basic optimizations (BatchNormalization folded), written next to — never over — the model.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/image_inputs.h"
#include "api/input_spec.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api {

struct QuantizeRequest {
  std::string mode = "static";      ///< "static" or "dynamic"
  std::filesystem::path calib_dir;  ///< static: test_data_set_N folders (or one set)
  ImageInputs images;               ///< static: a folder of images instead of calib_dir
  /// How messages name calib_dir: "--calib" for the CLI, the GUI's own words there.
  std::string calib_name = "--calib";
  int64_t random_samples = 0;  ///< static without calib_dir: this many random samples
  uint64_t seed = 0;
  DimOverrides dims;      ///< --dim: free dimensions of random samples (others chosen by name)
  RangeOverrides ranges;  ///< --range: random value ranges per input
  std::string method = "minmax";  ///< "minmax", "entropy", "percentile"
  bool moving_average = false;    ///< minmax: average the samples' ranges
  double percentile = 99.999;
  bool per_channel = false;
  bool reduce_range = false;           ///< 7-bit weights (ONNX Runtime's reduce_range)
  bool symmetric = false;              ///< symmetric activations
  std::string activation_type = "u8";  ///< "u8" or "s8"
  std::string weight_type = "s8";      ///< "u8" or "s8"
  std::vector<std::string> op_types;   ///< empty: every op type the mode handles
  std::vector<std::string> exclude_nodes;
  std::vector<std::string> include_nodes;
  std::string format = "standard";  ///< dynamic: "standard" or "ort" (com.microsoft ops)
  std::filesystem::path output;     ///< required
  bool force = false;               ///< replace an existing output (never the model)
  int threads = 0;                  ///< calibration runs
};

struct QuantizedRange {
  std::string tensor;
  float rmin = 0, rmax = 0;  ///< the calibrated (or shared / fixed) range
};

struct QuantizeReport {
  std::string model, output, mode, format, method;
  int64_t calibration_samples = 0;
  bool random_calibration = false;
  std::vector<std::string> warnings;
  /// Advice that is not a problem with the file (e.g. --reduce-range on a CPU without VNNI).
  std::vector<std::string> notes;
  bool reduce_range = false;
  std::map<std::string, int> quantized_by_op;
  int quantize_nodes = 0, dequantize_nodes = 0, weights = 0;
  int64_t nodes_before = 0, nodes_after = 0;
  uint64_t bytes_before = 0, bytes_after = 0;
  std::vector<QuantizedRange> ranges;  ///< static: one per calibrated tensor
  double calibration_millis = 0, millis = 0;
  bool checker_passed = false;
  std::string checker_message;
};

/// The op types `mode` ("static", "dynamic") quantizes in `format` ("standard", "ort": dynamic
/// LSTMs only in ONNX Runtime's), sorted.
std::vector<std::string> QuantizableOpTypes(const std::string& mode,
                                            const std::string& format = "ort");

/// Quantizes `model` as asked and writes `request.output`. Errors name the option: an unknown
/// mode, method, type or format, --op-types naming an op the mode does not handle, --exclude /
/// --include naming no node, a calibration folder that is missing, empty or whose inputs do not
/// fit the model (file, input, dtype and shape), an already quantized model, an output that is the
/// model itself or exists without `force`.
Expected<QuantizeReport> QuantizeModelFile(const std::filesystem::path& model,
                                           const QuantizeRequest& request,
                                           const JobControl& job = {});

nlohmann::json ToJson(const QuantizeReport& report);

}  // namespace onnxlens::api
