// Optimizing a model file: run the pass manager at a level, list the steps, compare op counts
// before and after, verify numerically against the original (naming the first pass that broke
// it), and export the result for ONNX Runtime (`ort` format) or any runtime (`standard`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/input_spec.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::passes {
class Pass;
}

namespace onnxlens::api {

struct OptimizeRequest {
  std::string level = "extended";
  std::vector<std::string> disabled;
  /// The provider order the optimized model is for: with dnnl in it, level `layout` blocks
  /// convolution chains in NCHWc (as a session with that order would run them).
  std::vector<std::string> providers = DefaultProviderOrder();
  int stop_after = 0;
  std::string format = "ort";  ///< "ort" or "standard"
  bool verify = false;
  std::filesystem::path inputs_dir;  ///< verification inputs; empty = random from `seed`
  uint64_t seed = 0;
  /// --dim: free dimensions baked into the model's inputs before optimizing (static shapes: more
  /// folding), as onnx_io::LoadOptions::dim_overrides.
  DimOverrides dims;
  RangeOverrides ranges;         ///< --range: random verification values per input
  std::filesystem::path output;  ///< empty = do not write
  bool external_data = false;
  /// Replace an existing `output` (and its .data); never the model read or its data files.
  bool force = false;
  bool dump = false;  ///< fill OptimizeReport::text with the optimized graph as text
  /// Output edits made before optimizing (passes/prune.h): keep only these graph outputs, or
  /// drop these, removing everything only the removed ones needed; expose these intermediate
  /// tensors as outputs (Polygraphy's `mark`). Unknown names are an error listing the outputs.
  std::vector<std::string> keep_outputs, drop_outputs, add_outputs;
  /// Extra passes (tests: a deliberately broken pass must be caught by verify).
  std::vector<std::shared_ptr<passes::Pass>> extra_passes;
};

struct OptimizeStepReport {
  int index = 0;
  std::string pass, level;
  int round = 0;
  /// By provenance, as the Optimize panes colour the step: gone without a counterpart, new,
  /// changed in place, (after) made from several nodes.
  int removed = 0, added = 0, modified = 0;
  int64_t nodes_after = 0;
  double millis = 0;
  int initializers_removed = 0;
  int fused = 0;
};

struct OutputCheck {
  std::string name;
  bool ok = true;
  double max_abs_diff = 0;
  double max_rel_diff = 0;
  double cosine = 1;  ///< cosine similarity of the flattened outputs
  std::string reason;
};

struct VerifyReport {
  bool ran = false;
  bool ok = true;
  std::vector<OutputCheck> outputs;
  /// When not ok: the pass whose step first makes an output differ, found by bisecting the
  /// steps (the step before it still matches, the step itself does not).
  std::string culprit_pass;
  int culprit_step = 0;
  int runs = 0;  ///< model runs it took
};

struct OptimizeReport {
  std::string model, level, format;
  int64_t nodes_before = 0, nodes_after = 0;
  /// The output edit: outputs removed / added and what pruning alone removed (before the passes).
  std::vector<std::string> outputs_removed, outputs_added;
  int64_t pruned_nodes = 0, pruned_initializers = 0;
  std::map<std::string, int64_t> ops_before, ops_after;  ///< "Op" or "domain:Op" -> count
  std::vector<OptimizeStepReport> steps;
  double millis = 0;
  bool stopped_early = false;
  VerifyReport verify;
  std::string written;          ///< output path when written
  bool checker_passed = false;  ///< ONNX checker on the written file
  std::string checker_message;
  std::string text;  ///< the optimized model in ir/text_format (with node ids) when asked
};

struct PassDescription {
  std::string name, summary, level;
  bool contrib = false;  ///< emits com.microsoft ops (skipped for the standard format)
};
/// Every optimizer pass in run order.
std::vector<PassDescription> ListOptimizerPasses();

/// The words a level may be given as (OptimizeRequest, ProfileOptions, BenchConfig,
/// ConformanceOptions): "disabled", "basic", "extended", "layout", "all" (= layout), and ONNX
/// Runtime's numbers 0, 1, 2, 3 and 99 (= all).
std::vector<std::string> OptimizationLevelNames();

/// `job` gets the load's stages, Stage::kOptimizing (detail: the pass), verification's stages
/// and Stage::kWritingModel; a cancel ends with kCancelled.
Expected<OptimizeReport> OptimizeModelFile(const std::filesystem::path& model,
                                           const OptimizeRequest& request,
                                           const JobControl& job = {});

/// The op-count table (original vs optimized; improved rows marked) as text.
std::string FormatOpTable(const OptimizeReport& report);

nlohmann::json ToJson(const OptimizeReport& report);

}  // namespace onnxlens::api
