// Runs one node on hostile inputs, as a model file whose inputs declare no shape would: the
// session-time validator cannot see the shapes, so only the kernel's run-time checks stand between
// the values and a read past a tensor.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::testing {

/// Float32 tensor of `dims` holding 0, 0.01, 0.02, ... (any values do: the cases check errors).
inline ir::Tensor Floats(std::vector<int64_t> dims) {
  ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, std::move(dims)).value();
  for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = 0.01f * float(i);
  return t;
}

template <typename T>
ir::Tensor Values(ir::DataType type, std::vector<int64_t> dims, std::vector<T> v) {
  return ir::Tensor::FromVector<T>(type, std::move(dims), v);
}

/// A float32 tensor of `dims` holding `v`.
inline ir::Tensor F(std::vector<int64_t> dims, std::vector<float> v) {
  return Values<float>(ir::DataType::kFloat, std::move(dims), std::move(v));
}

inline ir::Tensor Int64s(std::vector<int64_t> dims, std::vector<int64_t> v) {
  return Values<int64_t>(ir::DataType::kInt64, std::move(dims), std::move(v));
}

inline ir::Tensor Int32s(std::vector<int64_t> dims, std::vector<int32_t> v) {
  return Values<int32_t>(ir::DataType::kInt32, std::move(dims), std::move(v));
}

/// A copyable attribute description (ir::Attribute is move-only), made into one per model.
struct Attr {
  enum class Kind { kInt, kFloat, kString, kInts, kFloats, kTensor };
  std::string name;
  Kind kind = Kind::kInt;
  int64_t i = 0;
  float f = 0;
  std::string s;
  std::vector<int64_t> ints;
  std::vector<float> floats;
  ir::Tensor t;

  ir::Attribute Make() const {
    switch (kind) {
      case Kind::kInt:
        return ir::Attribute::Int(name, i);
      case Kind::kFloat:
        return ir::Attribute::Float(name, f);
      case Kind::kString:
        return ir::Attribute::String(name, s);
      case Kind::kInts:
        return ir::Attribute::Ints(name, ints);
      case Kind::kFloats:
        return ir::Attribute::Floats(name, floats);
      case Kind::kTensor:
        return ir::Attribute::FromTensor(name, t);
    }
    return ir::Attribute::Int(name, i);
  }
};

inline Attr AInt(std::string name, int64_t v) {
  Attr a{std::move(name), Attr::Kind::kInt};
  a.i = v;
  return a;
}
inline Attr AFloat(std::string name, float v) {
  Attr a{std::move(name), Attr::Kind::kFloat};
  a.f = v;
  return a;
}
inline Attr AString(std::string name, std::string v) {
  Attr a{std::move(name), Attr::Kind::kString};
  a.s = std::move(v);
  return a;
}
inline Attr AInts(std::string name, std::vector<int64_t> v) {
  Attr a{std::move(name), Attr::Kind::kInts};
  a.ints = std::move(v);
  return a;
}
inline Attr ATensor(std::string name, ir::Tensor v) {
  Attr a{std::move(name), Attr::Kind::kTensor};
  a.t = std::move(v);
  return a;
}

/// A one-node model: graph input i is `inputs[i]` with its element type and no shape (nullopt =
/// the optional input is omitted), outputs out0.. .
inline std::shared_ptr<ir::Model> HostileModel(const std::string& op,
                                               const std::vector<std::optional<ir::Tensor>>& inputs,
                                               const std::vector<Attr>& attrs, int num_outputs,
                                               int opset, const std::string& domain) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", opset});
  if (!domain.empty()) model->opset_imports.push_back({domain, 1});
  model->graph = std::make_unique<ir::Graph>("hostile");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode(op, domain, op + "_node");
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      node->AddInput(nullptr);
      continue;
    }
    ir::Value* v = g.CreateValue("in" + std::to_string(i));
    v->set_type(ir::TypeInfo::TensorUnknownRank(inputs[i]->dtype()));
    g.AddInput(v);
    node->AddInput(v);
  }
  for (int i = 0; i < num_outputs; ++i) {
    ir::Value* v = g.CreateValue("out" + std::to_string(i));
    node->AddOutput(v);
    g.AddOutput(v);
  }
  for (const Attr& a : attrs) node->SetAttribute(a.Make());
  return model;
}

