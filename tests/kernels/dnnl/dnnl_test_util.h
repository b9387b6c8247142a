// The harness of the dnnl kernel tests: one node run on the dnnl provider and on the reference
// provider from the same fixed-seed inputs, outputs compared; the trace proves the dnnl kernel
// itself ran (a run-time decline would silently hand the node to the reference kernel).
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "api/internal/compare.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::testing {

struct DnnlCase {
  std::string op;
  std::vector<std::vector<int64_t>> shapes;  ///< one per input
  std::vector<ir::Attribute> attrs;
  std::string domain;
  std::set<size_t> constants;          ///< inputs made initializers (weights prepared at creation)
  std::map<size_t, ir::Tensor> fixed;  ///< inputs given as these initializers (scales, sizes)
};

/// Runs `c` on dnnl (then the other `providers`) and on the reference provider; expects the
/// partition to give the node to dnnl, the kernel of provider `ran` to run it, and the outputs to
/// agree (rtol 1e-4, atol 1e-5, as the cpu kernel tests).
inline void ExpectDnnlMatchesReference(DnnlCase c, uint32_t seed, int threads = 2,
                                       std::vector<std::string> providers = {"dnnl"},
                                       const std::string& ran_on = "dnnl") {
  SCOPED_TRACE(c.op + " seed " + std::to_string(seed));
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  if (!c.domain.empty()) model->opset_imports.push_back({c.domain, 1});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode(c.op, c.domain, c.op + "_node");
  std::map<std::string, runtime::RtValue> feeds;
  for (size_t i = 0; i < c.shapes.size(); ++i) {
    ir::Value* v = g.CreateValue("in" + std::to_string(i));
    if (auto it = c.fixed.find(i); it != c.fixed.end()) {
      v->set_type(ir::TypeInfo::Tensor(it->second.dtype(), ir::DimsFromSizes(it->second.dims())));
      g.SetInitializer(v, it->second);
      node->AddInput(v);
      continue;
    }
    v->set_type(FloatType(c.shapes[i]));
    ir::Tensor t = RandomTensor(c.shapes[i], seed + static_cast<uint32_t>(i));
    if (c.constants.count(i)) {
      g.SetInitializer(v, std::move(t));
    } else {
      g.AddInput(v);
      feeds[v->name()] = runtime::RtValue::FromTensor(std::move(t));
    }
    node->AddInput(v);
  }
  ir::Value* out = g.CreateValue("out0");
  node->AddOutput(out);
  g.AddOutput(out);
  for (auto& a : c.attrs) node->SetAttribute(std::move(a));

  runtime::SessionOptions dnnl, ref;
  dnnl.providers = std::move(providers);
  dnnl.intra_op_threads = threads;
  dnnl.enable_profiling = true;
  ref.providers = {"reference"};
  auto sd = runtime::Session::Create(model, dnnl);
  auto sr = runtime::Session::Create(model, ref);
  ASSERT_TRUE(sd.ok()) << sd.status().message();
  ASSERT_TRUE(sr.ok()) << sr.status().message();
  ASSERT_EQ((*sd)->partition().nodes[0].provider, "dnnl") << "no dnnl kernel took " << c.op;
  auto rd = (*sd)->Run(feeds);
  auto rr = (*sr)->Run(feeds);
  ASSERT_TRUE(rd.ok()) << rd.status().message();
  ASSERT_TRUE(rr.ok()) << rr.status().message();
  bool ran = false;
  for (const auto& e : (*sd)->profiler()->Events()) {
    if (e.cat == "Node" && !e.Arg("provider").empty()) {
      EXPECT_EQ(e.Arg("provider"), ran_on) << "not run by the " << ran_on << " kernel";
      ran = true;
    }
  }
  EXPECT_TRUE(ran) << "no node event in the trace";
  const api::CompareResult cmp = api::CompareValues((*rd)[0].second, (*rr)[0].second, 1e-4, 1e-5);
  EXPECT_TRUE(cmp.ok) << c.op << ": " << cmp.reason;
  // A second run with other values: kernels that keep their primitive's arguments between calls
  // must point them at this run's tensors (the planned arena serves other buffers than the
  // recording run's).
  for (auto& [name, value] : feeds) {
    value = runtime::RtValue::FromTensor(RandomTensor(value.tensor.dims(), seed + 7919));
  }
  auto rd2 = (*sd)->Run(feeds);
  auto rr2 = (*sr)->Run(feeds);
  ASSERT_TRUE(rd2.ok()) << rd2.status().message();
  ASSERT_TRUE(rr2.ok()) << rr2.status().message();
  const api::CompareResult cmp2 =
      api::CompareValues((*rd2)[0].second, (*rr2)[0].second, 1e-4, 1e-5);
  EXPECT_TRUE(cmp2.ok) << c.op << ", second run: " << cmp2.reason;
}

}  // namespace onnxlens::testing
