// Node correspondence: provenance across optimization steps, matching of unrelated files, op
// counts.
#include "api/graph_diff.h"

#include <gtest/gtest.h>

#include <map>

#include "api/optimize.h"
#include "api/optimize_trace.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

struct NodeSpec {
  std::string name, op;
  std::vector<std::string> inputs, outputs;
  std::string attr = "";  ///< one attribute value, when not empty
};

// A snapshot graph from node specs; values named like their tensors, graph inputs are the values
// nobody produces, "w*" values are initializers.
SnapshotGraph MakeGraph(const std::vector<NodeSpec>& specs) {
  SnapshotGraph g;
  std::map<std::string, int> values;
  auto value = [&](const std::string& name) {
    auto [it, inserted] = values.emplace(name, static_cast<int>(g.values.size()));
    if (inserted) {
      SnapshotValue v;
      v.name = name;
      v.initializer = name[0] == 'w';
      g.values.push_back(v);
    }
    return it->second;
  };
  for (size_t n = 0; n < specs.size(); ++n) {
    SnapshotNode node;
    node.id = static_cast<int64_t>(n) + 1;
    node.name = specs[n].name;
    node.op_type = specs[n].op;
    if (!specs[n].attr.empty()) node.attributes.push_back({"a", "int", specs[n].attr});
    for (const auto& i : specs[n].inputs) {
      const int v = value(i);
      node.inputs.push_back(v);
      g.values[v].consumers.push_back(static_cast<int>(n));
    }
    for (const auto& o : specs[n].outputs) {
      const int v = value(o);
      node.outputs.push_back(v);
      g.values[v].producer = static_cast<int>(n);
    }
    g.nodes.push_back(node);
  }
  return g;
}

TEST(DiffByMatching, IdenticalGraphsAreUnchanged) {
  const SnapshotGraph g = MakeGraph({{"a", "Conv", {"x", "w1"}, {"y"}},
                                     {"", "Relu", {"y"}, {"z"}},
                                     {"", "Relu", {"z"}, {"out"}}});
  const GraphDiff d = DiffByMatching(g, g);
  EXPECT_TRUE(d.identical());
  EXPECT_EQ(d.unchanged, 3);
  for (size_t n = 0; n < 3; ++n) EXPECT_EQ(d.left_to_right[n], std::vector<int>{int(n)});
}

