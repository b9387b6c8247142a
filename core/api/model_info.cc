// ModelInfo computation and JSON.
#include "api/model_info.h"
#include "api/internal/model_warnings.h"

#include "api/graph_snapshot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "ir/cost.h"
#include "ir/type_info.h"
#include "onnx/model_io.h"

namespace onnxlens::api {

namespace {

ValueSummary Summarize(const ir::Value& v, std::string graph, std::string kind) {
  ValueSummary s;
  s.name = v.name();
  s.graph = std::move(graph);
  s.kind = std::move(kind);
  const ir::TypeInfo& t = v.type();
  if (t.kind == ir::TypeInfo::Kind::kTensor || t.kind == ir::TypeInfo::Kind::kSparseTensor) {
    s.dtype = std::string(ir::DataTypeName(t.elem_type));
    if (t.shape) {
      s.has_shape = true;
      for (const auto& d : *t.shape) s.shape.push_back(ShapeDim{d.value, d.param});
      s.shape_label = ir::ShapeLabel(*t.shape);
    }
  }
  s.type = ir::TypeToString(t);
  return s;
}

void CollectValues(const ir::Graph& g, const std::string& path, std::vector<ValueSummary>* out) {
  for (const ir::Value* v : g.values()) {
    std::string kind = v->is_graph_output()                                ? "output"
                       : v->is_initializer() || v->is_sparse_initializer() ? "initializer"
                       : v->is_graph_input()                               ? "input"
                                                                           : "node_output";
    out->push_back(Summarize(*v, path, kind));
  }
  for (const ir::Node* n : g.nodes()) {
    for (const auto& a : n->attributes()) {
      const std::string base =
          (path.empty() ? "" : path + "/") +
          (n->name().empty() ? n->op_type() + "#" + std::to_string(n->id()) : n->name()) + "/" +
          a.name;
      if (a.type == ir::AttrType::kGraph && a.g) CollectValues(*a.g, base, out);
      for (size_t i = 0; i < a.graphs.size(); ++i) {
        CollectValues(*a.graphs[i], base + "[" + std::to_string(i) + "]", out);
      }
    }
  }
}

}  // namespace

ModelInfo DescribeModel(const onnx_io::LoadedModel& loaded, bool with_values) {
  const ir::Model& m = *loaded.model;
  const ir::Graph& g = *m.graph;
  ModelInfo info;
  info.path = loaded.path;
  info.file_bytes = loaded.file_bytes;
  info.ir_version = m.ir_version;
  info.producer_name = m.producer_name;
  info.producer_version = m.producer_version;
  info.domain = m.domain;
  info.model_version = m.model_version;
  info.doc_string = m.doc_string;
  info.graph_name = g.name();
  for (const auto& o : m.opset_imports) {
    info.opsets.emplace_back(o.domain.empty() ? "ai.onnx" : o.domain, o.version);
  }
  info.metadata = m.metadata;
  for (const ir::Value* v : g.inputs()) {
    if (!v->is_initializer()) info.inputs.push_back(Summarize(*v, "", "input"));
  }
  for (const ir::Value* v : g.outputs()) info.outputs.push_back(Summarize(*v, "", "output"));
  info.node_count = static_cast<int64_t>(g.num_nodes());

  std::map<std::string, int64_t> hist;
  g.ForEachGraph([&](const ir::Graph& sub) {
    if (&sub != &g) ++info.subgraph_count;
    info.node_count_total += static_cast<int64_t>(sub.num_nodes());
    for (const ir::Node* n : sub.nodes()) {
      ++hist[n->domain().empty() ? n->op_type() : n->domain() + "." + n->op_type()];
    }
    for (const ir::Value* v : sub.initializers()) {
      ++info.initializer_count;
      info.initializer_bytes += v->initializer()->nbytes();
      info.parameter_count += v->initializer()->numel();
    }
    info.initializer_count += static_cast<int64_t>(sub.sparse_initializers().size());
  });
  info.op_histogram.assign(hist.begin(), hist.end());
  std::stable_sort(info.op_histogram.begin(), info.op_histogram.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  info.functions = m.function_names;
  info.checker_passed = loaded.checker_passed;
  info.shape_inference_complete = loaded.shape_inference_complete;
  info.warnings = loaded.warnings;
  for (std::string& w : ModelWarnings(m)) info.warnings.push_back(std::move(w));
  info.load_seconds = loaded.load_seconds;
  if (with_values) CollectValues(g, "", &info.values);
  const ir::GraphCost cost = ir::EstimateGraphCost(g);
  for (const ir::OpTypeCost& o : cost.by_op)
    info.cost.by_op.push_back({o.op, o.nodes, o.macs, o.flops, o.uncounted});
  info.cost.macs = cost.macs;
  info.cost.flops = cost.flops;
  info.cost.uncounted_nodes = cost.uncounted_nodes;
  info.cost.activation_peak_bytes = cost.activation_peak_bytes;
  info.cost.activation_total_bytes = cost.activation_total_bytes;
  info.cost.unsized_values = cost.unsized_values;
  info.cost.symbolic_dims_as_one = cost.symbolic_dims_as_one;
  return info;
}

void SetModelLoadCache(bool on) { onnx_io::SetLoadCacheEnabled(on); }

Expected<ModelInfo> InspectModelFile(const std::filesystem::path& path,
                                     const InspectOptions& options, const JobControl& job) {
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded,
                      onnx_io::LoadModelFile(path, {}, job.Slice(0, 0.9)));
  if (!job.Report(Stage::kDescribing, 0.9)) return Cancelled("loading cancelled");
  ModelInfo info = DescribeModel(loaded, options.with_values);
  if (options.with_snapshot) {
    if (!job.Report(Stage::kSnapshotting, 0.95)) return Cancelled("loading cancelled");
    info.snapshot = std::make_shared<const GraphSnapshot>(SnapshotOf(*loaded.model));
  }
  job.Report(Stage::kDone, 1);
  return info;
}

nlohmann::json ToJson(const ValueSummary& v) {
  nlohmann::json j;
  j["name"] = v.name;
  if (!v.graph.empty()) j["graph"] = v.graph;
  j["kind"] = v.kind;
  j["dtype"] = v.dtype.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.dtype);
  if (v.has_shape) {
    nlohmann::json shape = nlohmann::json::array();
    for (const auto& d : v.shape) {
      if (d.value >= 0) {
        shape.push_back(d.value);
      } else if (!d.param.empty()) {
        shape.push_back(d.param);
      } else {
        shape.push_back(nullptr);
      }
    }
    j["shape"] = std::move(shape);
  } else {
    j["shape"] = nullptr;
  }
  j["type"] = v.type;
  return j;
}

