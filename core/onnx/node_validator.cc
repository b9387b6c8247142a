// ValidateModel: libonnx's schema checks on a NodeProto built from the IR node, then type
// constraints and op-specific attribute values.
#include "onnx/node_validator.h"

#include <onnx/defs/data_type_utils.h>
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "common/strings.h"
#include "onnx/proto_convert.h"

namespace onnxlens::onnx_io {

namespace {

bool OnnxDomain(const std::string& d) { return d.empty() || d == "ai.onnx"; }

Status NodeError(const ir::Node& n, const std::string& what) {
  return InvalidModel("node " + n.Describe() + ": " + what);
}

// A NodeProto with what OpSchema::Verify reads: op, domain, input/output names (missing optional
// ones as ""), attribute names and types (values of graph and tensor attributes left empty).
void ToVerifiableProto(const ir::Node& n, onnx::NodeProto* np) {
  np->set_op_type(n.op_type());
  np->set_domain(OnnxDomain(n.domain()) ? "" : n.domain());
  np->set_name(n.name());
  for (const ir::Value* v : n.inputs())
    np->add_input(v ? (v->name().empty() ? "?" : v->name()) : "");
  for (const ir::Value* v : n.outputs())
    np->add_output(v ? (v->name().empty() ? "?" : v->name()) : "");
  for (const ir::Attribute& a : n.attributes()) {
    onnx::AttributeProto* ap = np->add_attribute();
    ap->set_name(a.name);
    ap->set_type(static_cast<onnx::AttributeProto::AttributeType>(a.type));
    if (!a.ref_attr_name.empty()) ap->set_ref_attr_name(a.ref_attr_name);
    switch (a.type) {
      case ir::AttrType::kFloat:
        ap->set_f(a.f);
        break;
      case ir::AttrType::kInt:
        ap->set_i(a.i);
        break;
      case ir::AttrType::kString:
        ap->set_s(a.s);
        break;
      case ir::AttrType::kTensor:
        ap->mutable_t();
        break;
      case ir::AttrType::kGraph:
        ap->mutable_g();
        break;
      case ir::AttrType::kFloats:
        for (float f : a.floats) ap->add_floats(f);
        break;
      case ir::AttrType::kInts:
        for (int64_t i : a.ints) ap->add_ints(i);
        break;
      case ir::AttrType::kStrings:
        for (const std::string& s : a.strings) ap->add_strings(s);
        break;
      case ir::AttrType::kTensors:
        for (size_t i = 0; i < a.tensors.size(); ++i) ap->add_tensors();
        break;
      case ir::AttrType::kGraphs:
        for (size_t i = 0; i < a.graphs.size(); ++i) ap->add_graphs();
        break;
      case ir::AttrType::kTypeProto:
        if (!a.opaque.empty()) ap->mutable_tp()->ParseFromString(a.opaque[0]);
        break;
      case ir::AttrType::kTypeProtos:
        for (const std::string& bytes : a.opaque) ap->add_type_protos()->ParseFromString(bytes);
        break;
      case ir::AttrType::kSparseTensor:
        ap->mutable_sparse_tensor();
        break;
      case ir::AttrType::kSparseTensors:
        for (size_t i = 0; i < a.opaque.size(); ++i) ap->add_sparse_tensors();
        break;
      default:
        break;
    }
  }
}

std::string OnnxTypeStringUncached(const ir::TypeInfo& t) {
  onnx::TypeProto tp;
  TypeToProto(t, &tp);
  try {
    return *onnx::Utils::DataTypeUtils::ToType(tp);
  } catch (const std::exception&) {
    return "";
  }
}

// "tensor(float)" for a known tensor type, "" when inference left it open.
std::string OnnxTypeString(const ir::TypeInfo& t) {
  if (!t.known()) return "";
  if (t.kind != ir::TypeInfo::Kind::kTensor) return OnnxTypeStringUncached(t);
  if (t.elem_type == ir::DataType::kUndefined) return "";
  // A tensor's type string depends on its element type alone; made through a TypeProto for every
  // input and output it was most of the validation of a 50,000-node graph.
  thread_local std::map<ir::DataType, std::string> cache;
  auto it = cache.find(t.elem_type);
  if (it == cache.end()) it = cache.emplace(t.elem_type, OnnxTypeStringUncached(t)).first;
  return it->second;
}

// Each type parameter (T, T1, ...) bound to one type across the inputs and outputs that use it,
// and allowed by its constraint.
Status CheckTypeConstraints(const ir::Node& n, const onnx::OpSchema& schema) {
  // The schema's own lists, looked up in place (copied into a map per node, they were most of the
  // validation of a 50,000-node graph).
  auto allowed_for = [&](const std::string& param) -> const std::vector<std::string>* {
    for (const auto& c : schema.typeConstraintParams()) {
      if (c.type_param_str == param) return &c.allowed_type_strs;
    }
    return nullptr;
  };
  std::map<std::string, std::pair<std::string, std::string>> bound;  // T -> (type, who)
  auto bind = [&](const std::vector<onnx::OpSchema::FormalParameter>& formals,
                  const std::vector<ir::Value*>& actual, const char* kind) -> Status {
    for (size_t i = 0; i < actual.size(); ++i) {
      if (!actual[i] || formals.empty()) continue;
      const size_t f = std::min(i, formals.size() - 1);
      const auto& formal = formals[f];
      if (i >= formals.size() && formal.GetOption() != onnx::OpSchema::Variadic) break;
      const std::string& param = formal.GetTypeStr();
      const std::string type = OnnxTypeString(actual[i]->type());
      if (type.empty()) continue;
      auto who = [&] {
        return std::string(kind) + " " + std::to_string(i) + " " + Quote(actual[i]->name()) + " (" +
               formal.GetName() + ")";
      };
      const std::vector<std::string>* allowed = allowed_for(param);
      if (!allowed) {
        // A concrete type string instead of a parameter ("tensor(int64)").
        if (param != type && param.find('(') != std::string::npos)
          return NodeError(n, who() + " must be " + param + ", is " + type);
        continue;
      }
      if (std::find(allowed->begin(), allowed->end(), type) == allowed->end()) {
        return NodeError(n, who() + " is " + type + ", which type " + param + " does not allow (" +
                                Join(*allowed, ", ") + ")");
      }
      if (i >= formals.size() - 1 && formal.GetOption() == onnx::OpSchema::Variadic &&
          !formal.GetIsHomogeneous()) {
        continue;
      }
      auto it = bound.find(param);
      if (it == bound.end()) {
        bound.emplace(param, std::make_pair(type, who()));
      } else if (it->second.first != type) {
        return NodeError(n, who() + " is " + type + " but " + it->second.second + " is " +
                                it->second.first + ": both are type " + param);
      }
    }
    return Status::Ok();
  };
  OL_RETURN_IF_ERROR(bind(schema.inputs(), n.inputs(), "input"));
  return bind(schema.outputs(), n.outputs(), "output");
}

bool IsConvLike(const std::string& op) {
  return op == "Conv" || op == "ConvTranspose" || op == "ConvInteger" || op == "QLinearConv" ||
         op == "MaxPool" || op == "AveragePool" || op == "LpPool" || op == "MaxUnpool";
}

int64_t KnownDim(const ir::Value* v, size_t axis) {
  if (!v || !v->type().is_tensor() || !v->type().shape || axis >= v->type().shape->size())
    return -1;
  const ir::Dim& d = (*v->type().shape)[axis];
  return d.known() ? d.value : -1;
}

int64_t KnownRank(const ir::Value* v) {
  return v && v->type().is_tensor() && v->type().shape
             ? static_cast<int64_t>(v->type().shape->size())
             : -1;
}

Status CheckConvLike(const ir::Node& n) {
  const std::string& op = n.op_type();
  for (const char* name : {"strides", "dilations", "kernel_shape"}) {
    for (int64_t v : n.GetInts(name)) {
      if (v <= 0)
        return NodeError(n, std::string(name) + " must be positive, got " + std::to_string(v));
    }
  }
  for (int64_t p : n.GetInts("pads")) {
    if (p < 0) return NodeError(n, "pads must not be negative, got " + std::to_string(p));
  }
  if (const ir::Attribute* a = n.FindAttribute("auto_pad")) {
    static const std::set<std::string> kModes = {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"};
    if (!kModes.count(a->s)) {
      return NodeError(
          n, "auto_pad " + Quote(a->s) + " is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID");
    }
  }
  const auto pads = n.GetInts("pads");
  const auto kernel = n.GetInts("kernel_shape");
  if (!pads.empty() && !kernel.empty() && pads.size() != 2 * kernel.size()) {
    return NodeError(n, "pads has " + std::to_string(pads.size()) + " values for a " +
                            std::to_string(kernel.size()) + "-D kernel (needs " +
                            std::to_string(2 * kernel.size()) + ")");
  }
  if (op != "Conv" && op != "ConvTranspose" && op != "ConvInteger" && op != "QLinearConv")
    return Status::Ok();
  const int64_t group = n.GetInt("group", 1);
  if (group <= 0) return NodeError(n, "group must be positive, got " + std::to_string(group));
  // Channels of X (input 0) and of W (input 1; x_scale etc. shift it for QLinearConv).
  const size_t w_input = op == "QLinearConv" ? 3 : 1;
  const int64_t c = KnownDim(n.input(0), 1);
  const int64_t w0 = KnownDim(n.input(w_input), 0), w1 = KnownDim(n.input(w_input), 1);
  if (op == "ConvTranspose") {
    if (c >= 0 && c % group != 0)
      return NodeError(n, "group " + std::to_string(group) + " does not divide the " +
                              std::to_string(c) + " input channels");
    if (c >= 0 && w0 >= 0 && w0 != c)
      return NodeError(
          n, "W has " + std::to_string(w0) + " input channels, X has " + std::to_string(c));
    const int64_t m = w1 >= 0 ? w1 * group : -1;
    const int64_t b = KnownDim(n.input(2), 0);
    if (m >= 0 && b >= 0 && b != m)
      return NodeError(n, "bias B has " + std::to_string(b) + " values for " + std::to_string(m) +
                              " output channels");
    return Status::Ok();
  }
  if (c >= 0 && c % group != 0)
    return NodeError(n, "group " + std::to_string(group) + " does not divide the " +
                            std::to_string(c) + " input channels");
  if (w0 >= 0 && w0 % group != 0)
    return NodeError(n, "group " + std::to_string(group) + " does not divide the " +
                            std::to_string(w0) + " output channels of W");
  if (c >= 0 && w1 >= 0 && w1 * group != c)
    return NodeError(n, "W takes " + std::to_string(w1 * group) + " input channels (" +
                            std::to_string(w1) + " x group " + std::to_string(group) + "), X has " +
                            std::to_string(c));
  if (op == "Conv") {
    const int64_t b = KnownDim(n.input(2), 0);
    if (w0 >= 0 && b >= 0 && b != w0)
      return NodeError(n, "bias B has " + std::to_string(b) + " values for " + std::to_string(w0) +
                              " output channels");
  }
  return Status::Ok();
}

Status CheckTranspose(const ir::Node& n) {
  const ir::Attribute* a = n.FindAttribute("perm");
  if (!a) return Status::Ok();
  const int64_t rank = KnownRank(n.input(0));
  std::vector<bool> seen(a->ints.size(), false);
  for (int64_t p : a->ints) {
    if (p < 0 || p >= static_cast<int64_t>(a->ints.size()) || seen[static_cast<size_t>(p)])
      return NodeError(n, "perm [" + Join(a->ints, ",") + "] is not a permutation");
    seen[static_cast<size_t>(p)] = true;
  }
  if (rank >= 0 && rank != static_cast<int64_t>(a->ints.size())) {
    return NodeError(n, "perm [" + Join(a->ints, ",") + "] has " + std::to_string(a->ints.size()) +
                            " axes, the input has rank " + std::to_string(rank));
  }
  return Status::Ok();
}

}  // namespace

Status CheckAttributeValues(const ir::Node& n, int64_t) {
  if (!OnnxDomain(n.domain())) return Status::Ok();
  const std::string& op = n.op_type();
  if (IsConvLike(op)) return CheckConvLike(n);
  if (op == "Transpose") return CheckTranspose(n);
  if (op == "DepthToSpace" || op == "SpaceToDepth") {
    if (n.GetInt("blocksize", 0) <= 0) return NodeError(n, "blocksize must be positive");
  }
  if (op == "LRN" && n.GetInt("size", 0) <= 0) return NodeError(n, "size must be positive");
  if (op == "LSTM" || op == "GRU" || op == "RNN") {
    if (n.FindAttribute("hidden_size") && n.GetInt("hidden_size", 0) <= 0)
      return NodeError(n, "hidden_size must be positive");
    const std::string dir = n.GetString("direction", "forward");
    if (dir != "forward" && dir != "reverse" && dir != "bidirectional")
      return NodeError(
          n, "direction " + Quote(dir) + " is not one of forward, reverse, bidirectional");
  }
  return Status::Ok();
}

namespace {

// ---- Checks of constant inputs and known shapes ----
// What a kernel would refuse when it runs, decided before anything runs wherever the inputs it
// looks at are constants or of known shape: a node in the If branch not taken, or in a model that
// optimize or quantize writes without running it, is refused as `run` refuses it (the messages are
// the kernels').

// The tensor behind `v` when it is a constant: an initializer that is not also a graph input (a
// caller may feed those), or the `value` of a Constant node.
const ir::Tensor* ConstantTensor(const ir::Value* v) {
  if (!v) return nullptr;
  if (v->is_initializer()) return v->is_graph_input() ? nullptr : v->initializer();
  const ir::Node* p = v->producer();
  if (!p || p->op_type() != "Constant" || !OnnxDomain(p->domain())) return nullptr;
  const ir::Attribute* a = p->FindAttribute("value");
  return a && a->type == ir::AttrType::kTensor ? &a->t : nullptr;
}

// An integer constant's values (int64 or int32; value_ints / value_int of a Constant node too).
std::optional<std::vector<int64_t>> ConstantInts(const ir::Value* v) {
  if (const ir::Tensor* t = ConstantTensor(v)) {
    if (t->dtype() == ir::DataType::kInt64)
      return std::vector<int64_t>(t->data<int64_t>(), t->data<int64_t>() + t->numel());
    if (t->dtype() == ir::DataType::kInt32)
      return std::vector<int64_t>(t->data<int32_t>(), t->data<int32_t>() + t->numel());
    return std::nullopt;
  }
  const ir::Node* p = v ? v->producer() : nullptr;
  if (!p || p->op_type() != "Constant" || !OnnxDomain(p->domain())) return std::nullopt;
  if (const ir::Attribute* a = p->FindAttribute("value_ints"); a && a->type == ir::AttrType::kInts)
    return a->ints;
  if (const ir::Attribute* a = p->FindAttribute("value_int"); a && a->type == ir::AttrType::kInt)
    return std::vector<int64_t>{a->i};
  return std::nullopt;
}

// The element count of `v` when its shape is known (a constant's, or a type with every dimension
// known); -1 otherwise.
int64_t KnownCount(const ir::Value* v) {
  if (const ir::Tensor* t = ConstantTensor(v)) return t->numel();
  if (!v || !v->type().is_tensor() || !v->type().shape) return -1;
  int64_t n = 1;
  for (const ir::Dim& d : *v->type().shape) {
    if (!d.known() || d.value < 0 || __builtin_mul_overflow(n, d.value, &n)) return -1;
  }
  return n;
}

std::string DimsShapeText(const std::vector<int64_t>& dims) { return "[" + Join(dims, ",") + "]"; }

// The axes of an Unsqueeze within the output's rank, each once (ONNX Runtime's shape inference
// refuses the file at load; our kernel refuses it when it runs, which a branch not taken never
// does).
Status CheckUnsqueeze(const ir::Node& n, int64_t opset) {
  std::optional<std::vector<int64_t>> axes;
  if (opset < 13) {
    if (n.FindAttribute("axes")) axes = n.GetInts("axes");
  } else {
    axes = ConstantInts(n.input(1));
  }
  const int64_t rank = KnownRank(n.input(0));
  if (!axes || rank < 0) return Status::Ok();
  const int64_t out_rank = rank + static_cast<int64_t>(axes->size());
  const int64_t hi = std::max<int64_t>(out_rank, 1) - 1;
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(out_rank, 1)), false);
  for (int64_t a : *axes) {
    if (a < -hi - 1 || a > hi) {
      return NodeError(
          n, "axis " + std::to_string(a) + " is out of range for rank " + std::to_string(out_rank));
    }
    const size_t ax = static_cast<size_t>(a < 0 ? a + out_rank : a);
    if (seen[ax]) return NodeError(n, "axis " + std::to_string(a) + " is repeated");
    seen[ax] = true;
  }
  return Status::Ok();
}

Status CheckOneHot(const ir::Node& n) {
  const int64_t values = KnownCount(n.input(2));
  if (values < 0 || values >= 2) return Status::Ok();
  return NodeError(
      n, "values has " + std::to_string(values) + " elements, needs 2 (off_value, on_value)");
}

// The target shape's own faults, as the kernel finds them: a second -1, a negative size, a
// product past 64 bits, a 0 copying a dimension the input does not have. Stops at a 0 copying a
// dimension that is not known.
Status CheckReshape(const ir::Node& n, int64_t opset) {
  std::optional<std::vector<int64_t>> target;
  if (opset < 5) {
    if (n.FindAttribute("shape")) target = n.GetInts("shape");
  } else {
    target = ConstantInts(n.input(1));
  }
  if (!target) return Status::Ok();
  std::vector<int64_t> shape = *target;
  const bool allowzero = n.GetInt("allowzero", 0) != 0;
  const int64_t rank = KnownRank(n.input(0));
  bool inferred = false;
  int64_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0 && !allowzero) {
      if (rank >= 0 && static_cast<int64_t>(i) >= rank) {
        return NodeError(n, "shape " + DimsShapeText(shape) + " copies dimension " +
                                std::to_string(i) + " of an input of rank " + std::to_string(rank));
      }
      const int64_t d = KnownDim(n.input(0), i);
      if (d < 0) return Status::Ok();
      shape[i] = d;
    }
    if (shape[i] == -1) {
      if (inferred) return NodeError(n, "shape " + DimsShapeText(shape) + " has more than one -1");
      inferred = true;
    } else if (shape[i] < 0) {
      return NodeError(n, "shape " + DimsShapeText(shape) + " has a negative dimension");
    } else if (__builtin_mul_overflow(known, shape[i], &known)) {
      return NodeError(n,
                       "shape " + DimsShapeText(shape) + " has more elements than fit in 64 bits");
    }
  }
  return Status::Ok();
}

