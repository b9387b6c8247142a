// Mixed-precision search (see quant_search.h): a float copy optimized at basic with every node
// named and calibrated once; each node's sensitivity alone; a bisection on how many of the most
// harmful nodes stay in float.
#include "api/quant_search.h"

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "api/accuracy.h"
#include "api/bench.h"
#include "api/internal/agreement.h"
#include "api/internal/data_sets.h"
#include "api/internal/optimize_options.h"
#include "api/internal/quant_options.h"
#include "api/internal/value_files.h"
#include "api/internal/writers.h"
#include "common/strings.h"
#include "ir/cost.h"
#include "kernels/tensor_util.h"
#include "onnx/model_io.h"
#include "quant/qdq_quantizer.h"
#include "quant/quant_model.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

/// A private folder under the system's temporary directory, removed with everything in it.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "onnxlens-search-XXXXXX").string();
    if (mkdtemp(pattern.data())) path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

Status CheckSearchRequest(const QuantSearchRequest& r) {
  if (r.quantize.mode != "static")
    return InvalidArgument("--target-" + r.metric +
                           ": the search needs --mode static (it leaves QDQ node units in float)");
  if (r.metric == "cosine") {
    if (!(r.target > 0 && r.target <= 1))
      return InvalidArgument("--target-cosine: must be in (0, 1], got " + std::to_string(r.target));
  } else if (r.metric == "sqnr") {
    if (!(r.target > 0 && r.target <= 200))
      return InvalidArgument("--target-sqnr: must be in (0, 200] dB, got " +
                             std::to_string(r.target));
  } else {
    return InvalidArgument("the search metric is cosine or sqnr, got " + Quote(r.metric));
  }
  if (r.max_steps < 1 || r.max_steps > 1000)
    return InvalidArgument("--max-steps: must be in [1, 1000], got " + std::to_string(r.max_steps));
  if (r.latency_runs < 1 || r.latency_runs > 100000)
    return InvalidArgument("latency runs must be in [1, 100000], got " +
                           std::to_string(r.latency_runs));
  return Status::Ok();
}

/// Names every unnamed node "<op>_<id>" (unique within the model) so that the search can
/// exclude it by name.
void NameEveryNode(ir::Graph& g, std::set<std::string>* taken) {
  for (ir::Node* n : g.nodes()) {
    if (n->name().empty()) {
      std::string name = n->op_type() + "_" + std::to_string(n->id());
      while (taken->count(name)) name += "_";
      n->set_name(name);
    }
    taken->insert(n->name());
    for (ir::Graph* sub : n->Subgraphs()) NameEveryNode(*sub, taken);
  }
}

