// Optimization traces and verification by bisection.
#include "api/optimize_trace.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <future>
#include <mutex>
#include <thread>

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

Expected<std::shared_ptr<const OptimizeTrace>> TraceOptimization(const std::filesystem::path& path,
                                                                 const OptimizeTraceRequest& req,
                                                                 const JobControl& job) {
  auto trace = std::make_shared<OptimizeTrace>();
  trace->model = path.string();
  trace->request = req;
  onnx_io::LoadOptions lo;
  lo.dim_overrides = req.dims;
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded,
                      onnx_io::LoadModelFile(path, lo, job.Slice(0, 0.05)));
  // A pass trusts its nodes as a kernel does: validated first.
  OL_RETURN_IF_ERROR(onnx_io::ValidateModel(*loaded.model).WithContext(path.string()));
  std::shared_ptr<const ir::Model> original(std::move(loaded.model));

  OL_ASSIGN_OR_RETURN(passes::OptimizeOptions oo,
                      OptimizeOptionsFor(req.level, req.format, req.disabled, req.providers));
  oo.snapshots = true;
  std::shared_ptr<ir::Model> optimized = original->Clone();
  // The original's snapshot is made beside the passes (the model is immutable from here on).
  auto original_snapshot = std::async(std::launch::async, [original] {
    return std::make_shared<const GraphSnapshot>(SnapshotOf(*original));
  });
  // Optimizing is the job's second twentieth to its half (the snapshots take the rest).
  auto optimized_or = passes::Optimize(*optimized, oo, job.Slice(0.05, 0.5));
  trace->models.push_back(original);
  trace->snapshots.push_back(original_snapshot.get());
  OL_ASSIGN_OR_RETURN(passes::OptimizeResult result, std::move(optimized_or));
  trace->millis = result.millis;

  const size_t n = result.steps.size();
  for (const passes::Step& s : result.steps) {
    trace->steps.push_back({s.index, s.pass, std::string(passes::LevelName(s.level)), s.round,
                            s.nodes_removed, s.nodes_added, s.nodes_modified, s.nodes_after,
                            s.millis});
    const int level = static_cast<int>(s.level);
    for (int l = level; l < 4; ++l) trace->level_end[l] = s.index;
    trace->models.push_back(s.snapshot);
  }
  // Each step's snapshot reads only its own immutable model: made on every core, the steps
  // taken in turn from a shared counter (a 50,000-node graph's dozen snapshots took seconds).
  std::vector<std::shared_ptr<const GraphSnapshot>> snaps(n);
  std::atomic<size_t> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::mutex report_mu;
  auto work = [&] {
    for (size_t k; !stop && (k = next++) < n;) {
      snaps[k] = std::make_shared<const GraphSnapshot>(SnapshotOf(*result.steps[k].snapshot));
      const size_t d = ++done;
      std::lock_guard<std::mutex> lock(report_mu);
      if (!job.Report(Stage::kSnapshotting, 0.5 + 0.5 * d / n,
                      std::to_string(d) + "/" + std::to_string(n)))
        stop = true;
    }
  };
  const size_t helpers =
      std::min<size_t>(n, std::max(1u, std::thread::hardware_concurrency())) - (n > 0 ? 1 : 0);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < helpers; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  if (stop) return Cancelled("optimization cancelled");
  for (auto& snap : snaps) trace->snapshots.push_back(std::move(snap));
  return std::shared_ptr<const OptimizeTrace>(std::move(trace));
}

Expected<VerifyReport> VerifyChain(const std::vector<std::shared_ptr<const ir::Model>>& chain,
                                   const std::vector<OptimizeStepReport>& steps,
                                   const VerifyRequest& req, const JobControl& job) {
  if (chain.empty()) return InvalidArgument("nothing to verify");
  VerifyReport r;
  r.ran = true;
  const int n = static_cast<int>(chain.size()) - 1;
  const int total = 2 + (n > 1 ? static_cast<int>(std::ceil(std::log2(n))) : 0);
  auto tick = [&](Stage stage, std::string detail = {}) {
    return job.Report(stage, static_cast<double>(r.runs) / total, std::move(detail));
  };
  if (!tick(Stage::kVerifyingReference)) return Cancelled("verification cancelled");
  runtime::SessionOptions so;
  OL_ASSIGN_OR_RETURN(auto base, runtime::Session::Create(chain.front(), so));
  OL_RETURN_IF_ERROR(CheckRangeNames(*chain.front()->graph, req.ranges));
  const RangeOverrides ranges = DefaultRanges(*chain.front()->graph, req.ranges);
  DimOverrides dims = req.dims;
  if (req.inputs_dir.empty()) {
    OL_RETURN_IF_ERROR(CheckDimNames(*chain.front(), req.dims));
    InputRequest ir;
    ir.seed = req.seed;
    ir.dims = req.dims;
    OL_ASSIGN_OR_RETURN(DimOverrides chosen, ChooseAndTryFreeDims(chain.front(), ir, ranges));
    dims.insert(chosen.begin(), chosen.end());
  }
  OL_ASSIGN_OR_RETURN(auto inputs, MakeInputs(*base, req.inputs_dir, req.seed, ranges, dims));
  OL_ASSIGN_OR_RETURN(runtime::NamedValues expected, base->Run(inputs));
  ++r.runs;
  if (!tick(Stage::kVerifying)) return Cancelled("verification cancelled");
  OL_ASSIGN_OR_RETURN(runtime::NamedValues got, RunModel(chain.back(), inputs));
  ++r.runs;
  r.ok = Compare(expected, got, req, &r.outputs);
  if (r.ok || n < 1) return r;
  // chain[lo] matches, chain[hi] does not: halve until they are neighbours.
  int lo = 0, hi = n;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (!tick(Stage::kBisecting, std::to_string(lo) + "-" + std::to_string(hi)))
      return Cancelled("verification cancelled");
    OL_ASSIGN_OR_RETURN(runtime::NamedValues out, RunModel(chain[mid], inputs));
    ++r.runs;
    (Compare(expected, out, req, nullptr) ? lo : hi) = mid;
  }
  r.culprit_step = hi;
  if (hi - 1 < static_cast<int>(steps.size())) r.culprit_pass = steps[hi - 1].pass;
  job.Report(Stage::kDone, 1);
  return r;
}

Expected<VerifyReport> VerifyTrace(const OptimizeTrace& trace, int step, const VerifyRequest& req,
                                   const JobControl& job) {
  const int last = static_cast<int>(trace.models.size()) - 1;
  if (step < 0 || step > last) step = last;
  std::vector<std::shared_ptr<const ir::Model>> chain(trace.models.begin(),
                                                      trace.models.begin() + step + 1);
  return VerifyChain(chain, trace.steps, req, job);
}

}  // namespace onnxlens::api