// scale, B, mean and var hold one value per channel of X.
Status CheckBatchNormalization(const ir::Node& n) {
  const int64_t channels = KnownRank(n.input(0)) >= 2 ? KnownDim(n.input(0), 1) : -1;
  if (channels < 0) return Status::Ok();
  static constexpr const char* kNames[] = {"scale", "bias B", "input_mean", "input_var"};
  for (size_t i = 1; i < 5; ++i) {
    const int64_t count = KnownCount(n.input(i));
    if (count >= 0 && count != channels) {
      return NodeError(n, std::string(kNames[i - 1]) + " has " + std::to_string(count) +
                              " values for " + std::to_string(channels) + " channels");
    }
  }
  return Status::Ok();
}

Status CheckKnownInputs(const ir::Node& n, int64_t opset) {
  const std::string& op = n.op_type();
  if (op == "Unsqueeze") return CheckUnsqueeze(n, opset);
  if (op == "OneHot") return CheckOneHot(n);
  if (op == "Reshape") return CheckReshape(n, opset);
  if (op == "BatchNormalization") return CheckBatchNormalization(n);
  return Status::Ok();
}

// A subgraph's nodes come in topological order: a node reading a value that a later node of the
// same graph produces is refused, as the ONNX checker and ONNX Runtime refuse it (values of
// enclosing graphs may be read from anywhere). Reads by the node's own subgraphs count.
Status CheckSubgraphOrder(const ir::Graph& g) {
  const std::vector<ir::Node*> nodes = g.nodes();
  std::unordered_map<const ir::Node*, size_t> position;
  position.reserve(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) position.emplace(nodes[i], i);
  for (size_t i = 0; i < nodes.size(); ++i) {
    const ir::Node& n = *nodes[i];
    auto check = [&](const ir::Value* v) -> Status {
      const ir::Node* p = v ? v->producer() : nullptr;
      if (!p || p->owner() != &g || position.at(p) < i) return Status::Ok();
      const std::string what = p == &n
                                   ? "reads its own output " + Quote(v->name())
                                   : "reads " + Quote(v->name()) + " before node " + p->Describe() +
                                         " produces it (later in subgraph " + Quote(g.name()) + ")";
      return NodeError(n, what + ": a subgraph's nodes must be in topological order");
    };
    for (const ir::Value* v : n.inputs()) OL_RETURN_IF_ERROR(check(v));
    if (n.HasSubgraphs()) {
      for (const ir::Value* v : n.OuterScopeInputs()) OL_RETURN_IF_ERROR(check(v));
    }
  }
  return Status::Ok();
}

