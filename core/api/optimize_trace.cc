// Optimization traces and verification by bisection.
#include "api/optimize_trace.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <unordered_set>

#include "api/internal/compare.h"
#include "api/internal/inputs.h"
#include "api/internal/optimize_options.h"
#include "api/run.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "onnx/node_validator.h"
#include "passes/pass_manager.h"
#include "runtime/session.h"

namespace onnxlens::api {

namespace {

Expected<runtime::NamedValues> RunModel(std::shared_ptr<const ir::Model> model,
                                        const std::map<std::string, kernels::RtValue>& inputs) {
  runtime::SessionOptions so;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(std::move(model), so));
  return session->Run(inputs);
}

bool Compare(const runtime::NamedValues& expected, const runtime::NamedValues& got,
             const VerifyRequest& req, std::vector<OutputCheck>* checks) {
  bool ok = expected.size() == got.size();
  for (size_t i = 0; i < expected.size() && i < got.size(); ++i) {
    const CompareResult c = CompareValues(got[i].second, expected[i].second, req.rtol, req.atol);
    if (checks)
      checks->push_back(
          {expected[i].first, c.ok, c.max_abs_diff, c.max_rel_diff, c.cosine, c.reason});
    ok = ok && c.ok;
  }
  return ok;
}

}  // namespace

int OptimizeTrace::StepOfLevel(const std::string& level) const {
  auto parsed = passes::ParseLevel(level);
  if (!parsed.ok()) return -1;
  auto wanted = passes::ParseLevel(request.level);
  if (!wanted.ok() || static_cast<int>(*parsed) > static_cast<int>(*wanted)) return -1;
  return level_end[static_cast<int>(*parsed)];
}

Expected<std::shared_ptr<const ir::Model>> OptimizeTrace::ModelAt(int step,
                                                                  const JobControl& job) const {
  const int count = static_cast<int>(steps.size());
  if (step < 0 || step > count)
    return InvalidArgument("step " + std::to_string(step) + " is not in 0.." +
                           std::to_string(count));
  if (step == 0) return original;
  OL_ASSIGN_OR_RETURN(
      passes::OptimizeOptions oo,
      OptimizeOptionsFor(request.level, request.format, request.disabled, request.providers));
  oo.stop_after = step;
  std::shared_ptr<ir::Model> model = original->Clone();
  OL_ASSIGN_OR_RETURN(passes::OptimizeResult r, passes::Optimize(*model, oo, job));
  // The passes are deterministic: the replay ends where the trace's step did.
  if (static_cast<int>(r.steps.size()) != step || r.nodes_after != steps[step - 1].nodes_after)
    return Internal("replaying the optimization to step " + std::to_string(step) + " ended with " +
                    std::to_string(r.steps.size()) + " steps and " + std::to_string(r.nodes_after) +
                    " nodes, not " + std::to_string(steps[step - 1].nodes_after));
  return std::shared_ptr<const ir::Model>(std::move(model));
}

namespace {

// What the step snapshots keep of the tensors (their values, for the sidebar). A snapshot shares
// a tensor's storage, so without a bound a trace holds every version of every weight its passes
// make (folded into a BatchNormalization, padded to NCHWc blocks, constant-folded) for as long as
// the Optimize tab is open. Kept: every tensor of the original model (its storage is the
// original's: nothing to pay), every tensor the passes make up to 4 KiB (scalars, shapes,
// quantization parameters: what the labels and the Quantize tab read), and larger ones until the
// request's tensor_budget bytes of them are held; a tensor kept once is kept by every later step
// for free (the same storage).
class StepTensorKeep {
 public:
  StepTensorKeep(const ir::Model& original, uint64_t budget) : left_(budget) {
    if (!original.graph) return;
    original.graph->ForEachGraph([&](const ir::Graph& g) {
      for (const ir::Value* v : g.initializers())
        if (v->initializer()) held_.insert(v->initializer()->raw());
    });
  }
  bool operator()(const ir::Tensor& t) {
    if (t.nbytes() <= kSmall || held_.count(t.raw())) return true;
    if (t.nbytes() > left_) return false;
    left_ -= t.nbytes();
    held_.insert(t.raw());
    return true;
  }

 private:
  static constexpr uint64_t kSmall = 4096;
  uint64_t left_;
  std::unordered_set<const void*> held_;
};

}  // namespace

