// Building small graphs for pass tests, optimizing a copy, and checking that the optimized model
// computes the same outputs as the original (reference provider, random inputs, fixed seed).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "api/internal/compare.h"
#include "passes/pass_manager.h"
#include "runtime/constant_evaluator.h"
#include "runtime/session.h"

namespace onnxlens::passes::testing {

/// Attributes for GraphBuilder::Op (Attribute is move-only, so no braced lists).
template <typename... A>
std::vector<ir::Attribute> Attrs(A&&... a) {
  std::vector<ir::Attribute> v;
  (v.push_back(std::forward<A>(a)), ...);
  return v;
}

class GraphBuilder {
 public:
  explicit GraphBuilder(int64_t opset = 17) : model_(std::make_shared<ir::Model>()) {
    model_->opset_imports.push_back({"", opset});
    model_->graph = std::make_unique<ir::Graph>("test");
  }
  ir::Graph& g() { return *model_->graph; }
  std::shared_ptr<ir::Model> model() { return model_; }

  ir::Value* Input(const std::string& name, std::vector<int64_t> dims) {
    ir::Value* v = g().CreateValue(name);
    v->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes(dims)));
    g().AddInput(v);
    return v;
  }
  ir::Value* Const(const std::string& name, std::vector<int64_t> dims, std::vector<float> data) {
    ir::Value* v = g().CreateValue(name);
    ir::Tensor t = ir::Tensor::FromVector<float>(ir::DataType::kFloat, dims, data);
    v->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes(dims)));
    g().SetInitializer(v, std::move(t));
    return v;
  }
  ir::Value* Ints(const std::string& name, std::vector<int64_t> data) {
    ir::Value* v = g().CreateValue(name);
    v->set_type(ir::TypeInfo::Tensor(ir::DataType::kInt64,
                                     ir::DimsFromSizes({static_cast<int64_t>(data.size())})));
    g().SetInitializer(v, ir::Tensor::FromVector<int64_t>(
                              ir::DataType::kInt64, {static_cast<int64_t>(data.size())}, data));
    return v;
  }
  ir::Value* Random(const std::string& name, std::vector<int64_t> dims, uint32_t seed) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::vector<float> data(static_cast<size_t>(n));
    for (float& x : data) x = u(rng);
    return Const(name, dims, data);
  }
  /// A node with `outputs` fresh outputs (typed float with `out_dims` when given).
  ir::Node* Op(const std::string& op, std::vector<ir::Value*> inputs,
               std::vector<ir::Attribute> attrs = {}, std::vector<int64_t> out_dims = {},
               int outputs = 1) {
    ir::Node* n = g().AddNode(op, "", op + "_" + std::to_string(counter_));
    for (ir::Value* v : inputs) n->AddInput(v);
    for (auto& a : attrs) n->SetAttribute(std::move(a));
    for (int i = 0; i < outputs; ++i) {
      ir::Value* o =
          g().CreateValue(op + "_" + std::to_string(counter_) + "_out" + std::to_string(i));
      if (!out_dims.empty())
        o->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes(out_dims)));
      n->AddOutput(o);
    }
    ++counter_;
    return n;
  }
  ir::Value* Out(ir::Node* n, size_t i = 0) {
    ir::Value* v = n->output(i);
    g().AddOutput(v);
    return v;
  }

 private:
  std::shared_ptr<ir::Model> model_;
  int counter_ = 0;
};

/// An initializer of `type` and `dims` holding `data`, named `name` (or name_1, name_2, ... when
/// taken).
template <typename T>
ir::Value* Typed(GraphBuilder& b, const std::string& name, ir::DataType type,
                 std::vector<int64_t> dims, const std::vector<T>& data) {
  ir::Value* v = b.g().CreateValue(b.g().UniqueValueName(name));
  v->set_type(ir::TypeInfo::Tensor(type, ir::DimsFromSizes(dims)));
  b.g().SetInitializer(v, ir::Tensor::FromVector<T>(type, dims, data));
  return v;
}

inline int CountOps(const ir::Model& m, const std::string& op) {
  int n = 0;
  m.graph->ForEachGraph([&](const ir::Graph& g) {
    for (const ir::Node* node : g.nodes()) n += node->op_type() == op ? 1 : 0;
  });
  return n;
}

/// Options at `level` with the runtime's constant evaluator, as the session and core/api use.
inline OptimizeOptions OptionsAt(Level level) {
  OptimizeOptions o;
  o.level = level;
  o.evaluator = &runtime::ReferenceConstantEvaluator();
  return o;
}

