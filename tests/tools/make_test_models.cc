// Writes the malformed-model corpus (tests/data/bad/) and the bundled sample model
// (resources/models/sample_cnn.onnx). Run `ninja make-test-models` to regenerate them; the
// outputs are committed so tests and `scripts/run` do not depend on this tool.
#include <onnx/onnx_pb.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "npy_bytes.h"

namespace fs = std::filesystem;
using onnxlens::testing::Npy;
using onnxlens::testing::NpyHeader;

namespace {

void Write(const fs::path& p, const std::string& bytes) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::printf("wrote %s (%zu bytes)\n", p.c_str(), bytes.size());
}

onnx::ModelProto BaseModel(int opset = 13) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.set_producer_name("onnxlens-test");
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(opset);
  m.mutable_graph()->set_name("g");
  return m;
}

void AddValueInfo(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
                  const std::string& name, std::vector<int64_t> dims, int elem = 1) {
  auto* vi = list->Add();
  vi->set_name(name);
  auto* tt = vi->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem);
  auto* shape = tt->mutable_shape();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

onnx::NodeProto* AddNode(onnx::GraphProto* g, const std::string& op, const std::string& name,
                         std::vector<std::string> in, std::vector<std::string> out) {
  auto* n = g->add_node();
  n->set_op_type(op);
  n->set_name(name);
  for (auto& i : in) n->add_input(i);
  for (auto& o : out) n->add_output(o);
  return n;
}

onnx::TensorProto FloatTensor(const std::string& name, std::vector<int64_t> dims, std::mt19937* rng,
                              float scale) {
  onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(onnx::TensorProto::FLOAT);
  int64_t n = 1;
  for (int64_t d : dims) {
    t.add_dims(d);
    n *= d;
  }
  std::normal_distribution<float> dist(0.f, scale);
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = dist(*rng);
  t.set_raw_data(v.data(), v.size() * sizeof(float));
  return t;
}

// A small valid model: y = Relu(x + x).
onnx::ModelProto TinyValid() {
  auto m = BaseModel();
  auto* g = m.mutable_graph();
  AddValueInfo(g->mutable_input(), "x", {1, 4});
  AddNode(g, "Add", "add", {"x", "x"}, {"s"});
  AddNode(g, "Relu", "relu", {"s"}, {"y"});
  AddValueInfo(g->mutable_output(), "y", {1, 4});
  return m;
}

onnx::ModelProto WithInitializer(onnx::TensorProto t) {
  auto m = BaseModel();
  auto* g = m.mutable_graph();
  AddValueInfo(g->mutable_input(), "x", {1, 4});
  *g->add_initializer() = std::move(t);
  AddNode(g, "Add", "add", {"x", g->initializer(0).name()}, {"y"});
  AddValueInfo(g->mutable_output(), "y", {1, 4});
  return m;
}

// A float [1,4] initializer 'w' in external data; an empty offset or length is left out.
onnx::TensorProto ExternalTensor(const std::string& location, const std::string& offset,
                                 const std::string& length) {
  onnx::TensorProto t;
  t.set_name("w");
  t.set_data_type(onnx::TensorProto::FLOAT);
  t.add_dims(1);
  t.add_dims(4);
  t.set_data_location(onnx::TensorProto::EXTERNAL);
  auto add = [&](const char* k, const std::string& v) {
    auto* kv = t.add_external_data();
    kv->set_key(k);
    kv->set_value(v);
  };
  add("location", location);
  if (!offset.empty()) add("offset", offset);
  if (!length.empty()) add("length", length);
  return t;
}

onnx::TensorProto ExternalTensor(const std::string& location, int64_t offset, int64_t length) {
  return ExternalTensor(location, offset >= 0 ? std::to_string(offset) : "",
                        length >= 0 ? std::to_string(length) : "");
}