Status ValidateNode(const ir::Model& model, const ir::Node& n) {
  if (!OnnxDomain(n.domain()) && n.domain() != "ai.onnx.ml" &&
      n.domain() != "ai.onnx.preview.training") {
    return Status::Ok();  // no ONNX schema: the kernels and the partition decide
  }
  const std::string domain = OnnxDomain(n.domain()) ? "" : n.domain();
  const int64_t opset = model.OpsetVersion(domain);
  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  auto range = ranges.find(domain);
  if (opset < 0) {
    return NodeError(
        n, "the model imports no opset of domain " + Quote(domain.empty() ? "ai.onnx" : domain));
  }
  if (range != ranges.end() && (opset < range->second.first || opset > range->second.second)) {
    return NodeError(n, "opset " + std::to_string(opset) + " of " +
                            Quote(domain.empty() ? "ai.onnx" : domain) +
                            " is outside the opsets of the ONNX schemas onnxlens knows (" +
                            std::to_string(range->second.first) + " to " +
                            std::to_string(range->second.second) + ")");
  }
  const onnx::OpSchema* schema =
      onnx::OpSchemaRegistry::Schema(n.op_type(), static_cast<int>(opset), domain);
  // No ONNX schema at this opset: ops ONNX Runtime defines in the ONNX domain itself (e.g.
  // LayerNormalization before opset 17, as PyTorch exports it) are left to the kernels; the
  // partition names a node no provider runs.
  if (!schema) return Status::Ok();
  if (schema->Deprecated()) {
    return NodeError(
        n, n.op_type() + " is deprecated as of opset " + std::to_string(schema->since_version()));
  }
  onnx::NodeProto proto;
  ToVerifiableProto(n, &proto);
  try {
    schema->Verify(proto);
  } catch (const std::exception& e) {
    std::string what = e.what();
    if (auto nl = what.find("\n\n"); nl != std::string::npos) what.resize(nl);
    return NodeError(n, what);
  }
  // A Constant's output type is its value's (ONNX Runtime turns Constants into initializers
  // before it checks types; old exporters wrote int64 Constants at opsets that only allow floats).
  if (n.op_type() != "Constant") OL_RETURN_IF_ERROR(CheckTypeConstraints(n, *schema));
  OL_RETURN_IF_ERROR(CheckAttributeValues(n, opset));
  return CheckKnownInputs(n, opset);
}

