// ModelInfo computation and JSON.
#include "api/model_info.h"
#include "api/internal/model_warnings.h"

#include "api/graph_snapshot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "api/internal/inputs.h"
#include "ir/cost.h"
#include "ir/type_info.h"
#include "onnx/model_io.h"
#include "runtime/session.h"

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

// The largest model EstimateWithChosenDims runs (file and external data): it runs while the GUI
// opens the model, and a run of anything bigger costs more than the figure is worth there.
constexpr uint64_t kMaxBytesToRun = uint64_t{256} << 20;

// ModelCost::dims: when symbolic dimensions left nodes uncounted, or a free dimension is not a
// batch, the estimate again from the shapes of one run on random inputs with the free
// dimensions set as random inputs set them (static shape inference cannot see through a Reshape
// whose target is computed from the input's shape, as in every BERT export; an image model's
// free height counted as 1 says nothing).
void EstimateWithChosenDims(const std::filesystem::path& path, const ir::Model& model,
                            const onnx_io::LoadedModel& loaded, const JobControl& job,
                            ModelCost* cost) {
  if (!cost->symbolic_dims_as_one) return;
  // Worth a run when nodes went uncounted, or when a free dimension is not a batch (an image's
  // height counted as 1 gives a figure no one can use).
  const DimOverrides guess = ChooseFreeDims(model, {});
  const bool sized =
      std::any_of(guess.begin(), guess.end(), [](const auto& d) { return d.second != 1; });
  if (cost->uncounted_nodes == 0 && !sized) return;
  uint64_t bytes = loaded.file_bytes;
  for (const std::filesystem::path& f : loaded.external_files) {
    std::error_code ec;
    bytes += std::filesystem::file_size(f, ec);
  }
  if (bytes > kMaxBytesToRun) return;
  auto prepared = LoadModelForRun(path, InputRequest{}, job);
  if (!prepared.ok() || prepared->chosen.empty()) return;  // the file's own figures stand
  std::unordered_map<std::string, std::vector<int64_t>> shapes;
  std::unordered_map<std::string, ir::DataType> types;
  runtime::SessionOptions so;
  so.optimization_level = "disabled";
  so.intra_op_threads = 1;
  so.observe_value = [&](const std::string& name, const kernels::RtValue& v) {
    if (!v.is_tensor()) return;
    shapes[name] = v.tensor.dims();
    types[name] = v.tensor.dtype();
  };
  auto session = runtime::Session::Create(prepared->model, so);
  if (!session.ok()) return;
  auto inputs = MakeInputs(**session, {}, 0, prepared->ranges);
  if (!inputs.ok() || !(*session)->Run(*inputs, &job.cancel).ok()) return;
  std::unique_ptr<ir::Model> shaped = prepared->model->Clone();
  for (ir::Value* v : shaped->graph->values()) {
    const auto it = shapes.find(v->name());
    if (it == shapes.end() || v->is_initializer()) continue;
    std::vector<ir::Dim> dims;
    for (int64_t d : it->second) dims.push_back(ir::Dim::Known(d));
    v->set_type(ir::TypeInfo::Tensor(types[v->name()], std::move(dims)));
  }
  const ir::GraphCost c = ir::EstimateGraphCost(*shaped->graph);
  if (c.uncounted_nodes > cost->uncounted_nodes) return;
  cost->by_op.clear();
  for (const ir::OpTypeCost& o : c.by_op)
    cost->by_op.push_back({o.op, o.nodes, o.macs, o.flops, o.uncounted});
  cost->macs = c.macs;
  cost->flops = c.flops;
  cost->uncounted_nodes = c.uncounted_nodes;
  cost->activation_peak_bytes = c.activation_peak_bytes;
  cost->activation_total_bytes = c.activation_total_bytes;
  cost->unsized_values = c.unsized_values;
  cost->symbolic_dims_as_one = false;
  cost->dims.assign(prepared->chosen.begin(), prepared->chosen.end());
}

// `m` with the file's facts from `loaded` (whose model may be elsewhere: a shared load).
ModelInfo Describe(const ir::Model& m, const onnx_io::LoadedModel& loaded, bool with_values) {
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

}  // namespace

ModelInfo DescribeModel(const onnx_io::LoadedModel& loaded, bool with_values) {
  return Describe(*loaded.model, loaded, with_values);
}

void SetModelLoadCache(bool on) { onnx_io::SetLoadCacheEnabled(on); }

Expected<ModelInfo> InspectModelFile(const std::filesystem::path& path,
                                     const InspectOptions& options, const JobControl& job) {
  const auto start = std::chrono::steady_clock::now();
  // Only read: with the load cache on (the GUI), the kept model itself, not a clone of it, and
  // its snapshot is the one the optimization trace shows as the original.
  onnx_io::LoadedModel loaded;
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> model,
                      onnx_io::LoadSharedModelFile(path, {}, job.Slice(0, 0.8), &loaded));
  loaded.load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!job.Report(Stage::kDescribing, 0.8)) return Cancelled("loading cancelled");
  ModelInfo info = Describe(*model, loaded, options.with_values);
  EstimateWithChosenDims(path, *model, loaded, job.Slice(0.8, 0.9), &info.cost);
  if (options.with_snapshot) {
    if (!job.Report(Stage::kSnapshotting, 0.95)) return Cancelled("loading cancelled");
    info.snapshot = SharedSnapshotOf(model);
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
  j["dims"] = nlohmann::json::object();
  for (const auto& [name, value] : c.dims) j["dims"][name] = value;
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
