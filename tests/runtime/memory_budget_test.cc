// Every buffer a file makes a kernel allocate is bounded by the session's memory budget, and a run
// can be cancelled: a huge Expand, a Loop of 2^62 trips that keeps a scan output per trip, and a
// Loop that only spins all end with an error naming what was asked, never with gigabytes or a hang.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::runtime {
namespace {

using testing::FloatType;
using testing::MakeNodeModel;

ir::Tensor Int64s(std::vector<int64_t> dims, std::vector<int64_t> v) {
  return ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, std::move(dims), v);
}

constexpr uint64_t kBudget = uint64_t{64} << 20;

Expected<NamedValues> RunWithShape(const std::string& op, std::vector<ir::TypeInfo> inputs,
                                   std::map<std::string, RtValue> feed) {
  auto m = MakeNodeModel(op, inputs, 1);
  SessionOptions options;
  options.max_memory_bytes = kBudget;
  OL_ASSIGN_OR_RETURN(auto s, Session::Create(m.model, options));
  EXPECT_EQ(s->max_memory_bytes(), kBudget);
  return s->Run(feed);
}

const ir::TypeInfo kShape = ir::TypeInfo::Tensor(ir::DataType::kInt64, ir::DimsFromSizes({2}));

TEST(MemoryBudgetTest, ATensorOfGigabytesFailsNamingItAndTheBudget) {
  auto r = RunWithShape("ConstantOfShape", {kShape},
                        {{"in0", RtValue::FromTensor(Int64s({2}, {1 << 20, 1024}))}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kOutOfRange);
  EXPECT_NE(r.status().message().find("float32[1048576,1024] needs 4.0 GiB"), std::string::npos)
      << r.status().message();
  EXPECT_NE(r.status().message().find("memory budget of 64.0 MiB"), std::string::npos);
  EXPECT_NE(r.status().message().find("ConstantOfShape"), std::string::npos);
}

// Not only tensors: Expand's index list (8 bytes an element) is checked before it is made.
TEST(MemoryBudgetTest, AKernelsScratchBufferIsBoundedToo) {
  auto r = RunWithShape("Expand", {FloatType({1}), kShape},
                        {{"in0", RtValue::FromTensor(testing::RandomTensor({1}, 1))},
                         {"in1", RtValue::FromTensor(Int64s({2}, {1 << 20, 1024}))}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("node 'Expand_node' (Expand): the index list of 1073741824 "
                                      "elements needs 8.0 GiB: the session's memory budget of "
                                      "64.0 MiB would be exceeded"),
            std::string::npos)
      << r.status().message();
}

// Loop(M, cond, w) whose body returns cond, w unchanged (carried) and, with `scan_output`, w + w as
// a scan output (w: a 1 MiB weight).
std::shared_ptr<ir::Model> LoopModel(int64_t trips, bool scan_output) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("main");
  ir::Graph& g = *model->graph;
  ir::Value* m = g.CreateValue("M");
  g.SetInitializer(m, Int64s({}, {trips}));
  ir::Value* cond = g.CreateValue("cond");
  g.SetInitializer(cond, ir::Tensor::FromVector<uint8_t>(ir::DataType::kBool, {}, {1}));
  ir::Value* w = g.CreateValue("w");
  g.SetInitializer(w, ir::Tensor::Zeros(ir::DataType::kFloat, {256 * 1024}).value());
  ir::Node* loop = g.AddNode("Loop", "", "loop");
  loop->AddInput(m);
  loop->AddInput(cond);
  loop->AddInput(w);
  ir::Attribute body;
  body.name = "body";
  body.type = ir::AttrType::kGraph;
  body.g = std::make_unique<ir::Graph>("body", &g);
  ir::Graph& b = *body.g;
  auto input = [&b](const char* name, ir::DataType t, std::vector<int64_t> dims) {
    ir::Value* v = b.CreateValue(name);
    v->set_type(ir::TypeInfo::Tensor(t, ir::DimsFromSizes(dims)));
    b.AddInput(v);
    return v;
  };
  input("iter", ir::DataType::kInt64, {});
  ir::Value* c_in = input("c_in", ir::DataType::kBool, {});
  ir::Value* v_in = input("v_in", ir::DataType::kFloat, {256 * 1024});
  auto unary = [&b](const char* op, ir::Value* x, const char* out_name) {
    ir::Node* n = b.AddNode(op, "", std::string(out_name) + "_node");
    n->AddInput(x);
    ir::Value* out = b.CreateValue(out_name);
    n->AddOutput(out);
    b.AddOutput(out);
    return n;
  };
  unary("Identity", c_in, "c_out");
  unary("Identity", v_in, "v_out");
  if (scan_output) unary("Add", v_in, "y")->AddInput(v_in);
  body.g->set_parent_node(loop);
  loop->SetAttribute(std::move(body));
  for (const char* name : {"final", "ys"}) {
    if (std::string(name) == "ys" && !scan_output) break;
    ir::Value* out = g.CreateValue(name);
    loop->AddOutput(out);
    g.AddOutput(out);
  }
  return model;
}

TEST(MemoryBudgetTest, ALoopOf2To62TripsStopsAtTheBudget) {
  SessionOptions options;
  options.max_memory_bytes = kBudget;
  auto s = Session::Create(LoopModel(int64_t{1} << 62, true), options);
  ASSERT_TRUE(s.ok()) << s.status().message();
  auto r = (*s)->Run({});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("memory budget of 64.0 MiB"), std::string::npos)
      << r.status().message();
}

TEST(MemoryBudgetTest, ARunIsCancelledBetweenLoopIterations) {
  auto s = Session::Create(LoopModel(int64_t{1} << 62, false));
  ASSERT_TRUE(s.ok()) << s.status().message();
  CancelToken cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel.Cancel();
  });
  auto r = (*s)->Run({}, &cancel);
  canceller.join();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled) << r.status().message();
}

}  // namespace
}  // namespace onnxlens::runtime
