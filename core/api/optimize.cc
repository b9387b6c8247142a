// Optimize a model file.
#include "api/optimize.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

#include "api/internal/optimize_options.h"
#include "api/internal/session_check.h"
#include "api/internal/writers.h"
#include "api/optimize_trace.h"
#include "common/strings.h"
#include "ir/text_format.h"
#include "onnx/model_io.h"
#include "onnx/node_validator.h"
#include "passes/pass_manager.h"
#include "passes/prune.h"
#include "providers/provider_factory.h"
#include "runtime/constant_evaluator.h"

namespace onnxlens::api {

namespace {

std::map<std::string, int64_t> OpCounts(const ir::Graph& g) {
  std::map<std::string, int64_t> out;
  g.ForEachGraph([&](const ir::Graph& sub) {
    for (const ir::Node* n : sub.nodes()) {
      const bool std_domain = n->domain().empty() || n->domain() == "ai.onnx";
      ++out[std_domain ? n->op_type() : n->domain() + ":" + n->op_type()];
    }
  });
  return out;
}

}  // namespace

std::vector<PassDescription> ListOptimizerPasses() {
  std::vector<PassDescription> out;
  for (const auto& p : passes::ListPasses())
    out.push_back({p.name, p.summary, std::string(passes::LevelName(p.level)), p.contrib});
  return out;
}

std::vector<std::string> OptimizationLevelNames() {
  // What passes::ParseLevel accepts (optimize_trace_test checks each one).
  return {"disabled", "basic", "extended", "layout", "all", "0", "1", "2", "3", "99"};
}

Expected<passes::OptimizeOptions> OptimizeOptionsFor(const std::string& level,
                                                     const std::string& format,
                                                     const std::vector<std::string>& disabled,
                                                     const std::vector<std::string>& providers) {
  passes::OptimizeOptions oo;
  OL_ASSIGN_OR_RETURN(oo.level, passes::ParseLevel(level));
  oo.evaluator = &runtime::ReferenceConstantEvaluator();
  if (format == "standard") {
    oo.pass_options.format = passes::Format::kStandard;
  } else if (format != "ort") {
    return InvalidArgument("the format is ort or standard, got " + Quote(format));
  }
  oo.disabled.insert(disabled.begin(), disabled.end());
  OL_ASSIGN_OR_RETURN(std::vector<std::string> order, providers::ResolveProviderOrder(providers));
  oo.pass_options.nchwc_block = providers::NchwcBlockFor(order);
  return oo;
}

Expected<OptimizeReport> OptimizeModelFile(const std::filesystem::path& path,
                                           const OptimizeRequest& req, const JobControl& job) {
  onnx_io::LoadOptions lo;
  lo.dim_overrides = req.dims;
  const double optimize_end = req.verify ? 0.5 : 0.9;
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded,
                      onnx_io::LoadModelFile(path, lo, job.Slice(0, 0.2)));
  // A pass trusts its nodes as a kernel does, and a model `run` refuses is not optimized either:
  // the session's checks first, and again on what is written.
  OL_RETURN_IF_ERROR(CheckAsSession(*loaded.model, req.providers).WithContext(path.string()));
  std::shared_ptr<const ir::Model> original(std::move(loaded.model));
  OL_ASSIGN_OR_RETURN(passes::OptimizeOptions oo,
                      OptimizeOptionsFor(req.level, req.format, req.disabled, req.providers));
  oo.stop_after = req.stop_after;
  oo.extra_passes = req.extra_passes;
  oo.snapshots = req.verify;  // verification bisects over the steps
  // The output edit comes first; verification compares the edited model before and after the
  // passes (the outputs the user asked for), the op table the file with the result.
  OptimizeReport r;
  std::shared_ptr<const ir::Model> edited = original;
  const passes::OutputEdit edit{req.keep_outputs, req.drop_outputs, req.add_outputs};
  if (!edit.empty()) {
    std::shared_ptr<ir::Model> e = original->Clone();
    OL_ASSIGN_OR_RETURN(passes::OutputEditResult er, passes::EditOutputs(*e, edit));
    r.outputs_removed = er.removed_outputs;
    r.outputs_added = er.added_outputs;
    r.pruned_nodes = er.nodes_removed;
    r.pruned_initializers = er.initializers_removed;
    edited = std::move(e);
  }
  std::shared_ptr<ir::Model> optimized = edited->Clone();
  OL_ASSIGN_OR_RETURN(passes::OptimizeResult result,
                      passes::Optimize(*optimized, oo, job.Slice(0.2, optimize_end)));

  r.model = path.string();
  r.level = std::string(passes::LevelName(oo.level));
  r.format = req.format;
  r.nodes_before = static_cast<int64_t>(original->graph->NumNodesRecursive());
  r.nodes_after = result.nodes_after;
  r.ops_before = OpCounts(*original->graph);
  r.ops_after = OpCounts(*optimized->graph);
  r.millis = result.millis;
  r.stopped_early = result.stopped_early;
  for (const passes::Step& s : result.steps) {
    r.steps.push_back({s.index, s.pass, std::string(passes::LevelName(s.level)), s.round,
                       s.nodes_removed, s.nodes_added, s.nodes_modified, s.nodes_after, s.millis,
                       s.initializers_removed, s.nodes_fused});
  }

