// Accuracy of one model against another on the same inputs (a float model and its quantized
// copy): per output max / mean absolute error, cosine, SQNR and, for classifier-shaped outputs,
// top-1 / top-5 agreement; per tensor (layer-wise) every float activation of A matched to its
// quantized counterpart in B — the output of the DequantizeLinear fed by a QuantizeLinear of the
// tensor, else the tensor of the same name — worst SQNR first (ONNX Runtime's qdq_loss_debug
// without the matching code).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/image_inputs.h"
#include "api/input_spec.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api {

struct CompareModelsRequest {
  std::filesystem::path inputs_dir;  ///< test_data_set_N folders (or one set)
  ImageInputs images;                ///< a folder of images instead of inputs_dir
  int64_t random_samples = 0;        ///< without inputs_dir: this many random samples
  uint64_t seed = 0;
  DimOverrides dims;      ///< --dim: free dimensions of random samples (others chosen by name)
  RangeOverrides ranges;  ///< --range: random value ranges per input
  bool layers = true;     ///< also compare the intermediate tensors
  int threads = 0;
};

/// Error statistics of B against A (A the reference) over every sample.
struct Agreement {
  double max_abs = 0, mean_abs = 0;
  double cosine = 1;
  double sqnr_db = 0;  ///< 10 log10(sum a^2 / sum (a - b)^2); kExactSqnr when equal
  int64_t elements = 0;
};
constexpr double kExactSqnr = 999;

struct OutputAgreement {
  std::string name;
  Agreement stats;
  bool classifier = false;  ///< [N, C] (or [N, C, 1, 1]) with C >= 2: top-k counted
  int64_t rows = 0;
  double top1 = 0;      ///< fraction of rows where both argmaxes agree
  double top5 = 0;      ///< fraction of rows where A's argmax is among B's five largest
  std::string problem;  ///< set when the outputs could not be compared (type, shape)
};

struct LayerAgreement {
  std::string tensor;       ///< A's tensor
  std::string counterpart;  ///< B's tensor
  std::string match;        ///< "dequantize" or "name"
  Agreement stats;
};

struct CompareModelsReport {
  std::string a, b;
  int64_t samples = 0;
  bool random_inputs = false;
  std::vector<OutputAgreement> outputs;
  std::vector<LayerAgreement> layers;  ///< worst SQNR first
  uint64_t bytes_a = 0, bytes_b = 0;
};

/// Runs A and B on every sample and compares. Errors: a model that does not load, inputs that do
/// not fit A (naming the file), models whose inputs differ.
Expected<CompareModelsReport> CompareModelFiles(const std::filesystem::path& a,
                                                const std::filesystem::path& b,
                                                const CompareModelsRequest& request,
                                                const JobControl& job = {});

nlohmann::json ToJson(const CompareModelsReport& report);

}  // namespace onnxlens::api