struct HostileRun {
  std::string op;
  std::vector<std::optional<ir::Tensor>> inputs;
  std::vector<Attr> attrs;
  int num_outputs = 1;
  int opset = 17;
  std::string domain;
};

/// Creates a session on `provider` (the reference provider is the fallback) and runs it: the
/// session must be created (the shapes are unknown at creation), the run's result is returned.
inline Expected<runtime::NamedValues> RunOn(const std::string& provider, const HostileRun& r) {
  auto model = HostileModel(r.op, r.inputs, r.attrs, r.num_outputs, r.opset, r.domain);
  runtime::SessionOptions opt;
  opt.providers = {provider};
  opt.intra_op_threads = 1;
  auto session = runtime::Session::Create(model, opt);
  if (!session.ok()) {
    ADD_FAILURE() << "the session-time validator rejected the model, so the kernel was not "
                     "reached: "
                  << session.status().message();
    return session.status();
  }
  std::map<std::string, kernels::RtValue> feeds;
  for (size_t i = 0; i < r.inputs.size(); ++i) {
    if (r.inputs[i]) feeds["in" + std::to_string(i)] = kernels::RtValue::FromTensor(*r.inputs[i]);
  }
  return (*session)->Run(feeds);
}

/// Calls the kernel of `provider` for the node directly (no session, no validator, no fallback):
/// for what the validator already rejects at creation (attribute values), so the kernel's own
/// check is still exercised. A provider without a kernel for the op, or whose kernel declines the
/// case, falls back to the reference kernel, as a session would.
inline Expected<std::vector<kernels::RtValue>> ComputeDirectOutputs(const std::string& provider,
                                                                    const HostileRun& r) {
  auto model = HostileModel(r.op, r.inputs, r.attrs, r.num_outputs, r.opset, r.domain);
  kernels::KernelRegistry registry;
  kernels::RegisterCpuKernels(registry);
  kernels::RegisterReferenceKernels(registry);
  const ir::Node& node = *model->graph->nodes()[0];
  const kernels::KernelDef* def = registry.Find(node, r.opset, provider);
  if (!def) def = registry.Find(node, r.opset, kernels::kReferenceProvider);
  if (!def) return NotFound("no kernel for " + r.op);
  OL_ASSIGN_OR_RETURN(auto kernel, def->factory(kernels::KernelInfo{node, r.opset}));
  std::vector<kernels::RtValue> values;
  values.reserve(r.inputs.size());
  std::vector<const kernels::RtValue*> ins;
  for (const auto& t : r.inputs) {
    values.push_back(t ? kernels::RtValue::FromTensor(*t) : kernels::RtValue());
    ins.push_back(t ? &values.back() : nullptr);
  }
  std::vector<kernels::RtValue> outs(static_cast<size_t>(r.num_outputs));
  kernels::OpKernelContext ctx(node, ins, &outs, nullptr, nullptr);
  Status st = kernel->Compute(ctx);
  if (st.code() == StatusCode::kUnsupported && provider != kernels::kReferenceProvider) {
    return ComputeDirectOutputs(kernels::kReferenceProvider, r);  // a decline: the fallback runs
  }
  OL_RETURN_IF_ERROR(st);
  return outs;
}

inline Status ComputeDirect(const std::string& provider, const HostileRun& r) {
  return ComputeDirectOutputs(provider, r).status();
}

/// The run failed with a message containing `text` (and the node's name).
inline void ExpectRunError(const Expected<runtime::NamedValues>& result, const std::string& text) {
  ASSERT_FALSE(result.ok()) << "ran without an error; expected one saying: " << text;
  EXPECT_THAT(result.status().message(), ::testing::HasSubstr(text));
  EXPECT_THAT(result.status().message(), ::testing::HasSubstr("_node"));
}

inline void ExpectStatusError(const Status& st, const std::string& text) {
  ASSERT_FALSE(st.ok()) << "computed without an error; expected one saying: " << text;
  EXPECT_THAT(st.message(), ::testing::HasSubstr(text));
}

/// The providers every hostile case runs on.
inline std::vector<std::string> HostileProviders() {
  return {kernels::kCpuProvider, kernels::kReferenceProvider};
}

}  // namespace onnxlens::testing