// Every graph at any depth gets the same checks; a subgraph also its node order (the main graph
// is sorted when it is run or optimized; a subgraph is taken as written).
void ValidateGraph(const ir::Model& model, const ir::Graph& g, std::vector<Status>* errors,
                   size_t max_errors) {
  if (g.parent() && errors->size() < max_errors) {
    Status st = CheckSubgraphOrder(g);
    if (!st.ok()) errors->push_back(std::move(st));
  }
  for (const ir::Node* n : g.nodes()) {
    if (errors->size() >= max_errors) return;
    Status st = ValidateNode(model, *n);
    if (!st.ok()) errors->push_back(std::move(st));
    for (const ir::Graph* sub : n->Subgraphs()) ValidateGraph(model, *sub, errors, max_errors);
  }
}

}  // namespace

std::vector<Status> ValidateModelAll(const ir::Model& model, size_t max_errors) {
  std::vector<Status> errors;
  if (model.graph) ValidateGraph(model, *model.graph, &errors, max_errors);
  return errors;
}

Status ValidateModel(const ir::Model& model) {
  std::vector<Status> errors = ValidateModelAll(model, 1);
  return errors.empty() ? Status::Ok() : errors[0];
}

namespace {

using OpsetMap = std::map<std::string, int64_t>;  // domain ("" for ai.onnx) -> version

std::string Who(const onnx::NodeProto& node) {
  return "node " + Quote(node.name()) + " (" + node.op_type() + "): ";
}

// libonnx's inference functions read the attributes their schema requires without checking that
// they are there (Scan's num_scan_inputs: a null pointer dereference in
// ScanInferenceFunctionOpset8) or of the declared type.
std::string RequiredAttributeHazard(const onnx::NodeProto& node, const OpsetMap& opsets) {
  const std::string domain = OnnxDomain(node.domain()) ? "" : node.domain();
  auto opset = opsets.find(domain);
  if (opset == opsets.end() || opset->second < 0 || opset->second > INT_MAX) return "";
  const onnx::OpSchema* schema =
      onnx::OpSchemaRegistry::Schema(node.op_type(), static_cast<int>(opset->second), domain);
  if (!schema) return "";
  for (const auto& [name, attr] : schema->attributes()) {
    if (!attr.required) continue;
    const onnx::AttributeProto* given = nullptr;
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.name() == name) given = &a;
    }
    if (!given) return Who(node) + "the required attribute " + Quote(name) + " is missing";
    // Old files leave the type out (UNDEFINED); a reference is resolved in a function body.
    if (given->type() != onnx::AttributeProto::UNDEFINED && given->ref_attr_name().empty() &&
        given->type() != attr.type) {
      return Who(node) + "attribute " + Quote(name) + " is of type " +
             onnx::AttributeProto::AttributeType_Name(given->type()) + ", expected " +
             onnx::AttributeProto::AttributeType_Name(attr.type);
    }
  }
  return "";
}