std::string Short(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

struct Measured {
  double cosine = 1, sqnr_db = kExactSqnr;
};

double MetricOf(const Measured& m, const std::string& metric) {
  return metric == "cosine" ? m.cosine : m.sqnr_db;
}

constexpr uint64_t kEvalBudgetBytes = uint64_t{1} << 30;

Expected<std::unique_ptr<runtime::Session>> EvalSession(const ir::Model& model, int threads) {
  runtime::SessionOptions so;
  so.intra_op_threads = threads;
  so.optimization_level = "disabled";  // the file as it is, as `compare` runs it
  return runtime::Session::Create(std::shared_ptr<const ir::Model>(model.Clone()), so);
}

/// The evaluation samples and the float model's outputs on them (float32; an output that is not
/// numeric is left out), in memory for every trial.
struct EvalSet {
  std::vector<quant::Sample> samples;
  std::vector<std::string> outputs;                ///< the graph outputs compared
  std::vector<std::vector<ir::Tensor>> reference;  ///< per sample, per compared output
};

Expected<EvalSet> LoadEvalSet(const ir::Model& model, quant::SampleSource& source, int threads,
                              const JobControl& job) {
  OL_ASSIGN_OR_RETURN(auto session, EvalSession(model, threads));
  EvalSet e;
  uint64_t bytes = 0;
  const int64_t total = source.size();
  while (true) {
    if (!job.Report(Stage::kComparing,
                    total > 0 ? std::min(1.0, static_cast<double>(e.samples.size()) / total) : 0,
                    "float " + std::to_string(e.samples.size()) + "/" + std::to_string(total)))
      return Cancelled("the search was cancelled");
    OL_ASSIGN_OR_RETURN(std::optional<quant::Sample> sample, source.Next());
    if (!sample) break;
    const std::string where = "evaluation sample " + std::to_string(e.samples.size());
    auto out = session->Run(*sample, &job.cancel);
    if (!out.ok()) return out.status().WithContext(where);
    std::vector<ir::Tensor> ref;
    for (const auto& [name, v] : *out) {
      if (!v.is_tensor() || v.tensor.dtype() == ir::DataType::kString) continue;
      ir::Tensor f = kernels::ToFloat(v.tensor);
      if (f.dtype() != ir::DataType::kFloat) continue;
      if (e.samples.empty()) e.outputs.push_back(name);
      bytes += f.nbytes();
      ref.push_back(std::move(f));
    }
    if (ref.size() != e.outputs.size())
      return Internal(where + ": the float model's outputs changed kind between samples");
    for (const auto& [name, v] : *sample)
      if (v.is_tensor()) bytes += v.tensor.nbytes();
    if (bytes > kEvalBudgetBytes)
      return InvalidArgument(
          "the evaluation data and the float outputs on it pass 1 GiB at " + where +
          "; the search keeps them in memory: evaluate on fewer samples (--eval DIR)");
    e.reference.push_back(std::move(ref));
    e.samples.push_back(std::move(*sample));
  }
  if (e.samples.empty()) return InvalidArgument("the search got no evaluation sample");
  if (e.outputs.empty())
    return InvalidArgument("the model has no numeric output the search could compare");
  return e;
}

/// Quantize-and-measure trials on copies of one float model: ranges calibrated once (and for
/// tensors a later plan needs that no earlier one did), outputs compared with EvalSet's.
class Trials {
 public:
  Trials(const ir::Model& model, const QuantizeRequest& request, quant::StaticQuantOptions base,
         quant::CalibrationOptions calibration, const EvalSet& eval)
      : model_(model),
        request_(request),
        base_(std::move(base)),
        calibration_(calibration),
        eval_(eval) {}

  const quant::NodeFilter& base_filter() const { return base_.filter; }

  Expected<quant::QdqPlan> Plan(const quant::NodeFilter& filter) const {
    quant::StaticQuantOptions o = base_;
    o.filter = filter;
    return quant::PlanQdq(model_, o);
  }

  /// The float model quantized with `filter` (calibrating what it needs and no trial has).
  Expected<std::unique_ptr<ir::Model>> Quantize(const quant::NodeFilter& filter,
                                                const JobControl& job) {
    std::unique_ptr<ir::Model> copy = model_.Clone();
    quant::StaticQuantOptions o = base_;
    o.filter = filter;
    OL_ASSIGN_OR_RETURN(quant::QdqPlan plan, quant::PlanQdq(*copy, o));
    std::vector<std::string> missing;
    for (const std::string& t : plan.calibrate)
      if (!ranges_.count(t)) missing.push_back(t);
    if (!missing.empty()) {
      bool random = false;
      OL_ASSIGN_OR_RETURN(std::unique_ptr<quant::SampleSource> source,
                          CalibrationSamples(model_, request_, &random));
      auto cal = quant::Calibrate(model_, missing, *source, calibration_, request_.threads, job);
      if (!cal.ok()) {
        if (cal.status().code() == StatusCode::kCancelled) return cal.status();
        return cal.status().WithContext(CalibrationOption(request_));
      }
      for (auto& [name, range] : cal->ranges) ranges_[name] = range;
    }
    OL_RETURN_IF_ERROR(quant::ApplyQdq(*copy, plan, ranges_).status());
    return copy;
  }

  /// The worst output's cosine and SQNR of `model` against the float outputs.
  Expected<Measured> Measure(const ir::Model& model, const JobControl& job) const {
    OL_ASSIGN_OR_RETURN(auto session, EvalSession(model, request_.threads));
    std::vector<AgreementAccum> acc(eval_.outputs.size());
    for (size_t s = 0; s < eval_.samples.size(); ++s) {
      if (job.cancelled()) return Cancelled("the search was cancelled");
      const std::string where = "evaluation sample " + std::to_string(s);
      auto out = session->Run(eval_.samples[s], &job.cancel);
      if (!out.ok()) return out.status().WithContext("the quantized model, " + where);
      std::map<std::string, const kernels::RtValue*> by_name;
      for (const auto& [name, v] : *out) by_name[name] = &v;
      for (size_t i = 0; i < eval_.outputs.size(); ++i) {
        auto it = by_name.find(eval_.outputs[i]);
        const ir::Tensor& a = eval_.reference[s][i];
        if (it == by_name.end() || !it->second->is_tensor() ||
            it->second->tensor.dims() != a.dims())
          return Internal(where + ": the quantized model's output " + Quote(eval_.outputs[i]) +
                          " is missing or has another shape");
        const ir::Tensor b = kernels::ToFloat(it->second->tensor);
        if (b.dtype() != ir::DataType::kFloat)
          return Internal(where + ": the quantized model's output " + Quote(eval_.outputs[i]) +
                          " is not numeric");
        acc[i].Add(a.data<float>(), b.data<float>(), a.numel());
      }
    }
    Measured m;
    for (const AgreementAccum& a : acc) {
      const Agreement g = a.Result();
      m.cosine = std::min(m.cosine, g.cosine);
      m.sqnr_db = std::min(m.sqnr_db, g.sqnr_db);
    }
    return m;
  }

  Expected<Measured> QuantizeAndMeasure(const quant::NodeFilter& filter, const JobControl& job) {
    OL_ASSIGN_OR_RETURN(std::unique_ptr<ir::Model> q, Quantize(filter, job.Slice(0, 0.5)));
    return Measure(*q, job.Slice(0.5, 1));
  }

 private:
  const ir::Model& model_;
  const QuantizeRequest& request_;
  const quant::StaticQuantOptions base_;
  const quant::CalibrationOptions calibration_;
  const EvalSet& eval_;
  std::map<std::string, quant::TensorRange> ranges_;
};

/// The nodes `plan` quantizes that the search ranks, in graph order.
std::vector<std::pair<std::string, std::string>> RankableNodes(const ir::Graph& g,
                                                               const quant::QdqPlan& plan) {
  std::set<ir::NodeId> ids;
  for (const quant::SlotPlan& s : plan.slots) ids.insert(s.node);
  std::vector<std::pair<std::string, std::string>> out;
  for (const ir::Node* n : g.nodes())
    if (ids.count(n->id()) && !quant::FollowsInputQuantization(n->op_type()))
      out.emplace_back(n->name(), n->op_type());
  return out;
}

// A QuantizeLinear or DequantizeLinear at an int8 chain's edge, with its layout change, costs
// about as much per element as int8 saves on this many float multiply-accumulates (AVX2: int8
// convolutions take about half the float time; a conversion pass about 0.3 ns an element).
constexpr double kIslandMacsPerElement = 24;

// The elements of `v` from its static shape (symbolic dims as 1); -1 when unknown.
int64_t StaticElements(const ir::Value* v) {
  if (!v || !v->type().is_tensor() || !v->type().shape) return -1;
  int64_t n = 1;
  for (const ir::Dim& d : *v->type().shape) {
    if (d.known())
      n *= std::max<int64_t>(d.value, 0);
    else if (!d.symbolic())
      return -1;
  }
  return n;
}

/// The quantized nodes of `plan` (rankable ones) that would run as int8 islands: a connected
/// group of them (through the ops that follow their input's quantization) whose every neighbour
/// is float, and whose multiply-accumulates are too few to pay for the Quantize / Dequantize
/// conversions at its edges (kIslandMacsPerElement). Slower than float, and less exact.
std::vector<std::string> Islands(const ir::Graph& g, const quant::QdqPlan& plan) {
  std::set<ir::NodeId> planned;
  for (const quant::SlotPlan& s : plan.slots) planned.insert(s.node);
  auto quantized = [&](const ir::Node* n) {
    return n && planned.count(n->id()) && !quant::FollowsInputQuantization(n->op_type());
  };
  // The nearest node upstream of `v` that is not a follower (null: a graph input or constant).
  auto upstream = [&](const ir::Value* v) -> const ir::Node* {
    const ir::Node* p = v ? v->producer() : nullptr;
    for (int hops = 0; p && quant::FollowsInputQuantization(p->op_type()) && hops < 10000; ++hops)
      p = p->input(0) ? p->input(0)->producer() : nullptr;
    return p;
  };
  // The readers of `v` through followers; `to_float` set when a float node or a graph output
  // reads it.
  std::function<void(const ir::Value*, int, std::vector<const ir::Node*>*, bool*)> readers =
      [&](const ir::Value* v, int depth, std::vector<const ir::Node*>* out, bool* to_float) {
        if (!v || depth > 10000) return;
        if (v->is_graph_output()) *to_float = true;
        for (const ir::Use& u : v->uses()) {
          if (!quant::FollowsInputQuantization(u.node->op_type())) {
            if (quantized(u.node))
              out->push_back(u.node);
            else
              *to_float = true;
            continue;
          }
          for (const ir::Value* y : u.node->outputs()) readers(y, depth + 1, out, to_float);
        }
      };
  std::map<ir::NodeId, int> group;
  std::vector<std::string> out;
  for (const ir::Node* seed : g.nodes()) {
    if (!quantized(seed) || group.count(seed->id())) continue;
    const int id = static_cast<int>(group.size());
    std::vector<const ir::Node*> members, todo = {seed};
    group[seed->id()] = id;
    double macs = 0, edge = 0;
    bool unknown = false;
    while (!todo.empty()) {
      const ir::Node* n = todo.back();
      todo.pop_back();
      members.push_back(n);
      std::vector<const ir::Node*> next;
      for (const ir::Value* x : n->inputs()) {
        if (!x || x->is_initializer() || !x->type().is_tensor()) continue;
        const ir::Node* p = upstream(x);
        if (quantized(p)) {
          next.push_back(p);
        } else {
          const int64_t e = StaticElements(x);
          unknown |= e < 0;
          edge += static_cast<double>(std::max<int64_t>(e, 0));
        }
      }
      const size_t first_reader = next.size();
      for (const ir::Value* y : n->outputs()) {
        bool to_float = false;
        readers(y, 0, &next, &to_float);
        if (to_float) {
          const int64_t e = StaticElements(y);
          unknown |= e < 0;
          edge += static_cast<double>(std::max<int64_t>(e, 0));
        }
      }
      // Only a node whose output is quantized (read by a quantized node) runs as an int8 kernel;
      // one whose readers are all float runs in float behind a DequantizeLinear, gaining nothing.
      if (next.size() > first_reader) {
        const ir::NodeCost cost = ir::EstimateNodeCost(*n);
        unknown |= !cost.counted;
        macs += static_cast<double>(cost.macs);
      }
      for (const ir::Node* m : next)
        if (group.emplace(m->id(), id).second) todo.push_back(m);
    }
    if (unknown || macs >= kIslandMacsPerElement * edge) continue;
    for (const ir::Node* m : members) out.push_back(m->name());
  }
  return out;
}

}  // namespace