TEST(DiffByMatching, UnnamedNodesMatchByStructureWhenValueNamesDiffer) {
  const SnapshotGraph l = MakeGraph({{"conv", "Conv", {"x", "w1"}, {"t1"}},
                                     {"", "Relu", {"t1"}, {"t2"}},
                                     {"", "Sigmoid", {"t2"}, {"t3"}},
                                     {"", "Relu", {"t3"}, {"out"}}});
  const SnapshotGraph r = MakeGraph({{"conv", "Conv", {"x", "w1"}, {"u1"}},
                                     {"", "Relu", {"u1"}, {"u2"}},
                                     {"", "Sigmoid", {"u2"}, {"u3"}},
                                     {"", "Relu", {"u3"}, {"out"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_TRUE(d.identical()) << d.modified << " modified, " << d.added << " added";
  EXPECT_EQ(d.right_to_left[2], std::vector<int>{2});
}

TEST(DiffByMatching, RemovedIdentityLeavesItsConsumerUnchanged) {
  const SnapshotGraph l = MakeGraph({{"a", "Relu", {"x"}, {"y"}},
                                     {"id", "Identity", {"y"}, {"y2"}},
                                     {"b", "Sigmoid", {"y2"}, {"out"}}});
  const SnapshotGraph r =
      MakeGraph({{"a", "Relu", {"x"}, {"y"}}, {"b", "Sigmoid", {"y"}, {"out"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_EQ(d.left[1], DiffState::kRemoved);
  EXPECT_EQ(d.left[0], DiffState::kUnchanged);
  EXPECT_EQ(d.left[2], DiffState::kUnchanged);
  EXPECT_EQ(d.removed, 1);
  EXPECT_EQ(d.unchanged, 2);
}

TEST(DiffByMatching, AReplacedRegionIsFusedAndLinkedToEveryOrigin) {
  // MatMul + Add -> Gemm, named differently: the two regions share the boundary values x and y.
  const SnapshotGraph l = MakeGraph({{"mm", "MatMul", {"x", "w1"}, {"t"}},
                                     {"add", "Add", {"t", "w2"}, {"y"}},
                                     {"act", "Relu", {"y"}, {"out"}}});
  const SnapshotGraph r =
      MakeGraph({{"gemm", "Gemm", {"x", "w1", "w2"}, {"y"}}, {"act", "Relu", {"y"}, {"out"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_EQ(d.right[0], DiffState::kFused);
  EXPECT_EQ(d.right_to_left[0], (std::vector<int>{0, 1}));
  EXPECT_EQ(d.left[0], DiffState::kFused);
  EXPECT_EQ(d.left[1], DiffState::kFused);
  EXPECT_EQ(d.left[2], DiffState::kUnchanged);
  EXPECT_EQ(d.fused, 1);
  EXPECT_EQ(d.fused_origins, 2);
}

TEST(DiffByMatching, QuantizeAndDequantizeNodesAreAddedNotFused) {
  // Conv + Relu against its QDQ copy (the Relu folded into the Q): the Q/DQ pair is new.
  const SnapshotGraph l = MakeGraph({{"conv", "Conv", {"x", "w"}, {"c"}},
                                     {"relu", "Relu", {"c"}, {"y"}},
                                     {"out", "Identity", {"y"}, {"o"}}});
  const SnapshotGraph r = MakeGraph({{"conv", "Conv", {"x", "w"}, {"c"}},
                                     {"q", "QuantizeLinear", {"c", "s", "z"}, {"cq"}},
                                     {"dq", "DequantizeLinear", {"cq", "s", "z"}, {"y"}},
                                     {"out", "Identity", {"y"}, {"o"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_EQ(d.right[1], DiffState::kAdded);
  EXPECT_EQ(d.right[2], DiffState::kAdded);
  EXPECT_EQ(d.left[1], DiffState::kRemoved);
  // Its negative twin: a region of other ops replacing one is still fused (above, Gemm).
}

TEST(DiffByMatching, AConvThatBecameAFusedConvOfTheSameNameAbsorbsItsActivation) {
  // As an exported optimized model has it: FusedConv keeps the Conv's name, the Relu's output.
  const SnapshotGraph l = MakeGraph({{"conv", "Conv", {"x", "w1"}, {"t"}},
                                     {"relu", "Relu", {"t"}, {"y"}},
                                     {"pool", "Pool", {"y"}, {"out"}}});
  const SnapshotGraph r =
      MakeGraph({{"conv", "FusedConv", {"x", "w1"}, {"y"}}, {"pool", "Pool", {"y"}, {"out"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_EQ(d.right[0], DiffState::kFused);
  EXPECT_EQ(d.right_to_left[0], (std::vector<int>{0, 1}));
  EXPECT_EQ(d.left[0], DiffState::kFused);
  EXPECT_EQ(d.left[1], DiffState::kFused);
  EXPECT_EQ(d.left[2], DiffState::kUnchanged);
  EXPECT_EQ(d.removed, 0);
  EXPECT_EQ(d.modified, 0);
  EXPECT_EQ(d.fused, 1);
}

TEST(DiffByMatching, ARemovedNodeBesideAnUnchangedOneIsNotFusedIntoIt) {
  // The twin: the Conv stays a Conv with its own output; the Relu after it just went away.
  const SnapshotGraph l = MakeGraph({{"conv", "Conv", {"x", "w1"}, {"t"}},
                                     {"relu", "Relu", {"t"}, {"y"}},
                                     {"pool", "Pool", {"y"}, {"out"}}});
  const SnapshotGraph r =
      MakeGraph({{"conv", "Conv", {"x", "w1"}, {"t"}}, {"pool", "Pool", {"t"}, {"out"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_EQ(d.left[1], DiffState::kRemoved);
  EXPECT_EQ(d.left[0], DiffState::kUnchanged);
  EXPECT_EQ(d.fused, 0);
  EXPECT_EQ(d.removed, 1);
}

TEST(DiffByMatching, AttributeChangeIsModifiedAndNewNodesAreAdded) {
  const SnapshotGraph l =
      MakeGraph({{"a", "Relu", {"x"}, {"y"}}, {"b", "Pool", {"y"}, {"out"}, "2"}});
  const SnapshotGraph r = MakeGraph({{"a", "Relu", {"x"}, {"y"}},
                                     {"b", "Pool", {"y"}, {"out"}, "3"},
                                     {"c", "Shape", {"q"}, {"s"}}});
  const GraphDiff d = DiffByMatching(l, r);
  EXPECT_EQ(d.right[1], DiffState::kModified);
  EXPECT_EQ(d.left[1], DiffState::kModified);
  EXPECT_EQ(d.right[2], DiffState::kAdded);
  EXPECT_EQ(d.added, 1);
  EXPECT_EQ(d.modified, 1);
}

TEST(DiffByProvenance, FusedNodeStandsForItsOrigins) {
  SnapshotGraph l = MakeGraph({{"conv", "Conv", {"x", "w1"}, {"t"}},
                               {"relu", "Relu", {"t"}, {"y"}},
                               {"id", "Identity", {"y"}, {"out"}}});
  SnapshotGraph r = MakeGraph({{"conv", "FusedConv", {"x", "w1"}, {"y"}}});
  r.nodes[0].id = 1;  // the Conv kept its id and absorbed the Relu
  r.nodes[0].origins = {1, 2};
  const GraphDiff d = DiffByProvenance(l, r);
  EXPECT_EQ(d.right[0], DiffState::kFused);
  EXPECT_EQ(d.right_to_left[0], (std::vector<int>{0, 1}));
  EXPECT_EQ(d.left[0], DiffState::kFused);
  EXPECT_EQ(d.left[1], DiffState::kFused);
  EXPECT_EQ(d.left[2], DiffState::kRemoved);
}

TEST(DiffByProvenance, NewNodesAreAddedAndUntouchedOnesUnchanged) {
  SnapshotGraph l = MakeGraph({{"a", "Relu", {"x"}, {"y"}}});
  SnapshotGraph r = MakeGraph({{"t", "Transpose", {"x"}, {"x2"}}, {"a", "Relu", {"x2"}, {"y"}}});
  r.nodes[0].id = 7;
  r.nodes[1].id = 1;
  const GraphDiff d = DiffByProvenance(l, r);
  EXPECT_EQ(d.right[0], DiffState::kAdded);
  EXPECT_EQ(d.right[1], DiffState::kUnchanged);
  EXPECT_EQ(d.left[0], DiffState::kUnchanged);
}

// The counterpart sets are symmetric: r lists l exactly when l lists r.
void ExpectSymmetric(const GraphDiff& d) {
  for (size_t r = 0; r < d.right_to_left.size(); ++r) {
    for (int l : d.right_to_left[r]) {
      const auto& back = d.left_to_right[l];
      EXPECT_NE(std::find(back.begin(), back.end(), static_cast<int>(r)), back.end());
    }
  }
}

std::map<std::string, int> FusedOps(const SnapshotGraph& g, const GraphDiff& d) {
  std::map<std::string, int> out;
  for (size_t r = 0; r < g.nodes.size(); ++r)
    if (d.right[r] == DiffState::kFused) ++out[g.nodes[r].op_type];
  return out;
}

TEST(DiffByProvenance, CorpusFusionsAreFusedWithTheirOrigins) {
  const auto corpus = testing::CorpusDir();
  if (!std::filesystem::exists(corpus / "bert_tiny/model.onnx"))
    GTEST_SKIP() << "../shared/corpus not found";
  struct Case {
    const char* model;
    std::vector<std::string> fused;
  };
  for (const Case& c :
       {Case{"bert_tiny",
             {"Attention", "LayerNormalization", "EmbedLayerNormalization", "BiasGelu"}},
        Case{"resnet18", {"FusedConv"}}}) {
    OptimizeTraceRequest req;
    req.level = "extended";
    auto trace = TraceOptimization(corpus / c.model / "model.onnx", req);
    ASSERT_TRUE(trace.ok()) << trace.status().message();
    const SnapshotGraph& before = (*trace)->snapshots.front()->graphs[0];
    const SnapshotGraph& after = (*trace)->snapshots.back()->graphs[0];
    const GraphDiff d = DiffByProvenance(before, after);
    ExpectSymmetric(d);
    const auto fused = FusedOps(after, d);
    for (const std::string& op : c.fused) {
      EXPECT_GT(fused.count(op) ? fused.at(op) : 0, 0) << c.model << ": no fused " << op;
    }
    for (size_t r = 0; r < after.nodes.size(); ++r) {
      if (d.right[r] == DiffState::kFused) {
        EXPECT_GE(d.right_to_left[r].size(), 2u) << after.nodes[r].op_type;
        for (int l : d.right_to_left[r]) EXPECT_EQ(d.left[l], DiffState::kFused);
      }
      if (d.right[r] == DiffState::kUnchanged) {
        ASSERT_EQ(d.right_to_left[r].size(), 1u);
        EXPECT_EQ(before.nodes[d.right_to_left[r][0]].op_type, after.nodes[r].op_type);
      }
    }
    // Every original node is accounted for: kept, fused into something, or removed.
    EXPECT_EQ(d.unchanged + d.modified + d.fused + d.added, static_cast<int>(after.nodes.size()));
    EXPECT_GT(d.fused_origins, d.fused) << c.model;
  }
}

// A model diff of a file and its `optimize --format standard` export marks as changed exactly
// what the optimizer changed (its own provenance is the truth).
void ExpectDiffAgreesWithProvenance(const std::filesystem::path& model) {
  testing::TempDir tmp;
  const auto exported = tmp.path() / "exported.onnx";
  OptimizeRequest req;
  req.level = "extended";
  req.format = "standard";
  req.output = exported;
  auto written = OptimizeModelFile(model, req);
  ASSERT_TRUE(written.ok()) << written.status().message();
  auto a = SnapshotModelFile(model.string());
  auto b = SnapshotModelFile(exported.string());
  ASSERT_TRUE(a.ok() && b.ok());
  const GraphDiff diff = DiffByMatching((*a)->graphs[0], (*b)->graphs[0]);
  ExpectSymmetric(diff);

  OptimizeTraceRequest treq;
  treq.level = "extended";
  treq.format = "standard";
  auto trace = TraceOptimization(model, treq);
  ASSERT_TRUE(trace.ok()) << trace.status().message();
  const GraphDiff truth = DiffByProvenance((*trace)->snapshots.front()->graphs[0],
                                           (*trace)->snapshots.back()->graphs[0]);
  ASSERT_EQ(truth.left.size(), diff.left.size());
  int changed = 0;
  for (size_t l = 0; l < diff.left.size(); ++l) {
    const bool diff_says_same = diff.left[l] == DiffState::kUnchanged;
    const bool same = truth.left[l] == DiffState::kUnchanged;
    EXPECT_EQ(diff_says_same, same)
        << model << ": node " << (*a)->graphs[0].nodes[l].name << " ("
        << (*a)->graphs[0].nodes[l].op_type << ") diff " << DiffStateName(diff.left[l])
        << ", optimizer " << DiffStateName(truth.left[l]);
    changed += !same;
  }
  EXPECT_EQ(diff.added, truth.added) << model;
  EXPECT_EQ(DiffByMatching((*a)->graphs[0], (*a)->graphs[0]).identical(), true);
  std::printf("%s: %d of %zu original nodes changed\n",
              (model.parent_path().filename() / model.filename()).c_str(), changed,
              diff.left.size());
}

TEST(DiffByMatching, AFileAgainstItsStandardExportColoursOnlyWhatChanged) {
  ExpectDiffAgreesWithProvenance(testing::SampleModel());
  for (const char* m : {"resnet18", "bert_tiny"}) {
    const auto path = testing::CorpusDir() / m / "model.onnx";
    if (std::filesystem::exists(path)) ExpectDiffAgreesWithProvenance(path);
  }
}

TEST(CompareOpCounts, CountsOpsNodesInitializersAndBytes) {
  auto s = SnapshotModelFile(testing::SampleModel().string());
  ASSERT_TRUE(s.ok());
  const OpCountTable t = CompareOpCounts(**s, **s);
  EXPECT_EQ(t.nodes_before, (*s)->node_count_total);
  EXPECT_EQ(t.nodes_before, t.nodes_after);
  EXPECT_GT(t.initializers_before, 0);
  EXPECT_GT(t.bytes_before, 4 * t.initializers_before - 1);
  int64_t sum = 0;
  for (const OpCountRow& r : t.rows) {
    EXPECT_EQ(r.before, r.after);
    sum += r.before;
  }
  EXPECT_EQ(sum, t.nodes_before);
}

}  // namespace
}  // namespace onnxlens::api
