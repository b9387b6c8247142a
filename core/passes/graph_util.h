// Helpers shared by the passes: constants, single-use checks, rewiring, new initializers,
// provenance.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace onnxlens::passes {

/// Calls fn on `g` and every nested subgraph (outermost first); fn may rewrite the graph it gets
/// but must not delete nodes holding subgraphs not yet visited.
void ForEachGraphMut(ir::Graph& g, const std::function<void(ir::Graph&)>& fn);

/// Calls fn on every node `g` holds now, in stored order, skipping those an earlier call removed
/// (nodes added meanwhile are not visited); fn returns whether it changed the graph. O(n): nodes
/// are found again through Graph::FindNode's index (a linear scan per node made a rule pass over a
/// 20,000-node chain spend 91% of the optimize time looking nodes up).
void ForEachNodeOnce(ir::Graph& g, const std::function<bool(ir::Node&)>& fn);

/// The constant tensor behind `v`: an initializer that is not also a graph input (a caller may
/// override those), in this graph or an enclosing one. Null otherwise.
const ir::Tensor* ConstantOf(const ir::Value* v);

/// A float32 constant's data as floats; nullopt for other types or non-constants.
std::optional<std::vector<float>> ConstantFloats(const ir::Value* v);
/// An integer constant (int32/int64) as int64s; nullopt otherwise.
std::optional<std::vector<int64_t>> ConstantInts(const ir::Value* v);
/// A constant with a single element, as double (any numeric type).
std::optional<double> ConstantScalar(const ir::Value* v);

/// The only consumer of `v` when it has exactly one use and is not a graph output.
ir::Node* SoleConsumer(const ir::Value* v);
/// True when `n` is op_type in the default domain.
bool IsOp(const ir::Node* n, std::string_view op_type);

/// Removes `n`, which passes input `in` through unchanged as output `out` (all its other outputs
/// unused): consumers of the output read the input instead. When the output is a graph output,
/// the input's producer is made to write it instead. False (nothing changed) when neither can be
/// done, e.g. output and input are both graph interface values.
bool BypassNode(ir::Node* n, size_t in = 0, size_t out = 0);

/// Points every use of `from` at `to` (same graph or an enclosing one of the uses). `from` must
/// not be a graph output.
void ReplaceUses(ir::Value* from, ir::Value* to);

/// Removes nodes none of whose outputs are used or graph outputs, repeatedly; returns how many.
int RemoveDeadNodes(ir::Graph& g);

/// Adds an initializer named after `base` (made unique) holding `t`.
ir::Value* AddInitializer(ir::Graph& g, const std::string& base, ir::Tensor t);

/// A new node in `g` replacing `replaced` (provenance: their roots). Name: `name` or derived.
ir::Node* AddFusedNode(ir::Graph& g, const std::string& op_type, const std::string& domain,
                       std::initializer_list<const ir::Node*> replaced,
                       const std::string& name = {});
/// Adds the ids `from` came from (or its own id when it came from the file) to n->origins.
void InheritOrigins(ir::Node* n, const ir::Node* from);

/// A hash of the node's attributes (names, kinds, values).
uint64_t AttributesHash(const ir::Node& n);
/// A hash of the node's op type, domain and attributes (what the statistics instrument compares
/// of a node besides its inputs).
uint64_t OpAndAttributesHash(const ir::Node& n);

}  // namespace onnxlens::passes

namespace onnxlens::passes {

/// Fully known dims of `v`: a constant's shape, else its declared/inferred type's if every dim is
/// known. nullopt otherwise.
std::optional<std::vector<int64_t>> KnownDims(const ir::Value* v);
/// The element type of `v` when known.
std::optional<ir::DataType> KnownType(const ir::Value* v);
/// Copies `from`'s scalar and list attributes (not tensors or graphs) to `to`, except `skip`.
void CopyAttributes(const ir::Node& from, ir::Node* to,
                    std::initializer_list<std::string_view> skip = {});
/// `v` as int32 (ONNX Runtime's contrib ops take int32 ids and masks): v itself when it already
/// is, an existing Cast<int32>(v) of graph `g`, or a new one.
ir::Value* Int32View(ir::Graph& g, ir::Value* v);
/// True when `a` and `b` certainly have the same shape: same rank, and each dim known and equal
/// or the same named symbol (a graph-wide dim parameter such as "batch").
bool SameShape(const ir::Value* a, const ir::Value* b);
/// True when every element of a numeric constant equals `x`.
bool ConstantAllEqual(const ir::Value* v, double x);

}  // namespace onnxlens::passes

namespace onnxlens::passes {

/// `next` reads output 0 of `keep` (its only use) and is folded into it: `next` is removed and
/// `keep` writes next's output 0 instead (value names and graph outputs stay as they were);
/// keep's provenance gains next's. `keep` must produce nothing else that is used.
void AbsorbSuccessor(ir::Node* keep, ir::Node* next);

/// AddFusedNode for a pattern whose node list is built at run time.
ir::Node* AddFusedNodeFor(ir::Graph& g, const std::string& op_type, const std::string& domain,
                          const std::vector<ir::Node*>& replaced, const std::string& name = {});
/// Removes `last` (the end of a matched pattern) and makes `fused` write its output 0 instead
/// (value name, uses and graph-output status stay), then removes those of `pattern` left unused.
void ReplacePattern(ir::Node* last, ir::Node* fused, const std::vector<ir::Node*>& pattern);
/// Removes those of `nodes` whose outputs are unused and not graph outputs, repeatedly (so whole
/// chains go), with their output values; returns how many.
int RemoveIfUnused(ir::Graph& g, const std::vector<ir::Node*>& nodes);
/// True when every use of `v` is by one of `nodes` and `v` is not a graph output.
bool UsedOnlyBy(const ir::Value* v, const std::vector<ir::Node*>& nodes);
/// The producer of input `i` of `n` when it is `op_type` (default domain); null otherwise.
ir::Node* InputProducer(const ir::Node* n, size_t i, std::string_view op_type);
/// Records on `n` (modified by a pass) that it now also stands for `other`.
void MergeOrigins(ir::Node* n, const ir::Node* other);

}  // namespace onnxlens::passes
