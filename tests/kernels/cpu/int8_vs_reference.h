// One int8 node run on the cpu provider (reference as its fallback) and on the reference provider
// alone, for the cpu int8 kernel tests (matmul_integer_cpu_test.cc, conv_integer_cpu_test.cc):
// the model of one node, full-range random integers, and a count of differing elements.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/random_tensors.h"
#include "runtime/session.h"

namespace onnxlens::testing {

/// An input of the node: empty name for a missing optional input; constant = an initializer,
/// else a graph input fed at run time.
struct Int8Input {
  std::string name;
  ir::Tensor value;
  bool constant = true;
};

struct Int8Ran {
  std::string provider;       ///< where the partition put the node with cpu first
  ir::Tensor cpu, reference;  ///< output 0 of each session
};

inline std::shared_ptr<ir::Model> Int8NodeModel(const std::string& op, const std::string& domain,
                                                const std::vector<Int8Input>& inputs,
                                                std::vector<ir::Attribute> attributes,
                                                std::map<std::string, runtime::RtValue>* feeds) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  if (!domain.empty()) model->opset_imports.push_back({domain, 1});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode(op, domain, "node");
  for (ir::Attribute& a : attributes) node->SetAttribute(std::move(a));
  for (const Int8Input& in : inputs) {
    if (in.name.empty()) {
      node->AddInput(nullptr);
      continue;
    }
    ir::Value* v = g.CreateValue(in.name);
    v->set_type(ir::TypeInfo::Tensor(in.value.dtype(), ir::DimsFromSizes(in.value.dims())));
    if (in.constant) {
      g.SetInitializer(v, in.value);
    } else {
      g.AddInput(v);
      (*feeds)[in.name] = runtime::RtValue::FromTensor(in.value);
    }
    node->AddInput(v);
  }
  ir::Value* out = g.CreateValue("y");
  node->AddOutput(out);
  g.AddOutput(out);
  return model;
}

/// The node on {cpu, reference} (`threads` intra-op threads; run twice, so the second run reuses
/// packed weights and planned buffers) and on {reference}; expects both to run, the trace to show
/// the cpu kernel ran (no run-time decline) and the outputs to agree in shape and type.
inline Int8Ran RunOnCpuAndReference(const std::string& op, const std::string& domain,
                                    const std::vector<Int8Input>& inputs, int threads,
                                    std::vector<ir::Attribute> attributes = {}) {
  std::map<std::string, runtime::RtValue> feeds;
  auto model = Int8NodeModel(op, domain, inputs, std::move(attributes), &feeds);
  runtime::SessionOptions cpu, ref;
  cpu.providers = {"cpu", "reference"};
  cpu.intra_op_threads = threads;
  cpu.enable_profiling = true;
  ref.providers = {"reference"};
  auto sc = runtime::Session::Create(model, cpu);
  auto sr = runtime::Session::Create(model, ref);
  EXPECT_TRUE(sc.ok()) << sc.status().message();
  EXPECT_TRUE(sr.ok()) << sr.status().message();
  if (!sc.ok() || !sr.ok()) return {};
  Int8Ran r;
  r.provider = (*sc)->partition().nodes[0].provider;
  auto rc = (*sc)->Run(feeds);
  if (rc.ok()) rc = (*sc)->Run(feeds);
  auto rr = (*sr)->Run(feeds);
  EXPECT_TRUE(rc.ok()) << rc.status().message();
  EXPECT_TRUE(rr.ok()) << rr.status().message();
  if (!rc.ok() || !rr.ok()) return r;
  for (const auto& e : (*sc)->profiler()->Events()) {
    if (e.cat == "Node" && !e.Arg("provider").empty()) {
      EXPECT_EQ(e.Arg("provider"), "cpu") << "the cpu kernel declined at run time";
    }
  }
  r.cpu = (*rc)[0].second.tensor;
  r.reference = (*rr)[0].second.tensor;
  EXPECT_EQ(r.cpu.dims(), r.reference.dims());
  EXPECT_EQ(r.cpu.dtype(), r.reference.dtype());
  return r;
}

/// uint8 [0, 255] or int8 [-128, 127] values.
inline ir::Tensor FullRangeInts(ir::DataType t, std::vector<int64_t> dims, uint32_t seed) {
  return t == ir::DataType::kInt8 ? RandomInts<int8_t>(t, std::move(dims), -128, 127, seed)
                                  : RandomInts<uint8_t>(t, std::move(dims), 0, 255, seed);
}

/// Elements of T that differ (-1 when the counts differ).
template <typename T>
int64_t CountDiffering(const ir::Tensor& a, const ir::Tensor& b) {
  if (a.numel() != b.numel()) return -1;
  int64_t off = 0;
  for (int64_t i = 0; i < a.numel(); ++i) off += a.data<T>()[i] != b.data<T>()[i];
  return off;
}

}  // namespace onnxlens::testing
