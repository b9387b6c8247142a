// Mixed-precision search (see quant_search.h): a float copy optimized at basic with every node
// named, then quantize → compare → exclude the node that adds the most error, step by step.
#include "api/quant_search.h"

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "api/accuracy.h"
#include "api/bench.h"
#include "api/internal/data_sets.h"
#include "api/internal/optimize_options.h"
#include "api/internal/writers.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "quant/qdq_quantizer.h"
#include "quant/quant_model.h"

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
                           ": the search needs --mode static (layer-wise errors come from the "
                           "QDQ pairs)");
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

struct Measured {
  double cosine = 1, sqnr_db = kExactSqnr;
  std::map<std::string, double> layer_sqnr;  ///< float tensor → SQNR of its counterpart
  std::set<std::string> dequantized;         ///< float tensors matched through a DQ
};

Measured Summarize(const CompareModelsReport& rep) {
  Measured m;
  for (const OutputAgreement& o : rep.outputs) {
    if (!o.problem.empty()) continue;
    m.cosine = std::min(m.cosine, o.stats.cosine);
    m.sqnr_db = std::min(m.sqnr_db, o.stats.sqnr_db);
  }
  for (const LayerAgreement& l : rep.layers) {
    m.layer_sqnr[l.tensor] = l.stats.sqnr_db;
    if (l.match == "dequantize") m.dequantized.insert(l.tensor);
  }
  return m;
}

double MetricOf(const Measured& m, const std::string& metric) {
  return metric == "cosine" ? m.cosine : m.sqnr_db;
}

struct Candidate {
  std::string node, op_type, tensor;
  double added_loss_db = 0;
  double out_sqnr = 0;
};

/// Quantized nodes of `g` not yet excluded, the one adding the most error first: its output's
/// SQNR below the worst of its activation inputs' (an input without a counterpart counts as
/// exact, capped at 99 dB so that a first layer is not always first).
// Ops whose Q/DQ only carry their input's range through (or clip it): leaving one in float
// changes nothing the next quantized op does not undo, so the search does not spend a step on it.
bool PassesRangeThrough(const std::string& op) {
  static const std::set<std::string> kOps = {"Relu",      "Clip",      "MaxPool",   "Reshape",
                                             "Transpose", "Squeeze",   "Unsqueeze", "Flatten",
                                             "Identity",  "LeakyRelu", "Split",     "Slice"};
  return kOps.count(op) > 0;
}

