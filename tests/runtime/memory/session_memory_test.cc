// The memory plan at run time: an element-wise output is written over an input only when it maps
// onto it element for element (a broadcast input is read again after the first row is written).
#include "runtime/memory/session_memory.h"

#include <gtest/gtest.h>

#include "passes/pass_test_util.h"
#include "runtime/session.h"

namespace onnxlens::runtime {
namespace {

using passes::testing::GraphBuilder;

ir::Tensor Filled(std::vector<int64_t> dims, float start) {
  std::vector<float> v(static_cast<size_t>(dims[0] * dims[1]));
  for (size_t i = 0; i < v.size(); ++i) v[i] = start + static_cast<float>(i);
  return ir::Tensor::FromVector<float>(ir::DataType::kFloat, dims, v);
}

TEST(SessionMemoryTest, ABroadcastInputIsNeverOverwrittenInPlace) {
  // a = Relu(x) [1, 8] is last read by Add(a, c [2, 8]): a (32 bytes) and the sum (64 bytes)
  // round to one size class, but row 1 of the sum reads a again after row 0 is written.
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 8});
  ir::Value* y = b.Input("y", {2, 8});
  ir::Node* a = b.Op("Relu", {x}, {}, {1, 8});
  ir::Node* c = b.Op("Relu", {y}, {}, {2, 8});
  ir::Node* sum = b.Op("Add", {a->output(0), c->output(0)}, {}, {2, 8});
  b.Out(b.Op("Neg", {sum->output(0)}, {}, {2, 8}));  // the sum itself is planned (not an output)
  SessionOptions so;
  so.providers = {"cpu", "reference"};
  so.intra_op_threads = 1;
  auto session = Session::Create(b.model(), so);
  ASSERT_TRUE(session.ok()) << session.status().message();
  const ir::Tensor xs = Filled({1, 8}, 1), ys = Filled({2, 8}, 100);
  for (int run = 0; run < 3; ++run) {  // the first records, the others run the plan
    auto out = (*session)->Run(
        {{"x", kernels::RtValue::FromTensor(xs)}, {"y", kernels::RtValue::FromTensor(ys)}});
    ASSERT_TRUE(out.ok()) << out.status().message();
    const float* v = (*out)[0].second.tensor.data<float>();
    for (int i = 0; i < 16; ++i)
      ASSERT_FLOAT_EQ(v[i], -((1 + i % 8) + (100 + i))) << "run " << run << " element " << i;
  }
  auto plan = (*session)->memory_plan();
  ASSERT_NE(plan, nullptr);
  // The sum may take c's bytes (same shape), never a's.
  for (const PlannedBuffer& p : plan->buffers) {
    if (p.in_place_of < 0) continue;
    EXPECT_NE(plan->buffers[static_cast<size_t>(p.in_place_of)].tensor, a->output(0)->name())
        << p.tensor;
  }
}

TEST(SessionMemoryTest, AnAlignedElementwiseInputIsReused) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 8});
  ir::Node* a = b.Op("Relu", {x}, {}, {2, 8});
  ir::Node* s = b.Op("Sigmoid", {a->output(0)}, {}, {2, 8});
  b.Out(b.Op("Neg", {s->output(0)}, {}, {2, 8}));
  SessionOptions so;
  so.providers = {"cpu", "reference"};
  so.intra_op_threads = 1;
  auto session = Session::Create(b.model(), so);
  ASSERT_TRUE(session.ok()) << session.status().message();
  for (int run = 0; run < 2; ++run)
    ASSERT_TRUE((*session)->Run({{"x", kernels::RtValue::FromTensor(Filled({2, 8}, -4))}}).ok());
  auto plan = (*session)->memory_plan();
  ASSERT_NE(plan, nullptr);
  int in_place = 0;
  for (const PlannedBuffer& p : plan->buffers) in_place += p.in_place_of >= 0;
  EXPECT_GE(in_place, 1);
}

}  // namespace
}  // namespace onnxlens::runtime