// A CNN with the structure real exports have (Conv+BN+Relu blocks, a residual Add, pooling,
// Flatten, Gemm, Softmax) so every view of the GUI has something to show.
onnx::ModelProto SampleCnn() {
  std::mt19937 rng(7);
  auto m = BaseModel(13);
  m.set_producer_name("onnxlens");
  m.set_producer_version("sample");
  m.set_doc_string("A small residual CNN with random weights, bundled with onnxlens as a demo.");
  auto* meta = m.add_metadata_props();
  meta->set_key("description");
  meta->set_value("onnxlens sample: 1x3x32x32 image -> 10 class probabilities");
  auto* g = m.mutable_graph();
  g->set_name("sample_cnn");
  {
    auto* vi = g->add_input();
    vi->set_name("image");
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(1);
    tt->mutable_shape()->add_dim()->set_dim_param("batch");
    for (int d : {3, 32, 32}) tt->mutable_shape()->add_dim()->set_dim_value(d);
  }
  auto conv_bn_relu = [&](const std::string& p, const std::string& in, int cin, int cout, int k,
                          int stride, bool relu) {
    *g->add_initializer() = FloatTensor(p + ".conv.weight", {cout, cin, k, k}, &rng, 0.2f);
    auto* conv = AddNode(g, "Conv", p + "/Conv", {in, p + ".conv.weight"}, {p + "/conv_out"});
    auto* a = conv->add_attribute();
    a->set_name("kernel_shape");
    a->set_type(onnx::AttributeProto::INTS);
    a->add_ints(k);
    a->add_ints(k);
    a = conv->add_attribute();
    a->set_name("pads");
    a->set_type(onnx::AttributeProto::INTS);
    for (int i = 0; i < 4; ++i) a->add_ints(k / 2);
    a = conv->add_attribute();
    a->set_name("strides");
    a->set_type(onnx::AttributeProto::INTS);
    a->add_ints(stride);
    a->add_ints(stride);
    for (const char* s : {"scale", "bias", "mean", "var"}) {
      auto t = FloatTensor(p + ".bn." + s, {cout}, &rng, 0.1f);
      if (std::string(s) == "scale" || std::string(s) == "var") {
        std::vector<float> v(cout);
        for (auto& x : v) x = 1.0f + std::uniform_real_distribution<float>(0.f, 0.5f)(rng);
        t.set_raw_data(v.data(), v.size() * sizeof(float));
      }
      *g->add_initializer() = t;
    }
    auto* bn =
        AddNode(g, "BatchNormalization", p + "/BatchNormalization",
                {p + "/conv_out", p + ".bn.scale", p + ".bn.bias", p + ".bn.mean", p + ".bn.var"},
                {p + "/bn_out"});
    a = bn->add_attribute();
    a->set_name("epsilon");
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(1e-5f);
    if (!relu) return p + "/bn_out";
    AddNode(g, "Relu", p + "/Relu", {p + "/bn_out"}, {p + "/relu_out"});
    return p + "/relu_out";
  };
  std::string x = conv_bn_relu("/stem", "image", 3, 16, 3, 1, true);
  std::string b1 = conv_bn_relu("/block1/conv1", x, 16, 16, 3, 1, true);
  std::string b2 = conv_bn_relu("/block1/conv2", b1, 16, 16, 3, 1, false);
  AddNode(g, "Add", "/block1/Add", {b2, x}, {"/block1/add_out"});
  AddNode(g, "Relu", "/block1/Relu", {"/block1/add_out"}, {"/block1/out"});
  auto* pool = AddNode(g, "MaxPool", "/pool/MaxPool", {"/block1/out"}, {"/pool/out"});
  auto* a = pool->add_attribute();
  a->set_name("kernel_shape");
  a->set_type(onnx::AttributeProto::INTS);
  a->add_ints(2);
  a->add_ints(2);
  a = pool->add_attribute();
  a->set_name("strides");
  a->set_type(onnx::AttributeProto::INTS);
  a->add_ints(2);
  a->add_ints(2);
  std::string c = conv_bn_relu("/block2/conv", "/pool/out", 16, 32, 3, 2, true);
  AddNode(g, "GlobalAveragePool", "/head/GlobalAveragePool", {c}, {"/head/gap"});
  auto* fl = AddNode(g, "Flatten", "/head/Flatten", {"/head/gap"}, {"/head/flat"});
  a = fl->add_attribute();
  a->set_name("axis");
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(1);
  *g->add_initializer() = FloatTensor("head.fc.weight", {10, 32}, &rng, 0.3f);
  *g->add_initializer() = FloatTensor("head.fc.bias", {10}, &rng, 0.1f);
  auto* gemm = AddNode(g, "Gemm", "/head/fc/Gemm", {"/head/flat", "head.fc.weight", "head.fc.bias"},
                       {"/head/logits"});
  a = gemm->add_attribute();
  a->set_name("transB");
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(1);
  auto* sm = AddNode(g, "Softmax", "/head/Softmax", {"/head/logits"}, {"probabilities"});
  a = sm->add_attribute();
  a->set_name("axis");
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(1);
  {
    auto* vi = g->add_output();
    vi->set_name("probabilities");
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(1);
    tt->mutable_shape()->add_dim()->set_dim_param("batch");
    tt->mutable_shape()->add_dim()->set_dim_value(10);
  }
  return m;
}