std::string Short(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::vector<Candidate> RankCandidates(const ir::Graph& g, const Measured& m,
                                      const std::set<std::string>& quantizable,
                                      const std::set<std::string>& skip) {
  constexpr double kInputCap = 99;
  std::vector<Candidate> out;
  for (const ir::Node* n : g.nodes()) {
    if (!quantizable.count(n->op_type()) || PassesRangeThrough(n->op_type()) ||
        skip.count(n->name()))
      continue;
    const ir::Value* y = n->outputs().empty() ? nullptr : n->outputs()[0];
    if (!y || !m.dequantized.count(y->name())) continue;
    double in_sqnr = kInputCap;
    for (const ir::Value* x : n->inputs()) {
      if (!x || x->is_initializer()) continue;
      auto it = m.layer_sqnr.find(x->name());
      if (it != m.layer_sqnr.end()) in_sqnr = std::min(in_sqnr, it->second);
    }
    const double out_sqnr = m.layer_sqnr.at(y->name());
    if (std::min(in_sqnr, kInputCap) - out_sqnr <= 0) continue;  // adds no error of its own
    out.push_back(
        {n->name(), n->op_type(), y->name(), std::min(in_sqnr, kInputCap) - out_sqnr, out_sqnr});
  }
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
    if (a.added_loss_db != b.added_loss_db) return a.added_loss_db > b.added_loss_db;
    return a.out_sqnr < b.out_sqnr;
  });
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
  // The writers' rule of the model the user gave, checked before any work.
  OL_RETURN_IF_ERROR(
      CheckWritePolicy(r.quantize.output, PolicyForModel(path, loaded, r.quantize.force))
          .WithContext("-o"));
  OL_RETURN_IF_ERROR(quant::CheckNotQuantized(*loaded.model).WithContext(path.string()));
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
  CompareModelsRequest cmp;
  cmp.latency_runs = 0;  // the search times each step itself (BenchModelFile, latency_runs)
  cmp.threads = r.quantize.threads;
  cmp.dims = r.quantize.dims;
  cmp.ranges = r.quantize.ranges;
  if (!r.eval_dir.empty()) {
    cmp.inputs_dir = r.eval_dir;
    rep.eval_source = "--eval " + r.eval_dir.string();
  } else if (!r.quantize.calib_dir.empty()) {
    cmp.inputs_dir = r.quantize.calib_dir;
    rep.eval_source = "--calib " + r.quantize.calib_dir.string();
  } else if (!r.quantize.images.empty()) {
    cmp.images = r.quantize.images;
    rep.eval_source = "--images " + r.quantize.images.dir.string();
  } else {
    // Random calibration: evaluate on other random samples (another seed) of the same count.
    cmp.random_samples = std::max<int64_t>(r.quantize.random_samples, 1);
    cmp.seed = r.quantize.seed + 1;
    rep.eval_source = "--random " + std::to_string(cmp.random_samples);
  }

  BenchConfig bc;
  bc.level = r.latency_level;
  bc.threads = r.quantize.threads;
  bc.dims = r.quantize.dims;
  BenchOptions bo;
  bo.runs = r.latency_runs;
  bo.warmup = std::min(5, r.latency_runs);
  bo.dims = r.quantize.dims;
  bo.ranges = r.quantize.ranges;
  auto p50 = [&](const fs::path& m, const JobControl& j) -> Expected<double> {
    OL_ASSIGN_OR_RETURN(BenchResult b, BenchModelFile(m, bc, bo, j));
    return b.stats.p50;
  };

  const std::set<std::string> quantizable = [] {
    std::vector<std::string> v = quant::QdqOpTypes();
    return std::set<std::string>(v.begin(), v.end());
  }();
  std::set<std::string> skip(r.quantize.exclude_nodes.begin(), r.quantize.exclude_nodes.end());
  const double slice = 1.0 / (r.max_steps + 3);
  int slot = 0;
  auto next_job = [&] {
    const double from = 0.02 + 0.96 * slice * slot;
    ++slot;
    return job.Slice(from, std::min(0.98, from + 0.96 * slice));
  };

  OL_ASSIGN_OR_RETURN(rep.float_p50_ms, p50(float_path, next_job()));

  // One step: quantize with `excluded` (the request's + the search's) and measure.
  std::vector<std::string> excluded;
  auto measure = [&](const std::vector<std::string>& extra, int step,
                     const JobControl& j) -> Expected<std::pair<Measured, double>> {
    QuantizeRequest q = r.quantize;
    q.exclude_nodes.insert(q.exclude_nodes.end(), extra.begin(), extra.end());
    q.output = scratch.path() / ("step" + std::to_string(step) + ".onnx");
    q.force = true;
    OL_ASSIGN_OR_RETURN(QuantizeReport qr, QuantizeModelFile(float_path, q, j.Slice(0, 0.5)));
    OL_ASSIGN_OR_RETURN(CompareModelsReport cr,
                        CompareModelFiles(float_path, q.output, cmp, j.Slice(0.5, 0.8)));
    rep.eval_samples = cr.samples;
    OL_ASSIGN_OR_RETURN(double ms, p50(q.output, j.Slice(0.8, 1)));
    std::error_code ec;
    fs::remove(q.output, ec);
    return std::make_pair(Summarize(cr), ms);
  };

  OL_ASSIGN_OR_RETURN(auto start, measure({}, 0, next_job()));
  Measured current = start.first;
  rep.steps.push_back({0, "", "", "", 0, true, current.cosine, current.sqnr_db, start.second, 0});
  rep.reached = MetricOf(current, r.metric) >= r.target;
  if (on_step) on_step(rep.steps.back());

  std::set<std::string> rejected;
  for (int step = 1; step <= r.max_steps && !rep.reached; ++step) {
    std::set<std::string> not_now = skip;
    not_now.insert(excluded.begin(), excluded.end());
    not_now.insert(rejected.begin(), rejected.end());
    const std::vector<Candidate> ranked =
        RankCandidates(*model->graph, current, quantizable, not_now);
    if (ranked.empty()) break;
    const Candidate& c = ranked.front();
    std::vector<std::string> trial = excluded;
    trial.push_back(c.node);
    OL_ASSIGN_OR_RETURN(auto got, measure(trial, step, next_job()));
    QuantSearchStep s{step,  c.node,           c.op_type,         c.tensor,   c.added_loss_db,
                      false, got.first.cosine, got.first.sqnr_db, got.second, 0};
    if (MetricOf(got.first, r.metric) > MetricOf(current, r.metric)) {
      s.accepted = true;
      excluded = trial;
      current = got.first;
      rep.reached = MetricOf(current, r.metric) >= r.target;
    } else {
      rejected.insert(c.node);
    }
    s.excluded = static_cast<int>(excluded.size());
    rep.steps.push_back(s);
    if (on_step) on_step(s);
  }
  rep.excluded = excluded;

  // The final model, written where the user asked, from the same named float copy.
  QuantizeRequest q = r.quantize;
  q.exclude_nodes.insert(q.exclude_nodes.end(), excluded.begin(), excluded.end());
  OL_ASSIGN_OR_RETURN(rep.quantize, QuantizeModelFile(float_path, q, job.Slice(0.98, 1)));
  rep.quantize.model = path.string();
  rep.quantize.bytes_before = original_bytes;
  rep.quantize.nodes_before = original_nodes;
  if (!rep.reached)
    rep.quantize.warnings.push_back(
        "the target " + r.metric + " " + Short(r.target) + " was not reached after " +
        std::to_string(rep.steps.size() - 1) + " step(s) (best " +
        Short(MetricOf(current, r.metric)) + "); raise --max-steps or exclude op types");
  return rep;
}

nlohmann::json ToJson(const QuantSearchReport& r) {
  nlohmann::json steps = nlohmann::json::array();
  for (const QuantSearchStep& s : r.steps)
    steps.push_back({{"step", s.step},
                     {"node", s.node},
                     {"op_type", s.op_type},
                     {"tensor", s.tensor},
                     {"added_loss_db", s.added_loss_db},
                     {"accepted", s.accepted},
                     {"cosine", s.cosine},
                     {"sqnr_db", s.sqnr_db},
                     {"p50_ms", s.p50_ms},
                     {"excluded", s.excluded}});
  return {{"metric", r.metric},
          {"target", r.target},
          {"reached", r.reached},
          {"eval_source", r.eval_source},
          {"eval_samples", r.eval_samples},
          {"float_p50_ms", r.float_p50_ms},
          {"excluded", r.excluded},
          {"steps", steps}};
}

}  // namespace onnxlens::api