nlohmann::json ToJson(const ModelInfo& info) {
  nlohmann::json j;
  j["schema"] = "onnxlens.info/1";
  j["path"] = info.path;
  j["file_bytes"] = info.file_bytes;
  j["ir_version"] = info.ir_version;
  j["producer"] = {{"name", info.producer_name}, {"version", info.producer_version}};
  j["domain"] = info.domain;
  j["model_version"] = info.model_version;
  j["doc_string"] = info.doc_string;
  j["graph_name"] = info.graph_name;
  j["opset_imports"] = nlohmann::json::object();
  for (const auto& [d, v] : info.opsets) j["opset_imports"][d] = v;
  j["metadata"] = nlohmann::json::object();
  for (const auto& [k, v] : info.metadata) j["metadata"][k] = v;
  j["inputs"] = nlohmann::json::array();
  for (const auto& v : info.inputs) j["inputs"].push_back(ToJson(v));
  j["outputs"] = nlohmann::json::array();
  for (const auto& v : info.outputs) j["outputs"].push_back(ToJson(v));
  j["node_count"] = info.node_count;
  j["node_count_total"] = info.node_count_total;
  j["subgraph_count"] = info.subgraph_count;
  j["op_histogram"] = nlohmann::json::object();
  for (const auto& [op, n] : info.op_histogram) j["op_histogram"][op] = n;
  j["initializer_count"] = info.initializer_count;
  j["initializer_bytes"] = info.initializer_bytes;
  j["parameter_count"] = info.parameter_count;
  j["functions"] = info.functions;
  j["checker_passed"] = info.checker_passed;
  j["shape_inference_complete"] = info.shape_inference_complete;
  j["warnings"] = info.warnings;
  j["cost"] = ToJson(info.cost);
  j["load_seconds"] = info.load_seconds;
  if (!info.values.empty()) {
    j["values"] = nlohmann::json::array();
    for (const auto& v : info.values) j["values"].push_back(ToJson(v));
  }
  return j;
}

nlohmann::json ToJson(const ModelCost& c) {
  nlohmann::json j;
  j["macs"] = c.macs;
  j["flops"] = c.flops;
  j["uncounted_nodes"] = c.uncounted_nodes;
  j["activation_peak_bytes"] = c.activation_peak_bytes;
  j["activation_total_bytes"] = c.activation_total_bytes;
  j["unsized_values"] = c.unsized_values;
  j["symbolic_dims_as_one"] = c.symbolic_dims_as_one;
  j["by_op"] = nlohmann::json::array();
  for (const OpCost& o : c.by_op)
    j["by_op"].push_back({{"op", o.op},
                          {"nodes", o.nodes},
                          {"macs", o.macs},
                          {"flops", o.flops},
                          {"uncounted", o.uncounted}});
  return j;
}

std::string FormatCount(int64_t n) {
  static const char* kPrefix[] = {"", " k", " M", " G", " T", " P", " E"};
  double v = static_cast<double>(n);
  int p = 0;
  while (std::abs(v) >= 999.5 && p < 6) {
    v /= 1000;
    ++p;
  }
  char buf[32];
  if (p == 0)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(n));
  else
    std::snprintf(buf, sizeof buf, v >= 99.95 ? "%.0f%s" : (v >= 9.995 ? "%.1f%s" : "%.2f%s"), v,
                  kPrefix[p]);
  return buf;
}

}  // namespace onnxlens::api
