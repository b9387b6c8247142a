// Builds small in-memory models for runtime and kernel tests.
#pragma once

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ir/model.h"
#include "kernels/rt_value.h"

namespace onnxlens::testing {

/// One node `op` with float inputs named in0, in1, ... of the given shapes (an empty shape list
/// entry = omitted input), outputs out0..; `initializers` marks inputs given as initializers.
struct NodeModel {
  std::shared_ptr<ir::Model> model;
  ir::Node* node = nullptr;
};

inline ir::Tensor RandomTensor(std::vector<int64_t> dims, uint32_t seed, float lo = -1.f,
                               float hi = 1.f) {
  ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, std::move(dims)).value();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = d(rng);
  return t;
}

inline NodeModel MakeNodeModel(const std::string& op, const std::vector<ir::TypeInfo>& inputs,
                               int num_outputs, int opset = 17, const std::string& domain = "") {
  NodeModel m;
  m.model = std::make_shared<ir::Model>();
  m.model->opset_imports.push_back({"", opset});
  if (!domain.empty()) m.model->opset_imports.push_back({domain, 1});
  m.model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *m.model->graph;
  m.node = g.AddNode(op, domain, op + "_node");
  for (size_t i = 0; i < inputs.size(); ++i) {
    ir::Value* v = g.CreateValue("in" + std::to_string(i));
    v->set_type(inputs[i]);
    g.AddInput(v);
    m.node->AddInput(v);
  }
  for (int i = 0; i < num_outputs; ++i) {
    ir::Value* v = g.CreateValue("out" + std::to_string(i));
    m.node->AddOutput(v);
    g.AddOutput(v);
  }
  return m;
}

inline ir::TypeInfo FloatType(std::vector<int64_t> dims) {
  return ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes(dims));
}

}  // namespace onnxlens::testing
