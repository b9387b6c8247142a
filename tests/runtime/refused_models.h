// Models `run` refuses that loaded, optimized and quantized before (issue 41.6), built in memory:
// a broken Unsqueeze in the If branch not taken, a branch out of topological order, an unknown op,
// an unknown domain, OneHot values too short, a Reshape target past 64 bits, a BatchNormalization
// bias too short. Each with the text the refusal contains.
#pragma once

#include <onnx/onnx_pb.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "ir/model.h"
#include "onnx/exporter.h"

namespace onnxlens::testing {

struct RefusedModel {
  std::string name;
  std::shared_ptr<ir::Model> model;
  std::string message;  ///< a part of the error every command gives
  /// The file keeps the then branch's nodes in reverse (the exporter writes them sorted).
  bool reverse_then_branch = false;
};

/// Writes `c.model` as an ONNX file, as its case needs it.
inline bool WriteRefusedModel(const RefusedModel& c, const std::filesystem::path& path) {
  auto proto = onnx_io::ExportModel(*c.model);
  if (!proto.ok()) return false;
  if (c.reverse_then_branch) {
    for (onnx::NodeProto& n : *proto->mutable_graph()->mutable_node()) {
      for (onnx::AttributeProto& a : *n.mutable_attribute()) {
        if (a.name() != "then_branch") continue;
        auto* nodes = a.mutable_g()->mutable_node();
        for (int i = 0, j = nodes->size() - 1; i < j; ++i, --j) nodes->SwapElements(i, j);
      }
    }
  }
  std::ofstream out(path, std::ios::binary);
  return proto->SerializeToOstream(&out);
}

namespace refused_detail {

inline std::shared_ptr<ir::Model> NewModel() {
  auto m = std::make_shared<ir::Model>();
  m->ir_version = 8;
  m->opset_imports.push_back({"", 17});
  m->graph = std::make_unique<ir::Graph>("g");
  return m;
}

inline ir::Value* Input(ir::Graph& g, const std::string& name, ir::DataType t,
                        std::vector<int64_t> dims) {
  ir::Value* v = g.CreateValue(name);
  v->set_type(ir::TypeInfo::Tensor(t, ir::DimsFromSizes(dims)));
  g.AddInput(v);
  return v;
}

template <typename T>
ir::Value* Initializer(ir::Graph& g, const std::string& name, ir::DataType t,
                       std::vector<int64_t> dims, std::vector<T> data) {
  ir::Value* v = g.CreateValue(name);
  v->set_type(ir::TypeInfo::Tensor(t, ir::DimsFromSizes(dims)));
  g.SetInitializer(v, ir::Tensor::FromVector<T>(t, dims, data));
  return v;
}

inline ir::Node* Op(ir::Graph& g, const std::string& op, const std::string& name,
                    std::vector<ir::Value*> inputs, const std::string& domain = "") {
  ir::Node* n = g.AddNode(op, domain, name);
  for (ir::Value* v : inputs) n->AddInput(v);
  n->AddOutput(g.CreateValue(name + "_out"));
  return n;
}

inline void Out(ir::Graph& g, ir::Node* n, ir::TypeInfo type) {
  n->output(0)->set_type(std::move(type));
  g.AddOutput(n->output(0));
}

// An If node of `g` on `cond` whose branches `fill_then` / `fill_else` make (each gets its branch
// graph and `x`, and returns the value the branch outputs); returns the If's output.
template <typename Then, typename Else>
ir::Value* AddIf(ir::Graph& g, ir::Value* cond, ir::Value* x, Then fill_then, Else fill_else,
                 const std::string& name = "if") {
  ir::Node* iff = g.AddNode("If", "", name);
  iff->AddInput(cond);
  for (const char* branch : {"then_branch", "else_branch"}) {
    ir::Attribute a;
    a.name = branch;
    a.type = ir::AttrType::kGraph;
    a.g = std::make_unique<ir::Graph>(name + "_" + branch, &g);
    a.g->set_parent_node(iff);
    ir::Value* out = std::string(branch) == "then_branch" ? fill_then(*a.g, x) : fill_else(*a.g, x);
    a.g->AddOutput(out);
    iff->attributes().push_back(std::move(a));
  }
  ir::Value* y = g.CreateValue(name + "_out");
  y->set_type(ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat));
  iff->AddOutput(y);
  return y;
}

// If(cond) over x float[2,3] (both graph inputs), its output the graph's.
template <typename Then, typename Else>
std::shared_ptr<ir::Model> IfModel(Then fill_then, Else fill_else) {
  auto m = NewModel();
  ir::Graph& g = *m->graph;
  ir::Value* cond = Input(g, "cond", ir::DataType::kBool, {});
  ir::Value* x = Input(g, "x", ir::DataType::kFloat, {2, 3});
  g.AddOutput(AddIf(g, cond, x, fill_then, fill_else));
  return m;
}

// A branch computing Unsqueeze(x, axes) with axes from a Constant node of the branch.
inline ir::Value* UnsqueezeBranch(ir::Graph& b, ir::Value* x, int64_t axis,
                                  const std::string& name) {
  ir::Node* c = b.AddNode("Constant", "", name + "_axes");
  c->SetAttribute(ir::Attribute::FromTensor(
      "value", ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {1}, {axis})));
  c->AddOutput(b.CreateValue(name + "_axes_out"));
  ir::Node* u = Op(b, "Unsqueeze", name, {x, c->output(0)});
  return u->output(0);
}

}  // namespace refused_detail

