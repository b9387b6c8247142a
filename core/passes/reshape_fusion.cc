// Reshape fusion.
#include "passes/reshape_fusion.h"

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

// The axes of an Unsqueeze: attribute before opset 13, constant input since.
std::optional<std::vector<int64_t>> UnsqueezeAxes(const Node& n) {
  if (n.FindAttribute("axes")) return n.GetInts("axes");
  if (n.input(1)) return ConstantInts(n.input(1));
  return std::nullopt;
}

// When `part` (one element of the shape vector) is dim `index` of Shape(source): that index and
// the source. Accepts Unsqueeze(Gather(Shape(x), scalar i), axes=[0]) and Gather(Shape(x), [i]).
std::optional<std::pair<int64_t, const Value*>> ShapeElement(const Value* part) {
  const Node* p = part->producer();
  const Value* gathered = part;
  bool scalar_index = false;
  if (IsOp(p, "Unsqueeze")) {
    auto axes = UnsqueezeAxes(*p);
    if (!axes || *axes != std::vector<int64_t>{0}) return std::nullopt;
    gathered = p->input(0);
    scalar_index = true;
  }
  const Node* gather = gathered->producer();
  if (!IsOp(gather, "Gather") || gather->GetInt("axis", 0) != 0) return std::nullopt;
  const ir::Tensor* idx = ConstantOf(gather->input(1));
  if (!idx || idx->numel() != 1 || (scalar_index != (idx->dims().size() == 0))) return std::nullopt;
  auto i = ConstantInts(gather->input(1));
  if (!i || (*i)[0] < 0) return std::nullopt;
  const Node* shape = gather->input(0)->producer();
  if (!IsOp(shape, "Shape") || shape->FindAttribute("start") || shape->FindAttribute("end"))
    return std::nullopt;
  return std::make_pair((*i)[0], static_cast<const Value*>(shape->input(0)));
}

bool FuseReshape(Node& n, PassContext&) {
  if (!IsOp(&n, "Reshape") || n.GetInt("allowzero", 0) != 0 || !n.input(1)) return false;
  if (ConstantOf(n.input(1))) return false;
  Node* concat = n.input(1)->producer();
  if (!IsOp(concat, "Concat") || concat->GetInt("axis", 0) != 0) return false;
  std::vector<int64_t> shape;
  int minus_ones = 0, dynamic = 0;
  for (const Value* part : concat->inputs()) {
    if (!part) return false;
    if (auto c = ConstantInts(part)) {
      const ir::Tensor* t = ConstantOf(part);
      if (t->dims().size() != 1) return false;
      for (int64_t v : *c) minus_ones += v == -1;
      shape.insert(shape.end(), c->begin(), c->end());
      continue;
    }
    auto e = ShapeElement(part);
    if (!e) return false;
    ++dynamic;
    if (e->second == n.input(0) && e->first == static_cast<int64_t>(shape.size())) {
      shape.push_back(0);  // copy the data's own dim at this position
    } else {
      shape.push_back(-1);  // the one dim left to infer from the element count
      ++minus_ones;
    }
  }
  if (dynamic == 0 || minus_ones > 1) return false;
  ir::Graph& g = *n.owner();
  ir::Tensor t = ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64,
                                                 {static_cast<int64_t>(shape.size())}, shape);
  n.SetInput(1, AddInitializer(g, n.input(1)->name() + "_fused", std::move(t)));
  RemoveIfUnused(g, {concat});
  return true;
}

}  // namespace

void AddReshapeFusionPasses(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "reshape-fusion",
      "Reshape(x, Concat(Shape(x)[i]..., consts)) -> Reshape(x, constant shape with 0 / -1)",
      Level::kBasic, FuseReshape));
}

}  // namespace onnxlens::passes
