// Output edits (passes/prune): keeping or dropping graph outputs removes exactly what only the
// removed ones needed, keeps the graph inputs, and leaves the kept outputs' values unchanged;
// marking exposes an intermediate tensor with its type; bad names are errors listing the outputs.
#include "passes/prune.h"

#include <gtest/gtest.h>

#include "ir/verifier.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::GraphBuilder;

// x -> Relu -> a (output); x -> Mul(w) -> Sigmoid -> b (output); y -> Tanh -> c (output).
struct TwoHeads {
  GraphBuilder b;
  ir::Value *x, *y;
  TwoHeads() {
    x = b.Input("x", {2, 3});
    y = b.Input("y", {2, 3});
    ir::Node* relu = b.Op("Relu", {x}, {}, {2, 3});
    ir::Node* mul = b.Op("Mul", {x, b.Random("w", {3}, 1)}, {}, {2, 3});
    ir::Node* sig = b.Op("Sigmoid", {mul->output(0)}, {}, {2, 3});
    ir::Node* tanh = b.Op("Tanh", {y}, {}, {2, 3});
    b.Out(relu);
    b.Out(sig);
    b.Out(tanh);
  }
  std::string out(int i) { return b.g().outputs()[static_cast<size_t>(i)]->name(); }
};

// The outputs of `edited` that `full` has too (`matched` of them) equal full's on one set of
// inputs.
void ExpectKeptOutputsEqual(std::shared_ptr<const ir::Model> full,
                            std::shared_ptr<const ir::Model> edited, size_t matched) {
  runtime::SessionOptions so;
  so.providers = {"reference"};
  auto sf = runtime::Session::Create(full, so);
  auto se = runtime::Session::Create(edited, so);
  ASSERT_TRUE(sf.ok() && se.ok());
  std::map<std::string, kernels::RtValue> in;
  for (const ir::Value* v : (*sf)->Inputs()) {
    std::vector<int64_t> dims;
    for (const auto& d : *v->type().shape) dims.push_back(d.value);
    ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, dims).value();
    for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = 0.37f * (i - 3);
    in[v->name()] = kernels::RtValue::FromTensor(std::move(t));
  }
  auto rf = (*sf)->Run(in);
  auto re = (*se)->Run(in);
  ASSERT_TRUE(rf.ok() && re.ok());
  size_t found = 0;
  for (const auto& [name, value] : *re) {
    for (const auto& [fname, fvalue] : *rf) {
      if (fname != name) continue;
      ++found;
      EXPECT_TRUE(api::CompareValues(value, fvalue, 0, 0).ok) << name;
    }
  }
  EXPECT_EQ(found, matched);
}

TEST(EditOutputs, KeepRemovesWhatOnlyTheOthersNeededButKeepsInputs) {
  TwoHeads t;
  std::shared_ptr<ir::Model> m = t.b.model()->Clone();
  auto r = EditOutputs(*m, {{t.out(0)}, {}, {}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->removed_outputs, (std::vector<std::string>{t.out(1), t.out(2)}));
  EXPECT_EQ(r->nodes_removed, 3);
  EXPECT_EQ(r->initializers_removed, 1);
  ASSERT_EQ(m->graph->outputs().size(), 1u);
  EXPECT_EQ(m->graph->outputs()[0]->name(), t.out(0));
  EXPECT_EQ(m->graph->num_nodes(), 1u);
  EXPECT_TRUE(m->graph->initializers().empty());
  ASSERT_EQ(m->graph->inputs().size(), 2u);  // y is no longer read, but callers still feed it
  EXPECT_TRUE(ir::VerifyGraph(*m->graph).ok());
  ExpectKeptOutputsEqual(t.b.model(), m, 1);
}

TEST(EditOutputs, DropKeepsSharedProducers) {
  TwoHeads t;
  // b also reads Relu's input x; dropping a leaves Mul/Sigmoid/Tanh.
  std::shared_ptr<ir::Model> m = t.b.model()->Clone();
  auto r = EditOutputs(*m, {{}, {t.out(0), t.out(2)}, {}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(CountOps(*m, "Relu"), 0);
  EXPECT_EQ(CountOps(*m, "Tanh"), 0);
  EXPECT_EQ(CountOps(*m, "Mul"), 1);
  EXPECT_EQ(CountOps(*m, "Sigmoid"), 1);
  EXPECT_EQ(m->graph->initializers().size(), 1u);  // w is still read
  ExpectKeptOutputsEqual(t.b.model(), m, 1);
}

TEST(EditOutputs, AddExposesAnIntermediateWithItsType) {
  TwoHeads t;
  const std::string mid = t.b.g().nodes()[1]->output(0)->name();  // Mul's output
  std::shared_ptr<ir::Model> m = t.b.model()->Clone();
  auto r = EditOutputs(*m, {{}, {}, {mid}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->added_outputs, std::vector<std::string>{mid});
  ASSERT_EQ(m->graph->outputs().size(), 4u);
  const ir::Value* added = m->graph->outputs().back();
  EXPECT_EQ(added->name(), mid);
  ASSERT_TRUE(added->type().shape.has_value());
  EXPECT_EQ(added->type().shape->size(), 2u);
  EXPECT_EQ(m->graph->num_nodes(), 4u);       // nothing removed
  ExpectKeptOutputsEqual(t.b.model(), m, 3);  // the three it had; the new one is Mul's
  // Adding an existing output changes nothing.
  auto again = EditOutputs(*m, {{}, {}, {t.out(0)}});
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->added_outputs.empty());
}

TEST(EditOutputs, BadNamesAreErrorsListingTheOutputsAndChangeNothing) {
  TwoHeads t;
  std::shared_ptr<ir::Model> m = t.b.model()->Clone();
  auto unknown = EditOutputs(*m, {{"nope"}, {}, {}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("'nope' is not an output"), std::string::npos);
  EXPECT_NE(unknown.status().message().find(t.out(2)), std::string::npos);
  auto tensor = EditOutputs(*m, {{}, {}, {"missing"}});
  ASSERT_FALSE(tensor.ok());
  EXPECT_NE(tensor.status().message().find("no tensor 'missing'"), std::string::npos);
  ir::Node* untyped = t.b.Op("Neg", {t.x});  // no type: inference did not tell
  std::shared_ptr<ir::Model> m2 = t.b.model()->Clone();
  auto no_type = EditOutputs(*m2, {{}, {}, {untyped->output(0)->name()}});
  ASSERT_FALSE(no_type.ok());
  EXPECT_NE(no_type.status().message().find("is not known"), std::string::npos);
  auto both = EditOutputs(*m, {{t.out(0)}, {t.out(1)}, {}});
  EXPECT_FALSE(both.ok());
  auto none = EditOutputs(*m, {{}, {t.out(0), t.out(1), t.out(2)}, {}});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("without outputs"), std::string::npos);
  EXPECT_EQ(m->graph->outputs().size(), 3u);
  EXPECT_EQ(m->graph->num_nodes(), 4u);
}

}  // namespace
}  // namespace onnxlens::passes
