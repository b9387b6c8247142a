// BERT embeddings -> com.microsoft EmbedLayerNormalization, matched at the LayerNormalization:
//
//   LN(Gather(word, ids) + Gather(segment, segment_ids) + Gather(position, positions))
//
// where positions are arange(S): Slice(position_ids, 0, S, axis 1) of an initializer holding
// [[0, 1, ..., P-1]] with S taken from Shape(ids)[1] (as PyTorch exports BertEmbeddings). The ids
// are cast to int32 as the contrib op requires. With a static sequence length (`--dim
// sequence=128`) constant folding has already computed the position term: a constant [1, S, H]
// (or [S, H]) is then the position table itself (rows 0..S-1 are what arange(S) gathers). The
// segment term is optional. The mask output is not used: attention keeps its own 0/1 mask, which is
// right for any padding, not only trailing.
#include "passes/graph_util.h"
#include "passes/pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

struct Term {
  Node* gather = nullptr;
  Value* table = nullptr;  ///< [V, H] float
  Value* ids = nullptr;
};

std::optional<Term> EmbeddingGather(Value* v) {
  Node* g = v ? v->producer() : nullptr;
  if (!IsOp(g, "Gather") || g->GetInt("axis", 0) != 0) return std::nullopt;
  const ir::Tensor* t = ConstantOf(g->input(0));
  if (!t || t->dtype() != ir::DataType::kFloat || t->dims().size() != 2) return std::nullopt;
  return Term{g, g->input(0), g->input(1)};
}

// The ids are a [B, S] int32/int64 tensor that is not a constant.
bool IsIds(const Value* v) {
  auto t = KnownType(v);
  if (!t || (*t != ir::DataType::kInt64 && *t != ir::DataType::kInt32) || ConstantOf(v))
    return false;
  return v->type().shape && v->type().shape->size() == 2;
}

// Slice(position_ids [1, P] = arange, starts [0], ends = Unsqueeze(Gather(Shape(ids), 1)),
// axes [1][, steps [1]]): the nodes it used, or nullopt.
std::optional<std::vector<Node*>> ArangePositions(Value* v, const Value* ids) {
  Node* slice = v ? v->producer() : nullptr;
  if (!IsOp(slice, "Slice") || slice->inputs().size() < 4) return std::nullopt;
  const ir::Tensor* pos = ConstantOf(slice->input(0));
  auto p = ConstantInts(slice->input(0));
  if (!pos || !p || pos->dims().size() != 2 || pos->dims()[0] != 1) return std::nullopt;
  for (size_t i = 0; i < p->size(); ++i) {
    if ((*p)[i] != static_cast<int64_t>(i)) return std::nullopt;
  }
  auto starts = ConstantInts(slice->input(1)), axes = ConstantInts(slice->input(3));
  if (!starts || *starts != std::vector<int64_t>{0} || !axes || *axes != std::vector<int64_t>{1})
    return std::nullopt;
  if (slice->input(4)) {
    auto steps = ConstantInts(slice->input(4));
    if (!steps || *steps != std::vector<int64_t>{1}) return std::nullopt;
  }
  Node* unsq = InputProducer(slice, 2, "Unsqueeze");
  Node* gather = unsq ? InputProducer(unsq, 0, "Gather") : nullptr;
  Node* shape = gather ? InputProducer(gather, 0, "Shape") : nullptr;
  if (!shape || shape->input(0) != ids || gather->GetInt("axis", 0) != 0) return std::nullopt;
  auto idx = ConstantInts(gather->input(1));
  if (!idx || *idx != std::vector<int64_t>{1}) return std::nullopt;
  return std::vector<Node*>{slice, unsq, gather, shape};
}

}  // namespace