Expected<QuantSearchReport> SearchQuantization(const fs::path& path, const QuantSearchRequest& r,
                                               const JobControl& job,
                                               const QuantSearchStepCallback& on_step) {
  OL_RETURN_IF_ERROR(CheckSearchRequest(r));
  if (r.quantize.output.empty()) return InvalidArgument("-o: the output file is required");
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded,
                      onnx_io::LoadModelFile(path, {}, job.Slice(0, 0.02)));
  // The writers' rule of the model the user gave and of every file the search reads (--eval too),
  // checked before any work; the final write checks the calibration data again.
  WritePolicy policy = PolicyForModel(path, loaded, r.quantize.force);
  AddInputFolder(&policy, r.quantize.calib_dir, "--calib");
  AddInputFolder(&policy, r.quantize.images.dir, "--images");
  AddInputFolder(&policy, r.eval_dir, "--eval");
  OL_RETURN_IF_ERROR(CheckWritePolicy(r.quantize.output, policy).WithContext("-o"));
  OL_RETURN_IF_ERROR(quant::CheckNotQuantized(*loaded.model).WithContext(path.string()));
  OL_ASSIGN_OR_RETURN(const quant::StaticQuantOptions options, StaticOptionsOf(r.quantize));
  OL_ASSIGN_OR_RETURN(const quant::CalibrationOptions calibration,
                      CalibrationOptionsOf(r.quantize));
  const uint64_t original_bytes = loaded.file_bytes;
  const int64_t original_nodes = static_cast<int64_t>(loaded.model->graph->NumNodesRecursive());

  // The float reference: basic-optimized (as the quantizer does first) with every node named.
  std::unique_ptr<ir::Model> model = std::move(loaded.model);
  OL_ASSIGN_OR_RETURN(passes::OptimizeOptions oo,
                      OptimizeOptionsFor("basic", "standard", {}, {"cpu", "reference"}));
  OL_RETURN_IF_ERROR(passes::Optimize(*model, oo).status().WithContext(path.string()));
  std::set<std::string> names;
  NameEveryNode(*model->graph, &names);
  ScratchDir scratch;
  if (scratch.path().empty())
    return Internal("could not create a folder under " + fs::temp_directory_path().string());
  const fs::path float_path = scratch.path() / "float.onnx";
  OL_RETURN_IF_ERROR(onnx_io::SaveModelFile(*model, float_path));

  QuantSearchReport rep;
  rep.metric = r.metric;
  rep.target = r.target;

  // The evaluation data: --eval, else the calibration data (random: other samples, seed + 1).
  std::unique_ptr<quant::SampleSource> eval_source;
  if (!r.eval_dir.empty()) {
    OL_ASSIGN_OR_RETURN(std::vector<fs::path> sets, ListDataSets(r.eval_dir, "--eval"));
    eval_source = std::make_unique<FolderSamples>(*model, std::move(sets));
    rep.eval_source = "--eval " + r.eval_dir.string();
  } else {
    QuantizeRequest other = r.quantize;
    other.seed = r.quantize.seed + 1;
    bool random = false;
    OL_ASSIGN_OR_RETURN(eval_source, CalibrationSamples(*model, other, &random));
    rep.eval_source = random ? "--random " + std::to_string(r.quantize.random_samples)
                             : CalibrationOption(r.quantize);
  }
  auto loaded_eval = LoadEvalSet(*model, *eval_source, r.quantize.threads, job.Slice(0.02, 0.04));
  if (!loaded_eval.ok()) {
    if (loaded_eval.status().code() == StatusCode::kCancelled) return loaded_eval.status();
    return loaded_eval.status().WithContext(rep.eval_source);
  }
  const EvalSet eval = std::move(*loaded_eval);
  rep.eval_samples = static_cast<int64_t>(eval.samples.size());
  Trials trials(*model, r.quantize, options, calibration, eval);

  // Latencies on the first evaluation sample (as `compare` times them): random inputs would take
  // free dimensions (a detector's height and width) from their names, far from the real ones.
  const fs::path timing_inputs = scratch.path() / "timing";
  std::error_code mkdir_error;
  fs::create_directories(timing_inputs, mkdir_error);
  if (mkdir_error)
    return Internal("could not create " + timing_inputs.string() + ": " + mkdir_error.message());
  {
    int index = 0;
    for (const ir::Value* in : FeedableInputs(*model)) {
      auto it = eval.samples[0].find(in->name());
      if (it == eval.samples[0].end() || !it->second.is_tensor()) continue;
      OL_RETURN_IF_ERROR(
          WriteTensorPb(it->second.tensor, in->name(),
                        timing_inputs / ("input_" + std::to_string(index++) + ".pb")));
    }
  }
  BenchConfig bc;
  bc.level = r.latency_level;
  bc.threads = r.quantize.threads;
  bc.dims = r.quantize.dims;
  BenchOptions bo;
  bo.runs = r.latency_runs;
  bo.warmup = std::min(5, r.latency_runs);
  bo.inputs_dir = timing_inputs;
  auto p50 = [&](const fs::path& m, const JobControl& j) -> Expected<double> {
    OL_ASSIGN_OR_RETURN(BenchResult b, BenchModelFile(m, bc, bo, j));
    return b.stats.p50;
  };
  OL_ASSIGN_OR_RETURN(rep.float_p50_ms, p50(float_path, job.Slice(0.04, 0.06)));

  // One trial of the bisection (and step 0): quantized with the `k` most harmful nodes of
  // `ranked` in float, and the islands they leave (quantized groups between float nodes that do
  // not pay for their edges), measured, timed.
  std::vector<QuantSensitivity> ranked;
  std::map<int, std::vector<std::string>> islands;  // k -> the islands of that trial
  auto filter_for = [&](int k) -> Expected<quant::NodeFilter> {
    quant::NodeFilter f = trials.base_filter();
    for (int i = 0; i < k; ++i) f.exclude_nodes.insert(ranked[i].node);
    if (k == 0) return f;
    OL_ASSIGN_OR_RETURN(const quant::QdqPlan plan, trials.Plan(f));
    islands[k] = Islands(*model->graph, plan);
    f.exclude_nodes.insert(islands[k].begin(), islands[k].end());
    return f;
  };
  auto trial = [&](int k, const JobControl& j) -> Expected<QuantSearchStep> {
    OL_ASSIGN_OR_RETURN(const quant::NodeFilter filter, filter_for(k));
    OL_ASSIGN_OR_RETURN(std::unique_ptr<ir::Model> q, trials.Quantize(filter, j.Slice(0, 0.2)));
    OL_ASSIGN_OR_RETURN(Measured m, trials.Measure(*q, j.Slice(0.2, 0.5)));
    const fs::path file = scratch.path() / ("step" + std::to_string(rep.steps.size()) + ".onnx");
    OL_RETURN_IF_ERROR(onnx_io::SaveModelFile(*q, file));
    OL_ASSIGN_OR_RETURN(double ms, p50(file, j.Slice(0.5, 1)));
    std::error_code ec;
    fs::remove(file, ec);
    QuantSearchStep s;
    s.step = static_cast<int>(rep.steps.size());
    s.ranked = k;
    s.islands = k > 0 ? static_cast<int>(islands[k].size()) : 0;
    s.excluded = s.ranked + s.islands;
    if (k > 0) {
      s.node = ranked[k - 1].node;
      s.op_type = ranked[k - 1].op_type;
    }
    s.cosine = m.cosine;
    s.sqnr_db = m.sqnr_db;
    s.reached = MetricOf(m, r.metric) >= r.target;
    s.p50_ms = ms;
    rep.steps.push_back(s);
    if (on_step) on_step(s);
    return s;
  };

  OL_ASSIGN_OR_RETURN(const QuantSearchStep start, trial(0, job.Slice(0.06, 0.1)));
  int chosen = 0;
  if (!start.reached) {
    // Sensitivity: each rankable node alone quantized.
    OL_ASSIGN_OR_RETURN(const quant::QdqPlan plan, trials.Plan(trials.base_filter()));
    const auto nodes = RankableNodes(*model->graph, plan);
    const double span = 0.5 / std::max<size_t>(nodes.size(), 1);
    for (size_t i = 0; i < nodes.size(); ++i) {
      const JobControl j = job.Slice(0.1 + span * i, 0.1 + span * (i + 1));
      if (!j.Report(Stage::kComparing, 0,
                    "sensitivity " + std::to_string(i + 1) + "/" + std::to_string(nodes.size())))
        return Cancelled("the search was cancelled");
      quant::NodeFilter f = trials.base_filter();
      f.include_nodes = {nodes[i].first};
      OL_ASSIGN_OR_RETURN(Measured m, trials.QuantizeAndMeasure(f, j));
      ranked.push_back({nodes[i].first, nodes[i].second, m.cosine, m.sqnr_db});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](const QuantSensitivity& a, const QuantSensitivity& b) {
                       const double x = r.metric == "cosine" ? a.cosine : a.sqnr_db;
                       const double y = r.metric == "cosine" ? b.cosine : b.sqnr_db;
                       if (x != y) return x < y;
                       return a.sqnr_db < b.sqnr_db;
                     });
    rep.sensitivity = ranked;

    // Bisection on k, the most harmful nodes in float: the smallest k that reaches the target,
    // taking the error as falling with k.
    const int total = static_cast<int>(ranked.size());
    int lo = 0, hi = total;
    bool hi_reached = false;
    const double step_span = 0.38 / r.max_steps;
    for (int n = 0; n < r.max_steps && total > 0; ++n) {
      int k;
      if (hi - lo > 1)
        k = lo + (hi - lo) / 2;
      else if (!hi_reached && hi > lo)
        k = hi;
      else
        break;
      OL_ASSIGN_OR_RETURN(const QuantSearchStep s,
                          trial(k, job.Slice(0.6 + step_span * n, 0.6 + step_span * (n + 1))));
      if (s.reached) {
        hi = k;
        hi_reached = true;
      } else {
        lo = k;
      }
    }
    if (hi_reached) {
      for (size_t i = 0; i < rep.steps.size(); ++i)
        if (rep.steps[i].reached && rep.steps[i].ranked == hi) chosen = static_cast<int>(i);
    } else {
      for (size_t i = 1; i < rep.steps.size(); ++i) {
        const QuantSearchStep& a = rep.steps[i];
        const QuantSearchStep& b = rep.steps[chosen];
        const double x = r.metric == "cosine" ? a.cosine : a.sqnr_db;
        const double y = r.metric == "cosine" ? b.cosine : b.sqnr_db;
        if (x > y) chosen = static_cast<int>(i);
      }
    }
  }
  rep.chosen_step = chosen;
  rep.reached = rep.steps[chosen].reached;
  const int chosen_k = rep.steps[chosen].ranked;
  for (int i = 0; i < chosen_k; ++i) rep.excluded.push_back(ranked[i].node);
  if (chosen_k > 0)
    rep.excluded.insert(rep.excluded.end(), islands[chosen_k].begin(), islands[chosen_k].end());

  // The final model, written where the user asked, from the same named float copy.
  QuantizeRequest q = r.quantize;
  q.exclude_nodes.insert(q.exclude_nodes.end(), rep.excluded.begin(), rep.excluded.end());
  OL_ASSIGN_OR_RETURN(rep.quantize, QuantizeModelFile(float_path, q, job.Slice(0.98, 1)));
  rep.quantize.model = path.string();
  rep.quantize.bytes_before = original_bytes;
  rep.quantize.nodes_before = original_nodes;
  if (!rep.reached)
    rep.quantize.warnings.push_back(
        "the target " + r.metric + " " + Short(r.target) + " was not reached after " +
        std::to_string(rep.steps.size() - 1) + " trial(s) (best " +
        Short(r.metric == "cosine" ? rep.steps[chosen].cosine : rep.steps[chosen].sqnr_db) +
        " with " + std::to_string(rep.excluded.size()) +
        " node(s) in float); raise --max-steps or exclude op types");
  return rep;
}

nlohmann::json ToJson(const QuantSearchReport& r) {
  nlohmann::json steps = nlohmann::json::array(), sensitivity = nlohmann::json::array();
  for (const QuantSensitivity& s : r.sensitivity)
    sensitivity.push_back(
        {{"node", s.node}, {"op_type", s.op_type}, {"cosine", s.cosine}, {"sqnr_db", s.sqnr_db}});
  for (const QuantSearchStep& s : r.steps)
    steps.push_back({{"step", s.step},
                     {"excluded", s.excluded},
                     {"ranked", s.ranked},
                     {"islands", s.islands},
                     {"node", s.node},
                     {"op_type", s.op_type},
                     {"reached", s.reached},
                     {"cosine", s.cosine},
                     {"sqnr_db", s.sqnr_db},
                     {"p50_ms", s.p50_ms}});
  return {{"metric", r.metric},
          {"target", r.target},
          {"reached", r.reached},
          {"eval_source", r.eval_source},
          {"eval_samples", r.eval_samples},
          {"float_p50_ms", r.float_p50_ms},
          {"sensitivity", sensitivity},
          {"steps", steps},
          {"chosen_step", r.chosen_step},
          {"excluded", r.excluded}};
}

}  // namespace onnxlens::api
