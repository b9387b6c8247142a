// What the quantizers share: which nodes to quantize (op types, include / exclude by name), the
// already-quantized check, the statistics of a rewrite and small graph-building helpers.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"

namespace onnxlens::quant {

/// Which nodes a quantizer may touch.
struct NodeFilter {
  std::set<std::string> op_types;       ///< empty: every op type the quantizer supports
  std::set<std::string> include_nodes;  ///< non-empty: only these node names
  std::set<std::string> exclude_nodes;  ///< never these node names
};

/// Checks `filter` against `model` and the op types a quantizer supports: an op type it does not
/// know, or a node name no node has, is an error naming the option (`--op-types`, `--exclude`,
/// `--include`) and what is known.
Status CheckFilter(const ir::Model& model, const NodeFilter& filter,
                   const std::vector<std::string>& supported);

/// True when the filter lets `node` be quantized (its op type among `supported` too).
bool Selected(const ir::Node& node, const NodeFilter& filter,
              const std::vector<std::string>& supported);

/// An error when the model already holds quantized ops (QuantizeLinear, DequantizeLinear,
/// QLinear*, *Integer, DynamicQuantize*), naming how many and the first node.
Status CheckNotQuantized(const ir::Model& model);

/// What a quantizer did.
struct QuantStats {
  std::map<std::string, int> quantized_by_op;  ///< op type -> nodes quantized
  int quantize_nodes = 0;                      ///< QuantizeLinear / DynamicQuantizeLinear added
  int dequantize_nodes = 0;                    ///< DequantizeLinear added
  int weights = 0;                             ///< initializers stored quantized
  int folded_activations = 0;  ///< Relu / Clip folded into their output's quantization
  std::vector<std::string> warnings;
};

/// Node names not yet used in a graph: `base`, `base_1`, ... (ONNX Runtime refuses a model with
/// two nodes of one name).
class NodeNamer {
 public:
  explicit NodeNamer(const ir::Graph& g);
  std::string Unique(const std::string& base);

 private:
  std::set<std::string> used_;
};

/// A new initializer value `name` (made unique) holding `t`.
ir::Value* AddInitializer(ir::Graph& g, const std::string& name, ir::Tensor t);
/// A new value `name` (made unique) of element type `type` and the shape of `like` (if any).
ir::Value* AddValue(ir::Graph& g, const std::string& name, ir::DataType type,
                    const ir::Value* like = nullptr);
/// Removes a float initializer nobody reads any more.
void DropIfUnused(ir::Graph& g, ir::Value* v);
/// True for a float32 tensor value (by its type, or its initializer's).
bool IsFloatTensor(const ir::Value* v);

}  // namespace onnxlens::quant