bool FuseEmbedLayerNorm(Node& ln, PassContext& ctx) {
  if (ln.op_type() != "LayerNormalization" ||
      !(ln.domain().empty() || ln.domain() == "ai.onnx" || ln.domain() == "com.microsoft"))
    return false;
  if (ln.GetInt("axis", -1) != -1 || ln.outputs().size() != 1 || !ln.input(2)) return false;
  Node* top = InputProducer(&ln, 0, "Add");
  if (!top || !UsedOnlyBy(top->output(0), {&ln})) return false;
  // The sum's three (or two) terms.
  std::vector<Node*> pattern = {top, &ln};
  std::vector<Value*> terms;
  for (int i = 0; i < 2; ++i) {
    Node* inner = InputProducer(top, i, "Add");
    if (inner && UsedOnlyBy(inner->output(0), {top}) && !EmbeddingGather(top->input(i))) {
      pattern.push_back(inner);
      terms.push_back(inner->input(0));
      terms.push_back(inner->input(1));
    } else {
      terms.push_back(top->input(i));
    }
  }
  if (terms.size() < 2 || terms.size() > 3) return false;
  std::optional<Term> word, segment, position;
  std::vector<Node*> position_nodes;
  std::vector<Term> id_terms;
  const ir::Tensor* folded = nullptr;  // the position term computed by constant folding
  for (Value* v : terms) {
    const ir::Tensor* c = ConstantOf(v);
    if (c && !folded && c->dtype() == ir::DataType::kFloat &&
        (c->dims().size() == 2 || (c->dims().size() == 3 && c->dims()[0] == 1))) {
      folded = c;
      continue;
    }
    auto t = EmbeddingGather(v);
    if (!t || !UsedOnlyBy(v, pattern)) return false;
    pattern.push_back(t->gather);
    id_terms.push_back(*t);
  }
  // The position term gathers arange(S) of the ids' sequence length; the others gather ids.
  for (auto& t : id_terms) {
    if (IsIds(t.ids)) continue;
    if (position || folded) return false;
    position = t;
  }
  if (!position && !folded) return false;
  std::vector<Term> ids_terms;
  for (auto& t : id_terms) {
    if (!position || t.gather != position->gather) ids_terms.push_back(t);
  }
  if (ids_terms.empty() || ids_terms.size() > 2) return false;
  // The word table is the larger one (which is which does not change the sum).
  if (ids_terms.size() == 2 &&
      ConstantOf(ids_terms[1].table)->dims()[0] > ConstantOf(ids_terms[0].table)->dims()[0])
    std::swap(ids_terms[0], ids_terms[1]);
  word = ids_terms[0];
  if (ids_terms.size() == 2) segment = ids_terms[1];
  std::optional<std::vector<Node*>> pos_nodes;
  if (position) {
    pos_nodes = ArangePositions(position->ids, word->ids);
  } else {
    // The folded term must be exactly [S, H] rows for the ids' static sequence length S.
    const auto& shape = word->ids->type().shape;
    const auto& f = folded->dims();
    if (!shape || shape->size() != 2 || !(*shape)[1].known() ||
        f[f.size() - 2] != (*shape)[1].value)
      return false;
    pos_nodes.emplace();
  }
  if (!pos_nodes || (segment && !SameShape(word->ids, segment->ids))) return false;
  const int64_t H = ConstantOf(word->table)->dims()[1];
  if (position ? ConstantOf(position->table)->dims()[1] != H : folded->dims().back() != H)
    return false;
  if (segment && ConstantOf(segment->table)->dims()[1] != H) return false;
  const ir::Tensor* gamma = ConstantOf(ln.input(1));
  const ir::Tensor* beta = ConstantOf(ln.input(2));
  if (!gamma || !beta || gamma->dims() != std::vector<int64_t>{H} || beta->dims() != gamma->dims())
    return false;

  ir::Graph& g = *ln.owner();
  Value* position_table = position ? position->table : nullptr;
  if (!position) {
    auto table =
        ir::Tensor::FromRaw(ir::DataType::kFloat, {folded->dims()[folded->dims().size() - 2], H},
                            folded->raw(), folded->nbytes());
    if (!table.ok()) return false;
    position_table = AddInitializer(g, "position_embeddings", std::move(table).value());
  }
  Node* eln = AddFusedNodeFor(g, "EmbedLayerNormalization", "com.microsoft", pattern);
  eln->AddInput(Int32View(g, word->ids));
  eln->AddInput(segment ? Int32View(g, segment->ids) : nullptr);
  eln->AddInput(word->table);
  eln->AddInput(position_table);
  eln->AddInput(segment ? segment->table : nullptr);
  eln->AddInput(ln.input(1));
  eln->AddInput(ln.input(2));
  eln->SetAttribute(ir::Attribute::Float("epsilon", ln.GetFloat("epsilon", 1e-5f)));
  ReplacePattern(&ln, eln, pattern);
  // ONNX Runtime's schema infers output 1 (mask_index [B] int32): give the node one, unused.
  Value* mask_index = g.CreateValue(g.UniqueValueName(eln->name() + "_mask_index"));
  mask_index->set_type(ir::TypeInfo::Tensor(ir::DataType::kInt32, {ir::Dim::Unknown()}));
  eln->AddOutput(mask_index);
  RemoveIfUnused(g, *pos_nodes);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

}  // namespace onnxlens::passes