std::string HazardOf(const onnx::NodeProto& node, const OpsetMap& opsets) {
  if (std::string h = RequiredAttributeHazard(node, opsets); !h.empty()) return h;
  const std::string& op = node.op_type();
  if (!node.domain().empty() && node.domain() != "ai.onnx") return "";
  const bool conv_like = IsConvLike(op);
  const bool block = op == "DepthToSpace" || op == "SpaceToDepth";
  if (!conv_like && !block) return "";
  const std::string who = Who(node);
  for (const onnx::AttributeProto& a : node.attribute()) {
    const std::string& name = a.name();
    if (conv_like && (name == "strides" || name == "dilations" || name == "kernel_shape")) {
      for (int64_t v : a.ints()) {
        if (v <= 0) return who + name + " must be positive, got " + std::to_string(v);
      }
    }
    if ((conv_like && name == "group") || (block && name == "blocksize")) {
      if (a.i() <= 0) return who + name + " must be positive, got " + std::to_string(a.i());
    }
  }
  return "";
}

std::string GraphHazard(const onnx::GraphProto& graph, const OpsetMap& opsets, int depth) {
  if (depth > 64) return "subgraphs are nested more than 64 deep";
  for (const onnx::NodeProto& node : graph.node()) {
    std::string h = HazardOf(node, opsets);
    if (!h.empty()) return h;
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.has_g()) h = GraphHazard(a.g(), opsets, depth + 1);
      for (int i = 0; h.empty() && i < a.graphs_size(); ++i)
        h = GraphHazard(a.graphs(i), opsets, depth + 1);
      if (!h.empty()) return h;
    }
  }
  return "";
}

}  // namespace

std::string FindShapeInferenceHazard(const onnx::ModelProto& model) {
  OpsetMap opsets;
  for (const onnx::OperatorSetIdProto& o : model.opset_import())
    opsets[OnnxDomain(o.domain()) ? "" : o.domain()] = o.version();
  return GraphHazard(model.graph(), opsets, 0);
}

}  // namespace onnxlens::onnx_io
