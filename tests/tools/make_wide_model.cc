// Writes models with very wide nodes for the scale checks (not committed: generate when needed):
//   make_wide_model concat N OUT.onnx  — y = Concat(x, x, ..., x) with N inputs, x float[1,4]
//   make_wide_model split N OUT.onnx   — Split of x float[N] into N outputs, joined again by a
//                                         Concat of N inputs (a node with N outputs)
//   make_wide_model fanout N OUT.onnx [OP] — r = Relu(x), x float[4], read by N nodes OP
//                                         (Identity by default), each output a graph output (a
//                                         value with N consumers, a graph with N outputs)
#include <onnx/onnx_pb.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

void FloatValue(onnx::ValueInfoProto* v, const std::string& name, long n) {
  v->set_name(name);
  auto* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(onnx::TensorProto::FLOAT);
  t->mutable_shape()->add_dim()->set_dim_value(n);
}

onnx::NodeProto* Concat(onnx::GraphProto* g, const std::string& name) {
  onnx::NodeProto* c = g->add_node();
  c->set_op_type("Concat");
  c->set_name(name);
  auto* axis = c->add_attribute();
  axis->set_name("axis");
  axis->set_type(onnx::AttributeProto::INT);
  axis->set_i(0);
  return c;
}

bool Write(const onnx::ModelProto& m, const char* path) {
  std::ofstream out(path, std::ios::binary);
  if (!m.SerializeToOstream(&out)) {
    std::fprintf(stderr, "cannot write %s\n", path);
    return false;
  }
  return true;
}

int WriteFanout(onnx::ModelProto* m, long n, const std::string& op, const char* path) {
  onnx::GraphProto* g = m->mutable_graph();
  g->set_name("wide_fanout");
  FloatValue(g->add_input(), "x", 4);
  onnx::NodeProto* relu = g->add_node();
  relu->set_op_type("Relu");
  relu->set_name("Relu_0");
  relu->add_input("x");
  relu->add_output("r");
  for (long i = 0; i < n; ++i) {
    onnx::NodeProto* c = g->add_node();
    c->set_op_type(op);
    c->set_name(op + "_" + std::to_string(i));
    c->add_input("r");
    c->add_output("y_" + std::to_string(i));
    FloatValue(g->add_output(), "y_" + std::to_string(i), 4);
  }
  return Write(*m, path) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const bool split = argc == 4 && std::strcmp(argv[1], "split") == 0;
  const bool fanout = (argc == 4 || argc == 5) && std::strcmp(argv[1], "fanout") == 0;
  if (!fanout && (argc != 4 || (!split && std::strcmp(argv[1], "concat") != 0))) {
    std::fprintf(stderr,
                 "usage: make_wide_model concat|split N OUT.onnx | fanout N OUT.onnx [OP]\n");
    return 2;
  }
  const long n = std::strtol(argv[2], nullptr, 10);
  if (n < 1 || n > 10'000'000) {
    std::fprintf(stderr, "N must be in [1, 10000000]\n");
    return 2;
  }
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.set_producer_name("make_wide_model");
  m.add_opset_import()->set_version(17);
  onnx::GraphProto* g = m.mutable_graph();
  if (fanout) return WriteFanout(&m, n, argc == 5 ? argv[4] : "Identity", argv[3]);
  g->set_name(split ? "wide_split" : "wide_concat");
  FloatValue(g->add_input(), "x", split ? n : 4);
  onnx::NodeProto* s = nullptr;
  if (split) {
    s = g->add_node();
    s->set_op_type("Split");
    s->set_name("Split_0");
    s->add_input("x");
  }
  onnx::NodeProto* c = Concat(g, "Concat_0");
  for (long i = 0; i < n; ++i) {
    if (split) {
      s->add_output("part_" + std::to_string(i));
      c->add_input("part_" + std::to_string(i));
    } else {
      c->add_input("x");
    }
  }
  c->add_output("y");
  FloatValue(g->add_output(), "y", split ? n : 4 * n);
  return Write(m, argv[3]) ? 0 : 1;
}
