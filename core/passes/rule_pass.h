// RulePass: a pass made of one local rewrite tried on every node of every graph (subgraphs
// included). Most passes are rules; the few that look at the whole graph implement Pass directly.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "passes/graph_util.h"
#include "passes/pass.h"

namespace onnxlens::passes {

class RulePass : public Pass {
 public:
  /// Tries the rewrite at `node`; returns whether it changed the graph.
  using Rule = std::function<bool(ir::Node& node, PassContext& ctx)>;

  RulePass(std::string name, std::string summary, Level level, Rule rule, bool contrib = false)
      : name_(std::move(name)),
        summary_(std::move(summary)),
        level_(level),
        rule_(std::move(rule)),
        contrib_(contrib) {}

  std::string_view name() const override { return name_; }
  std::string_view summary() const override { return summary_; }
  Level level() const override { return level_; }
  bool needs_contrib_ops() const override { return contrib_; }

  Expected<bool> Run(ir::Graph& graph, PassContext& ctx) override {
    bool changed = false;
    ForEachGraphMut(graph, [&](ir::Graph& g) {
      ForEachNodeOnce(g, [&](ir::Node& n) {
        const bool did = rule_(n, ctx);
        changed = changed || did;
        return did;
      });
    });
    return changed;
  }

 private:
  std::string name_, summary_;
  Level level_;
  Rule rule_;
  bool contrib_;
};

}  // namespace onnxlens::passes