// .npy files numpy refuses (read by tests/api/value_io_test.cc).
void WriteBadNpyFiles(const fs::path& bad) {
  const std::string k16(16, '\0');
  Write(bad / "npy_negative_dim.npy", Npy(NpyHeader("<f4", "(-1, 4)"), k16));
  Write(bad / "npy_unclosed_shape.npy",
        Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4", k16));
  Write(bad / "npy_unclosed_dict.npy",
        Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4)", k16));
  Write(bad / "npy_short_data.npy", Npy(NpyHeader("<f4", "(1, 4)"), std::string(12, '\0')));
  Write(bad / "npy_overflowing_shape.npy",
        Npy(NpyHeader("<f4", "(4611686018427387904, 4611686018427387904)"), k16));
  Write(bad / "npy_unknown_descr.npy", Npy(NpyHeader("<c8", "(2,)"), k16));
  {
    std::string past = Npy(NpyHeader("<f4", "(1, 4)"), k16, 2);
    past[10] = '\x01';  // the 4-byte header length 65,536 more: past the end of the file
    Write(bad / "npy_header_past_end.npy", past);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_test_models BAD_DIR SAMPLE_MODEL\n");
    return 2;
  }
  const fs::path bad = argv[1];
  fs::create_directories(bad);

  Write(bad / "empty.onnx", "");
  {
    std::mt19937 rng(1234);
    std::string bytes(4096, '\0');
    for (auto& c : bytes) c = static_cast<char>(rng() & 0xff);
    Write(bad / "random_bytes.onnx", bytes);
  }
  // Field 7 (graph), length-delimited, claiming 1,000,000 bytes that are not there.
  Write(bad / "truncated_protobuf.onnx", std::string("\x08\x08\x3a\xc0\x84\x3d\x0a\x01", 8));
  {
    std::string full = SampleCnn().SerializeAsString();
    Write(bad / "half_model.onnx", full.substr(0, full.size() / 2));
  }
  {
    auto m = BaseModel();
    Write(bad / "no_graph.onnx", [&] {
      m.clear_graph();
      return m.SerializeAsString();
    }());
  }
  {
    auto m = TinyValid();
    m.mutable_graph()->mutable_node(1)->set_input(0, "nonexistent_tensor");
    Write(bad / "undefined_input.onnx", m.SerializeAsString());
  }
  {
    auto m = BaseModel();
    auto* g = m.mutable_graph();
    AddValueInfo(g->mutable_input(), "x", {1, 4});
    AddNode(g, "Add", "a", {"x", "b_out"}, {"a_out"});
    AddNode(g, "Mul", "b", {"a_out", "x"}, {"b_out"});
    AddNode(g, "Relu", "c", {"b_out"}, {"y"});
    AddValueInfo(g->mutable_output(), "y", {1, 4});
    Write(bad / "cycle.onnx", m.SerializeAsString());
  }
  {
    auto m = TinyValid();
    AddNode(m.mutable_graph(), "Neg", "neg", {"x"}, {"s"});
    Write(bad / "duplicate_output.onnx", m.SerializeAsString());
  }
  {
    onnx::TensorProto t;
    t.set_name("w");
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_dims(1);
    t.add_dims(4);
    t.set_raw_data(std::string(12, '\0'));  // 3 floats for a 4-element shape
    Write(bad / "raw_data_size_mismatch.onnx", WithInitializer(t).SerializeAsString());
  }
  {
    onnx::TensorProto t;
    t.set_name("w");
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_dims(1000000);
    t.add_dims(1000000);
    t.set_raw_data(std::string(16, '\0'));
    Write(bad / "huge_initializer.onnx", WithInitializer(t).SerializeAsString());
    t.clear_raw_data();
    Write(bad / "huge_initializer_no_data.onnx", WithInitializer(t).SerializeAsString());
  }
  {
    onnx::TensorProto t;
    t.set_name("w");
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_dims(1);
    t.add_dims(-4);
    Write(bad / "negative_dim.onnx", WithInitializer(t).SerializeAsString());
  }
  {
    onnx::TensorProto t;
    t.set_name("w");
    t.set_data_type(999);
    t.add_dims(1);
    t.set_raw_data(std::string(4, '\0'));
    Write(bad / "unknown_dtype.onnx", WithInitializer(t).SerializeAsString());
  }
  Write(bad / "external_missing_file.onnx",
        WithInitializer(ExternalTensor("missing_weights.bin", 0, 16)).SerializeAsString());
  Write(bad / "external_outside_dir.onnx",
        WithInitializer(ExternalTensor("../outside_weights.bin", 0, 16)).SerializeAsString());
  Write(bad / "external_absolute_path.onnx",
        WithInitializer(ExternalTensor("/etc/passwd", 0, 16)).SerializeAsString());
  Write(bad / "external_symlink_outside.onnx",
        WithInitializer(ExternalTensor("link_to_outside.bin", 0, 16)).SerializeAsString());
  {
    Write(bad / "small_weights.bin", std::string(8, '\0'));
    Write(bad / "external_offset_out_of_range.onnx",
          WithInitializer(ExternalTensor("small_weights.bin", 4, 16)).SerializeAsString());
  }
  // External data sizes and offsets that are not plain 64-bit decimals or that overflow.
  Write(bad / "external_length_wraps.onnx",
        WithInitializer(ExternalTensor("small_weights.bin", "0", "9999999999999999999"))
            .SerializeAsString());
  Write(bad / "external_length_too_long.onnx",
        WithInitializer(ExternalTensor("small_weights.bin", "0", "99999999999999999999"))
            .SerializeAsString());
  Write(bad / "external_offset_not_decimal.onnx",
        WithInitializer(ExternalTensor("small_weights.bin", "0x4", "16")).SerializeAsString());
  Write(bad / "external_offset_overflows.onnx",
        WithInitializer(ExternalTensor("small_weights.bin", "18446744073709551615", "16"))
            .SerializeAsString());

  WriteBadNpyFiles(bad);

  {
    // An If whose then_branch reads a value that exists nowhere.
    auto m = BaseModel();
    auto* g = m.mutable_graph();
    AddValueInfo(g->mutable_input(), "cond", {}, onnx::TensorProto::BOOL);
    AddValueInfo(g->mutable_input(), "x", {1, 4});
    auto* n = AddNode(g, "If", "if", {"cond"}, {"y"});
    for (const char* branch : {"then_branch", "else_branch"}) {
      auto* a = n->add_attribute();
      a->set_name(branch);
      a->set_type(onnx::AttributeProto::GRAPH);
      auto* sg = a->mutable_g();
      sg->set_name(branch);
      const std::string src = std::string(branch) == "then_branch" ? "undefined_in_branch" : "x";
      AddNode(sg, "Identity", std::string(branch) + "_id", {src}, {std::string(branch) + "_out"});
      AddValueInfo(sg->mutable_output(), std::string(branch) + "_out", {1, 4});
    }
    AddValueInfo(g->mutable_output(), "y", {1, 4});
    Write(bad / "bad_subgraph.onnx", m.SerializeAsString());
    // The same If, but its graph attribute holds no graph.
    n->mutable_attribute(0)->clear_g();
    Write(bad / "subgraph_attribute_without_graph.onnx", m.SerializeAsString());
  }

  const fs::path sample = argv[2];
  fs::create_directories(sample.parent_path());
  Write(sample, SampleCnn().SerializeAsString());
  return 0;
}