Expected<std::shared_ptr<const OptimizeTrace>> TraceOptimization(const std::filesystem::path& path,
                                                                 const OptimizeTraceRequest& req,
                                                                 const JobControl& job) {
  auto trace = std::make_shared<OptimizeTrace>();
  trace->model = path.string();
  trace->request = req;
  onnx_io::LoadOptions lo;
  lo.dim_overrides = req.dims;
  // The opened file's model itself when the load cache has it (the trace never changes it).
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> original,
                      onnx_io::LoadSharedModelFile(path, lo, job.Slice(0, 0.05)));
  // A pass trusts its nodes as a kernel does: validated first.
  OL_RETURN_IF_ERROR(onnx_io::ValidateModel(*original).WithContext(path.string()));

  OL_ASSIGN_OR_RETURN(passes::OptimizeOptions oo,
                      OptimizeOptionsFor(req.level, req.format, req.disabled, req.providers));
  // Each step's snapshot is taken from the live model as the step ends: no copy of the model is
  // kept per step (ModelAt replays one when asked).
  std::vector<std::shared_ptr<const GraphSnapshot>> step_snapshots;
  const JobControl optimizing = job.Slice(0.05, 1);
  StepTensorKeep keep(*original, req.tensor_budget);
  const SnapshotTensorKeep keep_fn = [&keep](const ir::Tensor& t) { return keep(t); };
  oo.on_step = [&](const ir::Model& model) {
    step_snapshots.push_back(std::make_shared<const GraphSnapshot>(SnapshotOf(model, keep_fn)));
    return optimizing.cancelled() ? Cancelled("optimization cancelled") : Status::Ok();
  };
  // The live model is dropped at the end: ModelAt replays the last step like the others.
  std::shared_ptr<ir::Model> optimized = original->Clone();
  // The original's snapshot: the document's when it still holds one of this model (the load
  // cache's), else made beside the passes (the model is immutable from here on).
  auto original_snapshot =
      std::async(std::launch::async, [original] { return SharedSnapshotOf(original); });
  auto optimized_or = passes::Optimize(*optimized, oo, optimizing);
  trace->snapshots.push_back(original_snapshot.get());
  OL_ASSIGN_OR_RETURN(passes::OptimizeResult result, std::move(optimized_or));
  trace->millis = result.millis;
  for (const passes::Step& s : result.steps) {
    trace->steps.push_back({s.index, s.pass, std::string(passes::LevelName(s.level)), s.round,
                            s.nodes_removed, s.nodes_added, s.nodes_modified, s.nodes_after,
                            s.millis, s.initializers_removed, s.nodes_fused});
    const int level = static_cast<int>(s.level);
    for (int l = level; l < 4; ++l) trace->level_end[l] = s.index;
  }
  if (step_snapshots.size() != result.steps.size())
    return Internal("the optimization of " + path.string() + " took " +
                    std::to_string(step_snapshots.size()) + " snapshots for " +
                    std::to_string(result.steps.size()) + " steps");
  for (auto& snap : step_snapshots) trace->snapshots.push_back(std::move(snap));
  trace->original = std::move(original);
  job.Report(Stage::kDone, 1);
  return std::shared_ptr<const OptimizeTrace>(std::move(trace));
}

Expected<VerifyReport> VerifyChain(
    int count, const std::function<Expected<std::shared_ptr<const ir::Model>>(int)>& model_at,
    const std::vector<OptimizeStepReport>& steps, const VerifyRequest& req, const JobControl& job) {
  if (count < 1) return InvalidArgument("nothing to verify");
  VerifyReport r;
  r.ran = true;
  const int n = count - 1;
  const int total = 2 + (n > 1 ? static_cast<int>(std::ceil(std::log2(n))) : 0);
  auto tick = [&](Stage stage, std::string detail = {}) {
    return job.Report(stage, static_cast<double>(r.runs) / total, std::move(detail));
  };
  if (!tick(Stage::kVerifyingReference)) return Cancelled("verification cancelled");
  runtime::SessionOptions so;
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> front, model_at(0));
  OL_ASSIGN_OR_RETURN(auto base, runtime::Session::Create(front, so));
  OL_RETURN_IF_ERROR(CheckRangeNames(*front->graph, req.ranges));
  const RangeOverrides ranges = DefaultRanges(*front->graph, req.ranges);
  DimOverrides dims = req.dims;
  if (req.inputs_dir.empty()) {
    OL_RETURN_IF_ERROR(CheckDimNames(*front, req.dims));
    InputRequest ir;
    ir.seed = req.seed;
    ir.dims = req.dims;
    OL_ASSIGN_OR_RETURN(DimOverrides chosen, ChooseAndTryFreeDims(front, ir, ranges));
    dims.insert(chosen.begin(), chosen.end());
  }
  OL_ASSIGN_OR_RETURN(auto inputs, MakeInputs(*base, req.inputs_dir, req.seed, ranges, dims));
  OL_ASSIGN_OR_RETURN(runtime::NamedValues expected, base->Run(inputs));
  ++r.runs;
  if (!tick(Stage::kVerifying)) return Cancelled("verification cancelled");
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> back, model_at(n));
  OL_ASSIGN_OR_RETURN(runtime::NamedValues got, RunModel(std::move(back), inputs));
  ++r.runs;
  r.ok = Compare(expected, got, req, &r.outputs);
  if (r.ok || n < 1) return r;
  // chain[lo] matches, chain[hi] does not: halve until they are neighbours.
  int lo = 0, hi = n;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (!tick(Stage::kBisecting, std::to_string(lo) + "-" + std::to_string(hi)))
      return Cancelled("verification cancelled");
    OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> at, model_at(mid));
    OL_ASSIGN_OR_RETURN(runtime::NamedValues out, RunModel(std::move(at), inputs));
    ++r.runs;
    (Compare(expected, out, req, nullptr) ? lo : hi) = mid;
  }
  r.culprit_step = hi;
  if (hi - 1 < static_cast<int>(steps.size())) r.culprit_pass = steps[hi - 1].pass;
  job.Report(Stage::kDone, 1);
  return r;
}

Expected<VerifyReport> VerifyChain(const std::vector<std::shared_ptr<const ir::Model>>& chain,
                                   const std::vector<OptimizeStepReport>& steps,
                                   const VerifyRequest& req, const JobControl& job) {
  return VerifyChain(
      static_cast<int>(chain.size()),
      [&chain](int k) -> Expected<std::shared_ptr<const ir::Model>> { return chain[k]; }, steps,
      req, job);
}

Expected<VerifyReport> VerifyTrace(const OptimizeTrace& trace, int step, const VerifyRequest& req,
                                   const JobControl& job) {
  const int last = static_cast<int>(trace.steps.size());
  if (step < 0 || step > last) step = last;
  return VerifyChain(
      step + 1, [&trace](int k) { return trace.ModelAt(k); }, trace.steps, req, job);
}

}  // namespace onnxlens::api