/// Optimizes a copy of `m` at `level` with only `only` passes enabled (all when empty).
inline std::shared_ptr<ir::Model> Optimized(const ir::Model& m, Level level,
                                            const std::vector<std::string>& only = {},
                                            OptimizeResult* result = nullptr) {
  std::shared_ptr<ir::Model> copy = m.Clone();
  OptimizeOptions o = OptionsAt(level);
  o.verify_each = true;
  if (!only.empty()) {
    for (const auto& p : ListPasses()) {
      if (std::find(only.begin(), only.end(), p.name) == only.end()) o.disabled.insert(p.name);
    }
  }
  auto r = Optimize(*copy, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (r.ok() && result) *result = *r;
  return copy;
}

/// Runs both models (reference provider) on the same random inputs; expects equal outputs.
inline void ExpectSameOutputs(std::shared_ptr<const ir::Model> a,
                              std::shared_ptr<const ir::Model> b, uint32_t seed = 7) {
  runtime::SessionOptions so;
  so.providers = {"reference"};
  auto sa = runtime::Session::Create(a, so);
  auto sb = runtime::Session::Create(b, so);
  ASSERT_TRUE(sa.ok()) << sa.status().message();
  ASSERT_TRUE(sb.ok()) << sb.status().message();
  std::map<std::string, kernels::RtValue> in;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-2.f, 2.f);
  for (const ir::Value* v : (*sa)->Inputs()) {
    std::vector<int64_t> dims;
    for (const auto& d : *v->type().shape) dims.push_back(d.value);
    if (v->type().elem_type == ir::DataType::kInt64) {
      // Integer inputs are 0/1 masks in these tests: the first element of each row attends.
      ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kInt64, dims).value();
      const int64_t row = dims.empty() ? 1 : dims.back();
      for (int64_t i = 0; i < t.numel(); ++i)
        t.mutable_data<int64_t>()[i] = i % row == 0 || u(rng) > -1.f ? 1 : 0;
      in[v->name()] = kernels::RtValue::FromTensor(std::move(t));
      continue;
    }
    ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, dims).value();
    for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
    in[v->name()] = kernels::RtValue::FromTensor(std::move(t));
  }
  auto ra = (*sa)->Run(in);
  auto rb = (*sb)->Run(in);
  ASSERT_TRUE(ra.ok()) << ra.status().message();
  ASSERT_TRUE(rb.ok()) << rb.status().message();
  ASSERT_EQ(ra->size(), rb->size());
  for (size_t i = 0; i < ra->size(); ++i) {
    EXPECT_EQ((*ra)[i].first, (*rb)[i].first);
    const api::CompareResult c = api::CompareValues((*rb)[i].second, (*ra)[i].second, 1e-4, 1e-5);
    EXPECT_TRUE(c.ok) << (*ra)[i].first << ": " << c.reason;
  }
}

/// Runs both models (reference provider) on `inputs`; expects every output byte for byte equal
/// (for rewrites that are exact, not within a tolerance).
inline void ExpectIdenticalOutputs(std::shared_ptr<const ir::Model> a,
                                   std::shared_ptr<const ir::Model> b,
                                   const std::map<std::string, kernels::RtValue>& inputs) {
  runtime::SessionOptions so;
  so.providers = {"reference"};
  auto sa = runtime::Session::Create(a, so);
  auto sb = runtime::Session::Create(b, so);
  ASSERT_TRUE(sa.ok()) << sa.status().message();
  ASSERT_TRUE(sb.ok()) << sb.status().message();
  auto ra = (*sa)->Run(inputs);
  auto rb = (*sb)->Run(inputs);
  ASSERT_TRUE(ra.ok()) << ra.status().message();
  ASSERT_TRUE(rb.ok()) << rb.status().message();
  ASSERT_EQ(ra->size(), rb->size());
  for (size_t i = 0; i < ra->size(); ++i) {
    const ir::Tensor& ta = (*ra)[i].second.tensor;
    const ir::Tensor& tb = (*rb)[i].second.tensor;
    ASSERT_EQ(ta.dims(), tb.dims()) << (*ra)[i].first;
    ASSERT_EQ(ta.nbytes(), tb.nbytes()) << (*ra)[i].first;
    EXPECT_EQ(std::memcmp(ta.raw(), tb.raw(), ta.nbytes()), 0) << (*ra)[i].first;
  }
}

}  // namespace onnxlens::passes::testing
