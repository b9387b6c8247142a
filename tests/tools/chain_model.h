// The long chain model of the scale checks, shared by tools/make_chain_model and
// bench/chain_bench: N nodes in a line, Add(x, c) -> Relu -> Identity -> Mul(x, c) -> Identity ->
// ..., float[1,16], so the optimizer has an elimination at every third node and a fusion candidate
// at every Add.
#pragma once

#include <onnx/onnx_pb.h>

#include <string>

namespace onnxlens::testing {

/// The chain of `n` nodes (n >= 1): input "x", initializer "c", output "t<n-1>".
inline onnx::ModelProto MakeChainModelProto(long n) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.set_producer_name("make_chain_model");
  m.add_opset_import()->set_version(17);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("chain");
  auto float_value = [](onnx::ValueInfoProto* v, const std::string& name) {
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    t->mutable_shape()->add_dim()->set_dim_value(1);
    t->mutable_shape()->add_dim()->set_dim_value(16);
  };
  float_value(g->add_input(), "x");
  onnx::TensorProto* c = g->add_initializer();
  c->set_name("c");
  c->set_data_type(onnx::TensorProto::FLOAT);
  c->add_dims(16);
  for (int i = 0; i < 16; ++i) c->add_float_data(0.5f + 0.01f * i);
  std::string prev = "x";
  static const char* kOps[] = {"Add", "Relu", "Identity", "Mul", "Identity"};
  for (long i = 0; i < n; ++i) {
    onnx::NodeProto* node = g->add_node();
    const char* op = kOps[i % 5];
    node->set_op_type(op);
    node->set_name(std::string(op) + "_" + std::to_string(i));
    node->add_input(prev);
    if (op[0] == 'A' || op[0] == 'M') node->add_input("c");
    prev = "t" + std::to_string(i);
    node->add_output(prev);
  }
  float_value(g->add_output(), prev);
  return m;
}

}  // namespace onnxlens::testing
