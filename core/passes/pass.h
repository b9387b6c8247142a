// Optimizer passes: the Pass interface, levels, and the context a pass runs in.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "ir/model.h"

namespace onnxlens::passes {

class ConstantEvaluator;

/// Optimization levels as in ONNX Runtime; choosing one runs every lower one too.
enum class Level { kDisabled = 0, kBasic = 1, kExtended = 2, kLayout = 3 };

std::string_view LevelName(Level level);
/// "disabled", "basic", "extended", "layout" (also "all" = layout, and 0..3).
Expected<Level> ParseLevel(std::string_view name);

/// What the optimized model may contain.
enum class Format {
  kOrt,       ///< com.microsoft contrib ops (FusedConv, Attention, ...) that ONNX Runtime loads
  kStandard,  ///< ai.onnx ops only: passes whose result has no standard form are skipped
};

struct PassOptions {
  Format format = Format::kOrt;
  /// Constant folding leaves outputs bigger than this unfolded (the model would grow).
  int64_t constant_folding_max_bytes = int64_t{64} << 20;
  /// Channels per NCHWc block for the layout level's nchwc-transformer (ir/nchwc.h); 0 = the pass
  /// does nothing (no provider in the session's order runs the blocked kernels fast).
  int nchwc_block = 0;
  /// The graph is for a session of this process, never written to a file: passes may use the
  /// com.onnxlens ops only our kernels run (qlinear-nhwc). Optimize / export leave it off, so what
  /// they write loads in ONNX Runtime.
  bool session_only_ops = false;
};

/// Handed to every pass run.
struct PassContext {
  ir::Model* model = nullptr;
  PassOptions options;
  /// Computes a node on constant inputs, for constant folding (passes/constant_evaluator.h); null =
  /// constant folding folds nothing.
  const ConstantEvaluator* evaluator = nullptr;

  /// The opset the model imports for `domain` ("" = ai.onnx), or -1.
  int64_t Opset(std::string_view domain = "") const { return model->OpsetVersion(domain); }
};

class Pass {
 public:
  virtual ~Pass() = default;
  /// Stable kebab-case name ("conv-bn-fusion"); what --disable takes.
  virtual std::string_view name() const = 0;
  /// One line for --help, the GUI and the docs.
  virtual std::string_view summary() const = 0;
  virtual Level level() const = 0;
  /// True when the pass emits com.microsoft ops (skipped for Format::kStandard).
  virtual bool needs_contrib_ops() const { return false; }
  /// Rewrites `graph` (the main graph; passes recurse into subgraphs themselves where it makes
  /// sense). Returns whether anything changed.
  virtual Expected<bool> Run(ir::Graph& graph, PassContext& ctx) = 0;
};

/// Every pass, in the order each level runs them (passes/register.cc).
std::vector<std::unique_ptr<Pass>> CreateAllPasses();

}  // namespace onnxlens::passes
