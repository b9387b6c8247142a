// Structure-aware tensor data mutation of fuzz_model.
#include "fuzz/tensor_data_mutator.h"

#include <onnx/onnx_pb.h>

#include <random>
#include <vector>

namespace onnxlens::fuzz {

namespace {

void CollectNodes(google::protobuf::RepeatedPtrField<onnx::NodeProto>* nodes,
                  std::vector<onnx::TensorProto*>* out, int depth);

void CollectGraph(onnx::GraphProto* g, std::vector<onnx::TensorProto*>* out, int depth) {
  if (depth > 16) return;
  for (auto& t : *g->mutable_initializer()) out->push_back(&t);
  for (auto& sp : *g->mutable_sparse_initializer()) {
    out->push_back(sp.mutable_values());
    if (sp.has_indices()) out->push_back(sp.mutable_indices());
  }
  CollectNodes(g->mutable_node(), out, depth);
}

void CollectNodes(google::protobuf::RepeatedPtrField<onnx::NodeProto>* nodes,
                  std::vector<onnx::TensorProto*>* out, int depth) {
  for (auto& n : *nodes) {
    for (auto& a : *n.mutable_attribute()) {
      if (a.has_t()) out->push_back(a.mutable_t());
      for (auto& t : *a.mutable_tensors()) out->push_back(&t);
      if (a.has_sparse_tensor()) out->push_back(a.mutable_sparse_tensor()->mutable_values());
      if (a.has_g()) CollectGraph(a.mutable_g(), out, depth + 1);
      for (auto& g : *a.mutable_graphs()) CollectGraph(&g, out, depth + 1);
    }
  }
}

// The integer types (and float16, whose bytes are read as integers) whose short data crashed
// libonnx's ParseData.
constexpr int kIntegerTypes[] = {onnx::TensorProto::INT8,  onnx::TensorProto::UINT8,
                                 onnx::TensorProto::INT16, onnx::TensorProto::UINT16,
                                 onnx::TensorProto::INT32, onnx::TensorProto::UINT32,
                                 onnx::TensorProto::INT64, onnx::TensorProto::UINT64,
                                 onnx::TensorProto::BOOL,  onnx::TensorProto::FLOAT16};

// The tensor's data as raw bytes (typed fields copied at 8 bytes a value: any length will do).
std::string RawOf(const onnx::TensorProto& t) {
  if (t.has_raw_data()) return t.raw_data();
  std::string raw;
  for (int64_t v : t.int64_data()) raw.append(reinterpret_cast<const char*>(&v), 8);
  for (int32_t v : t.int32_data()) raw.append(reinterpret_cast<const char*>(&v), 4);
  for (float v : t.float_data()) raw.append(reinterpret_cast<const char*>(&v), 4);
  return raw;
}

}  // namespace

bool MutateTensorData(std::string* model, uint32_t seed) {
  onnx::ModelProto m;
  if (!m.ParseFromString(*model)) return false;
  std::vector<onnx::TensorProto*> tensors;
  if (m.has_graph()) CollectGraph(m.mutable_graph(), &tensors, 0);
  for (auto& f : *m.mutable_functions()) CollectNodes(f.mutable_node(), &tensors, 1);
  if (tensors.empty()) return false;
  std::mt19937 rng(seed);
  onnx::TensorProto* t = tensors[rng() % tensors.size()];
  if (t->data_location() == onnx::TensorProto::EXTERNAL) return false;
  std::string raw = RawOf(*t);
  switch (rng() % 4) {
    case 0:  // raw_data cut short (1 .. all bytes fewer)
      if (!raw.empty()) raw.resize(rng() % raw.size());
      break;
    case 1:  // raw_data grown
      raw.append(1 + rng() % 16, static_cast<char>(rng()));
      break;
    case 2:  // another integer type over the same bytes
      t->set_data_type(kIntegerTypes[rng() % std::size(kIntegerTypes)]);
      break;
    default:  // a dimension changed (or added) under the same bytes
      if (t->dims_size() > 0) {
        t->set_dims(static_cast<int>(rng() % t->dims_size()), 1 + rng() % 9);
      } else {
        t->add_dims(2 + rng() % 7);
      }
      break;
  }
  t->clear_int32_data();
  t->clear_int64_data();
  t->clear_uint64_data();
  t->clear_float_data();
  t->clear_double_data();
  t->set_raw_data(raw);
  *model = m.SerializeAsString();
  return true;
}

}  // namespace onnxlens::fuzz
