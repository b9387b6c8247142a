// SessionOptions::observe_value: every graph input and every node output of the main graph is
// shown once per run, in execution order, with the values the model computes, also on runs that
// take their buffers from the memory plan (where a later node reuses an observed tensor's bytes)
// and when the parallel executor was asked for.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::runtime {
namespace {

using testing::FloatType;
using testing::RandomTensor;

const std::vector<std::string> kOps = {"Neg", "Relu", "Sigmoid", "Neg", "Tanh", "Abs", "Neg"};

// x -> kOps[0] -> t0 -> kOps[1] -> t1 ... -> y, 64 x 1024 floats each (buffers the planner and
// the arena reuse); `expose`: every t_i is a graph output too.
std::shared_ptr<ir::Model> Chain(bool expose) {
  auto m = std::make_shared<ir::Model>();
  m->opset_imports.push_back({"", 17});
  m->graph = std::make_unique<ir::Graph>("chain");
  ir::Graph& g = *m->graph;
  ir::Value* v = g.CreateValue("x");
  v->set_type(FloatType({64, 1024}));
  g.AddInput(v);
  for (size_t i = 0; i < kOps.size(); ++i) {
    ir::Node* n = g.AddNode(kOps[i], "", "n" + std::to_string(i));
    n->AddInput(v);
    v = g.CreateValue(i + 1 == kOps.size() ? std::string("y") : "t" + std::to_string(i));
    n->AddOutput(v);
    if (expose || i + 1 == kOps.size()) g.AddOutput(v);
  }
  return m;
}

std::vector<float> Values(const ir::Tensor& t) {
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

void ExpectObservedEqualsExposed(SessionOptions options) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<float>> seen;
  options.observe_value = [&](const std::string& name, const RtValue& v) {
    order.push_back(name);
    ASSERT_TRUE(v.is_tensor()) << name;
    seen[name] = Values(v.tensor);  // a copy: the buffer may be reused after the call
  };
  auto observed = Session::Create(Chain(false), options);
  ASSERT_TRUE(observed.ok()) << observed.status().message();
  SessionOptions plain;
  plain.providers = options.providers;
  auto exposed = Session::Create(Chain(true), plain);
  ASSERT_TRUE(exposed.ok()) << exposed.status().message();
  std::vector<std::string> expected_order = {"x"};
  for (size_t i = 0; i + 1 < kOps.size(); ++i) expected_order.push_back("t" + std::to_string(i));
  expected_order.push_back("y");
  for (uint32_t run = 0; run < 3; ++run) {
    std::map<std::string, RtValue> in;
    in["x"] = RtValue::FromTensor(RandomTensor({64, 1024}, 10 + run, -2.f, 2.f));
    const std::vector<float> x = Values(in["x"].tensor);
    order.clear();
    seen.clear();
    auto a = (*observed)->Run(in);
    ASSERT_TRUE(a.ok()) << a.status().message();
    auto b = (*exposed)->Run(in);
    ASSERT_TRUE(b.ok()) << b.status().message();
    EXPECT_EQ(order, expected_order) << "run " << run;
    EXPECT_EQ(seen["x"], x);
    for (const auto& [name, value] : *b) EXPECT_EQ(seen[name], Values(value.tensor)) << name;
    ASSERT_EQ(a->size(), 1u);
    EXPECT_EQ(Values((*a)[0].second.tensor), seen["y"]);
  }
}

TEST(SessionObserve, SeesEveryValueOfEachRunAsTheModelComputesIt) {
  SessionOptions o;
  o.providers = {"cpu"};
  ExpectObservedEqualsExposed(o);
}

TEST(SessionObserve, WithTheParallelExecutorAskedForTheMainGraphRunsInOrder) {
  SessionOptions o;
  o.providers = {"cpu"};
  o.executor = SessionOptions::Executor::kParallel;
  o.inter_op_threads = 2;
  ExpectObservedEqualsExposed(o);
}

TEST(SessionObserve, WithoutMemoryPatternsOrArena) {
  SessionOptions o;
  o.enable_mem_pattern = false;
  o.enable_arena = false;
  ExpectObservedEqualsExposed(o);
}

}  // namespace
}  // namespace onnxlens::runtime