/// The If branch not taken (cond is an input; the else branch is valid) unsqueezes at axis 2^40.
inline RefusedModel BrokenUnsqueezeInBranchNotTaken() {
  using namespace refused_detail;
  auto m =
      IfModel([](ir::Graph& b,
                 ir::Value* x) { return UnsqueezeBranch(b, x, int64_t{1} << 40, "unsqueeze_far"); },
              [](ir::Graph& b, ir::Value* x) { return UnsqueezeBranch(b, x, 0, "unsqueeze_ok"); });
  return {"unsqueeze_axis_2e40_in_branch", m,
          "node 'unsqueeze_far' (Unsqueeze): axis 1099511627776 is out of range for rank 3"};
}

/// The then branch lists Relu(a) before the Abs that produces a.
inline RefusedModel UnsortedBranch() {
  using namespace refused_detail;
  auto m = IfModel(
      [](ir::Graph& b, ir::Value* x) {
        ir::Value* a = b.CreateValue("a");
        ir::Node* relu = b.AddNode("Relu", "", "relu_first");
        relu->AddInput(a);
        relu->AddOutput(b.CreateValue("relu_out"));
        ir::Node* abs = b.AddNode("Abs", "", "abs_second");
        abs->AddInput(x);
        abs->AddOutput(a);
        return relu->output(0);
      },
      [](ir::Graph& b, ir::Value* x) { return Op(b, "Neg", "neg", {x})->output(0); });
  return {"unsorted_branch", m,
          "node 'relu_first' (Relu): reads 'a' before node 'abs_second' (Abs) produces it", true};
}

inline RefusedModel UnknownOp() {
  using namespace refused_detail;
  auto m = NewModel();
  ir::Graph& g = *m->graph;
  ir::Value* x = Input(g, "x", ir::DataType::kFloat, {2});
  Out(g, Op(g, "Frobnicate", "frob", {x}), x->type());
  return {"unknown_op", m, "no kernel for 1 op(s): ai.onnx:Frobnicate"};
}

inline RefusedModel UnknownDomain() {
  using namespace refused_detail;
  auto m = NewModel();
  m->opset_imports.push_back({"com.example", 1});
  ir::Graph& g = *m->graph;
  ir::Value* x = Input(g, "x", ir::DataType::kFloat, {2});
  Out(g, Op(g, "Relu", "relu", {x}, "com.example"), x->type());
  return {"unknown_domain", m, "no kernel for 1 op(s): com.example:Relu"};
}

inline RefusedModel OneHotValuesShort() {
  using namespace refused_detail;
  auto m = NewModel();
  ir::Graph& g = *m->graph;
  ir::Value* idx = Input(g, "indices", ir::DataType::kInt64, {3});
  ir::Value* depth = Initializer<int64_t>(g, "depth", ir::DataType::kInt64, {}, {4});
  ir::Value* values = Initializer<float>(g, "values", ir::DataType::kFloat, {1}, {1.f});
  Out(g, Op(g, "OneHot", "onehot", {idx, depth, values}),
      ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({3, 4})));
  return {"onehot_values_short", m,
          "node 'onehot' (OneHot): values has 1 elements, needs 2 (off_value, on_value)"};
}

inline RefusedModel ReshapeOverflow() {
  using namespace refused_detail;
  auto m = NewModel();
  ir::Graph& g = *m->graph;
  ir::Value* x = Input(g, "x", ir::DataType::kFloat, {2, 3});
  const int64_t big = int64_t{1} << 40;
  ir::Value* shape = Initializer<int64_t>(g, "shape", ir::DataType::kInt64, {2}, {big, big});
  Out(g, Op(g, "Reshape", "reshape", {x, shape}),
      ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat));
  return {"reshape_overflow", m,
          "node 'reshape' (Reshape): shape [1099511627776,1099511627776] has more elements than "
          "fit in 64 bits"};
}

inline RefusedModel BatchNormBiasShort() {
  using namespace refused_detail;
  auto m = NewModel();
  ir::Graph& g = *m->graph;
  ir::Value* x = Input(g, "x", ir::DataType::kFloat, {1, 3, 2, 2});
  auto vec = [&](const std::string& name, int64_t n) {
    return Initializer<float>(g, name, ir::DataType::kFloat, {n},
                              std::vector<float>(static_cast<size_t>(n), 1.f));
  };
  ir::Node* bn = Op(g, "BatchNormalization", "bn",
                    {x, vec("scale", 3), vec("bias", 2), vec("mean", 3), vec("var", 3)});
  Out(g, bn, x->type());
  return {"batchnorm_bias_short", m,
          "node 'bn' (BatchNormalization): bias B has 2 values for 3 channels"};
}

/// Every case above.
inline std::vector<RefusedModel> RefusedModels() {
  return {BrokenUnsqueezeInBranchNotTaken(),
          UnsortedBranch(),
          UnknownOp(),
          UnknownDomain(),
          OneHotValuesShort(),
          ReshapeOverflow(),
          BatchNormBiasShort()};
}

}  // namespace onnxlens::testing