  if (req.dump) {
    ir::TextOptions to;
    to.node_ids = true;
    to.tensor_hashes = false;
    r.text = ir::ModelToText(*optimized, to);
  }

  if (req.verify) {
    std::vector<std::shared_ptr<const ir::Model>> chain{edited};
    for (const passes::Step& s : result.steps) chain.push_back(s.snapshot);
    if (result.steps.empty()) chain.push_back(optimized);
    VerifyRequest vr;
    vr.inputs_dir = req.inputs_dir;
    vr.seed = req.seed;
    vr.ranges = req.ranges;
    OL_ASSIGN_OR_RETURN(r.verify, VerifyChain(chain, r.steps, vr, job.Slice(optimize_end, 0.9)));
  }

  if (!req.output.empty()) {
    if (!job.Report(Stage::kWritingModel, 0.9, req.output.filename().string()))
      return Cancelled("the optimization was cancelled");
    onnx_io::SaveOptions so;
    so.external_data = req.external_data;
    // Never the model, its data, or a file of --inputs (also with --force).
    WritePolicy policy = PolicyForModel(path, loaded, req.force);
    AddInputFolder(&policy, req.inputs_dir, "--inputs");
    OL_RETURN_IF_ERROR(CheckAsSession(*optimized, req.providers)
                           .WithContext("the optimized model of " + path.string()));
    OL_RETURN_IF_ERROR(SaveModelUnderPolicy(*optimized, req.output, so, policy));
    r.written = req.output.string();
    const Status check = onnx_io::CheckModelFile(req.output);
    r.checker_passed = check.ok();
    r.checker_message = check.ok() ? "" : check.message();
    if (req.format == "standard" && !check.ok()) {
      return Internal("the standard-format export fails the ONNX checker: " + check.message());
    }
  }
  return r;
}

std::string FormatOpTable(const OptimizeReport& r) {
  std::set<std::string> ops;
  for (const auto& [k, v] : r.ops_before) ops.insert(k);
  for (const auto& [k, v] : r.ops_after) ops.insert(k);
  size_t w = 10;
  for (const auto& op : ops) w = std::max(w, op.size());
  std::string out;
  char line[256];
  std::snprintf(line, sizeof line, "  %-*s %10s %10s\n", static_cast<int>(w), "op", "original",
                "optimized");
  out += line;
  auto row = [&](const std::string& name, int64_t a, int64_t b) {
    std::snprintf(line, sizeof line, "  %-*s %10lld %10lld%s\n", static_cast<int>(w), name.c_str(),
                  static_cast<long long>(a), static_cast<long long>(b), b < a ? "  *" : "");
    out += line;
  };
  for (const auto& op : ops) {
    auto a = r.ops_before.find(op), b = r.ops_after.find(op);
    row(op, a == r.ops_before.end() ? 0 : a->second, b == r.ops_after.end() ? 0 : b->second);
  }
  row("(all nodes)", r.nodes_before, r.nodes_after);
  return out;
}

nlohmann::json ToJson(const OptimizeReport& r) {
  nlohmann::json j;
  j["schema"] = "onnxlens.optimize/1";
  j["model"] = r.model;
  j["level"] = r.level;
  j["format"] = r.format;
  j["nodes_before"] = r.nodes_before;
  j["nodes_after"] = r.nodes_after;
  j["ops_before"] = r.ops_before;
  if (!r.outputs_removed.empty() || !r.outputs_added.empty()) {
    j["outputs_removed"] = r.outputs_removed;
    j["outputs_added"] = r.outputs_added;
    j["pruned_nodes"] = r.pruned_nodes;
    j["pruned_initializers"] = r.pruned_initializers;
  }
  j["ops_after"] = r.ops_after;
  j["millis"] = r.millis;
  j["stopped_early"] = r.stopped_early;
  j["steps"] = nlohmann::json::array();
  for (const auto& s : r.steps) {
    j["steps"].push_back({{"index", s.index},
                          {"pass", s.pass},
                          {"level", s.level},
                          {"round", s.round},
                          {"removed", s.removed},
                          {"added", s.added},
                          {"modified", s.modified},
                          {"fused", s.fused},
                          {"nodes_after", s.nodes_after},
                          {"initializers_removed", s.initializers_removed},
                          {"millis", s.millis}});
  }
  if (r.verify.ran) {
    nlohmann::json v;
    v["ok"] = r.verify.ok;
    v["outputs"] = nlohmann::json::array();
    for (const auto& o : r.verify.outputs) {
      v["outputs"].push_back({{"name", o.name},
                              {"ok", o.ok},
                              {"max_abs_diff", o.max_abs_diff},
                              {"max_rel_diff", o.max_rel_diff},
                              {"cosine", o.cosine},
                              {"reason", o.reason}});
    }
    if (!r.verify.ok) {
      v["culprit_pass"] = r.verify.culprit_pass.empty() ? nlohmann::json(nullptr)
                                                        : nlohmann::json(r.verify.culprit_pass);
      v["culprit_step"] = r.verify.culprit_step;
    }
    j["verify"] = v;
  }
  if (!r.written.empty()) {
    j["written"] = r.written;
    j["checker_passed"] = r.checker_passed;
    if (!r.checker_passed) j["checker_message"] = r.checker_message;
  }
  return j;
}

}  // namespace onnxlens::api
