// Writes tests/data/invalid/: models that parse and load (the inspector shows them) but that
// ONNX Runtime refuses at load and a session must refuse before any kernel trusts a node — one per
// class the hostile-model probe found. Run `ninja make-invalid-models`; the outputs are committed.
// tests/runtime/invalid_models_test.cc holds the expected error of each.
#include <onnx/onnx_pb.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using Dims = std::vector<int64_t>;

struct Builder {
  onnx::ModelProto m;

  explicit Builder(int opset = 17) {
    m.set_ir_version(8);
    m.set_producer_name("onnxlens-test");
    m.add_opset_import()->set_version(opset);
    m.mutable_graph()->set_name("g");
  }
  onnx::GraphProto* g() { return m.mutable_graph(); }
  void Value(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
             const std::string& name, const Dims& dims, int elem = onnx::TensorProto::FLOAT) {
    auto* vi = list->Add();
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(elem);
    for (int64_t d : dims) tt->mutable_shape()->add_dim()->set_dim_value(d);
  }
  void In(const std::string& name, const Dims& dims, int elem = onnx::TensorProto::FLOAT) {
    Value(g()->mutable_input(), name, dims, elem);
  }
  void Out(const std::string& name, const Dims& dims, int elem = onnx::TensorProto::FLOAT) {
    Value(g()->mutable_output(), name, dims, elem);
  }
  onnx::NodeProto* Node(const std::string& op, const std::string& name,
                        const std::vector<std::string>& in, const std::vector<std::string>& out) {
    auto* n = g()->add_node();
    n->set_op_type(op);
    n->set_name(name);
    for (const auto& i : in) n->add_input(i);
    for (const auto& o : out) n->add_output(o);
    return n;
  }
};

void Ints(onnx::NodeProto* n, const std::string& name, const Dims& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t x : v) a->add_ints(x);
}

void Int(onnx::NodeProto* n, const std::string& name, int64_t v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}

void Str(onnx::NodeProto* n, const std::string& name, const std::string& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(v);
}

onnx::GraphProto ConstantBranch(const std::string& name) {
  onnx::GraphProto b;
  b.set_name(name);
  auto* c = b.add_node();
  c->set_op_type("Constant");
  c->add_output(name + "_out");
  auto* a = c->add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  a->mutable_t()->set_data_type(onnx::TensorProto::FLOAT);
  a->mutable_t()->add_dims(1);
  a->mutable_t()->add_float_data(1.f);
  auto* o = b.add_output();
  o->set_name(name + "_out");
  o->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
  return b;
}

std::vector<std::pair<std::string, std::function<Builder()>>> Cases() {
  return {
      {"gemm_mixed_types",
       [] {
         Builder b;
         b.In("a", {2, 2}, onnx::TensorProto::DOUBLE);
         b.In("b", {2, 2});
         b.Node("Gemm", "gemm", {"a", "b"}, {"y"});
         b.Out("y", {2, 2}, onnx::TensorProto::DOUBLE);
         return b;
       }},
      {"conv_uint16_input",
       [] {
         Builder b;
         b.In("x", {1, 1, 4, 4}, onnx::TensorProto::UINT16);
         b.In("w", {1, 1, 3, 3}, onnx::TensorProto::UINT16);
         b.Node("Conv", "conv", {"x", "w"}, {"y"});
         b.Out("y", {1, 1, 2, 2}, onnx::TensorProto::UINT16);
         return b;
       }},
      {"relu_three_inputs",
       [] {
         Builder b;
         b.In("x", {4});
         b.Node("Relu", "relu", {"x", "x", "x"}, {"y"});
         b.Out("y", {4});
         return b;
       }},
      {"transpose_perm_string",
       [] {
         Builder b;
         b.In("x", {2, 3});
         Str(b.Node("Transpose", "transpose", {"x"}, {"y"}), "perm", "1,0");
         b.Out("y", {3, 2});
         return b;
       }},
      {"transpose_perm_repeats",
       [] {
         Builder b;
         b.In("x", {2, 3});
         Ints(b.Node("Transpose", "transpose", {"x"}, {"y"}), "perm", {0, 0});
         b.Out("y", {2, 2});
         return b;
       }},
      {"unknown_attribute",
       [] {
         Builder b;
         b.In("x", {4});
         Int(b.Node("Relu", "relu", {"x"}, {"y"}), "frobnicate", 1);
         b.Out("y", {4});
         return b;
       }},
      {"unknown_auto_pad",
       [] {
         Builder b;
         b.In("x", {1, 1, 4, 4});
         auto* n = b.Node("MaxPool", "pool", {"x"}, {"y"});
         Ints(n, "kernel_shape", {2, 2});
         Str(n, "auto_pad", "SOMETIMES");
         b.Out("y", {1, 1, 3, 3});
         return b;
       }},
      {"if_float_condition",
       [] {
         Builder b;
         b.In("cond", {1});
         auto* n = b.Node("If", "if", {"cond"}, {"y"});
         for (const char* branch : {"then_branch", "else_branch"}) {
           auto* a = n->add_attribute();
           a->set_name(branch);
           a->set_type(onnx::AttributeProto::GRAPH);
           *a->mutable_g() = ConstantBranch(branch);
         }
         b.Out("y", {1});
         return b;
       }},
      {"opset_99",
       [] {
         Builder b(99);
         b.In("x", {4});
         b.Node("Relu", "relu", {"x"}, {"y"});
         b.Out("y", {4});
         return b;
       }},
      {"conv_short_bias",
       [] {
         Builder b;
         b.In("x", {1, 2, 4, 4});
         b.In("w", {3, 2, 3, 3});
         b.In("bias", {2});
         b.Node("Conv", "conv", {"x", "w", "bias"}, {"y"});
         b.Out("y", {1, 3, 2, 2});
         return b;
       }},
      {"conv_transpose_group",
       [] {
         Builder b;
         b.In("x", {1, 3, 4, 4});
         b.In("w", {3, 1, 3, 3});
         Int(b.Node("ConvTranspose", "deconv", {"x", "w"}, {"y"}), "group", 2);
         b.Out("y", {1, 2, 6, 6});
         return b;
       }},
      {"conv_zero_stride",
       [] {
         Builder b;
         b.In("x", {1, 1, 4, 4});
         b.In("w", {1, 1, 3, 3});
         Ints(b.Node("Conv", "conv", {"x", "w"}, {"y"}), "strides", {0, 0});
         b.Out("y", {1, 1, 2, 2});
         return b;
       }},
      {"declared_output_type_wrong",
       [] {
         Builder b;
         b.In("x", {4});
         b.Node("Relu", "relu", {"x"}, {"y"});
         b.Out("y", {4}, onnx::TensorProto::INT64);
         return b;
       }},
  };
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_invalid_models OUT_DIR\n");
    return 2;
  }
  const fs::path dir = argv[1];
  fs::create_directories(dir);
  for (const auto& [name, make] : Cases()) {
    const fs::path path = dir / (name + ".onnx");
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!make().m.SerializeToOstream(&f)) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      return 1;
    }
    std::printf("wrote %s\n", path.c_str());
  }
  return 0;
}
