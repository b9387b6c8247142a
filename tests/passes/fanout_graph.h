// A value read by `n` nodes that are each a graph output (issue 41.4: x -> Relu -> 50,000
// Identity outputs), for the optimizer's scale test and benchmark.
#pragma once

#include <memory>
#include <string>

#include "ir/model.h"

namespace onnxlens::passes::testing {

/// r = Relu(x) with x float[4], read by `n` nodes `op` (one input, default domain), each of whose
/// outputs y_0 .. y_{n-1} is a graph output in that order.
inline std::shared_ptr<ir::Model> FanOutModel(int n, const std::string& op = "Identity") {
  auto m = std::make_shared<ir::Model>();
  m->opset_imports.push_back({"", 17});
  m->graph = std::make_unique<ir::Graph>("wide_fanout");
  ir::Graph& g = *m->graph;
  const ir::TypeInfo type = ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({4}));
  ir::Value* x = g.CreateValue("x");
  x->set_type(type);
  g.AddInput(x);
  ir::Node* relu = g.AddNode("Relu", "", "Relu_0");
  relu->AddInput(x);
  ir::Value* r = g.CreateValue("r");
  r->set_type(type);
  relu->AddOutput(r);
  for (int i = 0; i < n; ++i) {
    ir::Node* c = g.AddNode(op, "", op + "_" + std::to_string(i));
    c->AddInput(r);
    ir::Value* y = g.CreateValue("y_" + std::to_string(i));
    y->set_type(type);
    c->AddOutput(y);
    g.AddOutput(y);
  }
  return m;
}

}  // namespace onnxlens::passes::testing
