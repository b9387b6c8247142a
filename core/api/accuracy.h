// Accuracy of one model against another on the same inputs (a float model and its quantized
// copy): per output max / mean absolute error, cosine, SQNR and, for classifier-shaped outputs,
// top-1 / top-5 agreement; per tensor (layer-wise) every float activation of A matched to its
// quantized counterpart in B — the output of the DequantizeLinear fed by a QuantizeLinear of the
// tensor, else the tensor of the same name — worst SQNR first (ONNX Runtime's qdq_loss_debug
// without the matching code).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/bench.h"
#include "api/image_inputs.h"
#include "api/input_spec.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::ir {
class Tensor;
}  // namespace onnxlens::ir

namespace onnxlens::api {

struct CompareModelsRequest {
  std::filesystem::path inputs_dir;  ///< test_data_set_N folders (or one set)
  ImageInputs images;                ///< a folder of images instead of inputs_dir
  int64_t random_samples = 0;        ///< without inputs_dir: this many random samples
  uint64_t seed = 0;
  DimOverrides dims;      ///< --dim: free dimensions of random samples (others chosen by name)
  RangeOverrides ranges;  ///< --range: random value ranges per input
  bool layers = true;     ///< also compare the intermediate tensors
  /// The most bytes of A's intermediate tensors kept at once for the layer comparison (at least
  /// one tensor): the tensors beyond it are compared on further runs of both models.
  uint64_t layer_memory_bytes = uint64_t{256} << 20;
  int threads = 0;
  int latency_runs = 5;  ///< timed runs of each model on the first sample (P50); 0: none
  /// The optimization level of the timed sessions ("all", a session's and ONNX Runtime's
  /// default: QDQ node units become int8 kernels and int8 convolution chains stay channels-last,
  /// as a deployed session runs them; the accuracy runs use the file as it is).
  std::string latency_level = "all";
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

/// Bounded value histograms of one layer over every sample: A's and B's values on one range
/// (A's range on the first sample, widened by a quarter each side; values outside land in the
/// end bins), and B - A on [-e, e] with e the first sample's largest error (at least 1e-6).
/// Memory is kBins counters per histogram whatever the data size.
struct LayerHistograms {
  static constexpr int kBins = 64;
  double lo = 0, hi = 0;          ///< the range of `a` and `b`
  double err_lo = 0, err_hi = 0;  ///< the range of `error`
  /// kBins counts each; 32 bits, held at 2^32 - 1 (a layer's histograms are kept for every layer
  /// of a model: 38 MB less than 64-bit counts at 50,000 layers).
  std::vector<uint32_t> a, b, error;
  double a_min = 0, a_max = 0;  ///< the real range of A's values over every sample
};

struct LayerAgreement {
  std::string tensor;       ///< A's tensor
  std::string counterpart;  ///< B's tensor
  std::string match;        ///< "dequantize" or "name"
  Agreement stats;
  LayerHistograms histograms;
  /// The name of B's node that makes a tensor named as A's `tensor` (in a quantized file, the
  /// float node the quantizer knew by that name); "" when there is none or it has no name.
  std::string b_producer;
  /// B's QuantizeLinear whose DequantizeLinear gives `counterpart` (a static QDQ pair): its scale
  /// and zero point when they are initializers (null otherwise, or when there is none).
  std::shared_ptr<const ir::Tensor> q_scale, q_zero_point;
};

struct CompareModelsReport {
  std::string a, b;
  int64_t samples = 0;
  bool random_inputs = false;
  std::vector<OutputAgreement> outputs;
  std::vector<LayerAgreement> layers;  ///< worst SQNR first
  uint64_t bytes_a = 0, bytes_b = 0;
  int latency_runs = 0;               ///< timed runs per model (0: not timed)
  std::string latency_level;          ///< the level the timed sessions ran at
  double p50_ms_a = 0, p50_ms_b = 0;  ///< median of the timed runs on the first sample
  /// Every figure of the timed runs (A and B alternated run by run after one untimed run each,
  /// so a drift of the machine's speed hits both alike), and whether they can be trusted: the
  /// larger spread of the two and the machine's load around them (issue 35.6).
  LatencyStats latency_a, latency_b;
  LatencyNoise latency_noise;
  /// Why B does not look like a float / quantized version of A (empty: it does): output names
  /// that differ, an output that cannot be compared (type, shape), or every output's cosine below
  /// kUnrelatedCosine while no matched intermediate tensor agrees (cosine >= kAgreeingLayerCosine;
  /// not judged with `layers` off).
  std::vector<std::string> unrelated;
};
constexpr double kUnrelatedCosine = 0.5;
constexpr double kAgreeingLayerCosine = 0.9;

/// Runs A and B on every sample and compares. Errors: a model that does not load, inputs that do
/// not fit A (naming the file), models whose inputs differ.
Expected<CompareModelsReport> CompareModelFiles(const std::filesystem::path& a,
                                                const std::filesystem::path& b,
                                                const CompareModelsRequest& request,
                                                const JobControl& job = {});

/// Runs `model` at `level` on the inputs of every test_data_set_N folder of `dir` (or of `dir`
/// itself) and compares its outputs with the folder's output_N.pb files (by the stored name, else
/// by position), the files being the reference: per output statistics over every folder. Errors:
/// a folder without outputs or with a different count, a file that is not a value.
Expected<std::vector<OutputAgreement>> CompareWithExpectedOutputs(
    const std::filesystem::path& model, const std::filesystem::path& dir, const std::string& level,
    int threads, const JobControl& job = {});

nlohmann::json ToJson(const CompareModelsReport& report);

}  // namespace onnxlens::api
