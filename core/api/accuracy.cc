// Model-vs-model accuracy (see accuracy.h).
#include "api/accuracy.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include "api/internal/agreement.h"
#include "api/internal/data_sets.h"
#include "api/internal/image_samples.h"
#include "common/machine_load.h"
#include "common/strings.h"
#include "kernels/tensor_util.h"
#include "onnx/model_io.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

// A layer's bounded histograms: the ranges are fixed by the first sample (see LayerHistograms).
struct HistAccum {
  LayerHistograms h;
  bool started = false;
  static void Bin(std::vector<uint32_t>& bins, double lo, double hi, double x) {
    const int n = LayerHistograms::kBins;
    const int k = hi > lo ? static_cast<int>((x - lo) / (hi - lo) * n) : 0;
    uint32_t& count = bins[std::clamp(k, 0, n - 1)];
    if (count != std::numeric_limits<uint32_t>::max()) ++count;
  }
  void Add(const float* a, const float* b, int64_t count) {
    if (count <= 0) return;
    if (!started) {
      const auto [mn, mx] = std::minmax_element(a, a + count);
      double e = 0;
      for (int64_t i = 0; i < count; ++i) e = std::max(e, std::fabs(double{b[i]} - a[i]));
      const double span = *mx > *mn ? *mx - *mn : std::max(1e-6, std::fabs(double{*mx}));
      h.lo = *mn - span / 4;
      h.hi = *mx + span / 4;
      e = std::max(e * 1.25, 1e-6);
      h.err_lo = -e;
      h.err_hi = e;
      h.a.assign(LayerHistograms::kBins, 0);
      h.b.assign(LayerHistograms::kBins, 0);
      h.error.assign(LayerHistograms::kBins, 0);
      h.a_min = *mn;
      h.a_max = *mx;
      started = true;
    }
    for (int64_t i = 0; i < count; ++i) {
      h.a_min = std::min<double>(h.a_min, a[i]);
      h.a_max = std::max<double>(h.a_max, a[i]);
      Bin(h.a, h.lo, h.hi, a[i]);
      Bin(h.b, h.lo, h.hi, b[i]);
      Bin(h.error, h.err_lo, h.err_hi, double{b[i]} - a[i]);
    }
  }
};

struct OutputAccum {
  AgreementAccum stats;
  int64_t rows = 0, top1 = 0, top5 = 0;
  bool classifier = false;
  std::string problem;
};

// Rows x classes of a classifier-shaped output, or {0, 0}.
std::pair<int64_t, int64_t> ClassifierShape(const std::vector<int64_t>& d) {
  if (d.size() == 2 && d[1] >= 2) return {d[0], d[1]};
  if (d.size() == 4 && d[1] >= 2 && d[2] == 1 && d[3] == 1) return {d[0], d[1]};
  return {0, 0};
}

// Compares one pair of values into `acc`; false (with `problem`) when they do not fit.
bool AddPair(const kernels::RtValue& a, const kernels::RtValue& b, AgreementAccum& acc,
             std::string* problem, HistAccum* hist = nullptr) {
  if (!a.is_tensor() || !b.is_tensor()) {
    *problem = "not a tensor";
    return false;
  }
  if (a.tensor.dims() != b.tensor.dims()) {
    *problem = "shapes differ: [" + Join(a.tensor.dims(), ",") + "] vs [" +
               Join(b.tensor.dims(), ",") + "]";
    return false;
  }
  if (a.tensor.dtype() == ir::DataType::kString || b.tensor.dtype() == ir::DataType::kString) {
    *problem = "string tensors";
    return false;
  }
  const ir::Tensor fa = kernels::ToFloat(a.tensor), fb = kernels::ToFloat(b.tensor);
  if (fa.dtype() != ir::DataType::kFloat || fb.dtype() != ir::DataType::kFloat) {
    *problem = "not comparable as float32";
    return false;
  }
  acc.Add(fa.data<float>(), fb.data<float>(), fa.numel());
  if (hist) hist->Add(fa.data<float>(), fb.data<float>(), fa.numel());
  return true;
}

void AddTopK(const ir::Tensor& a, const ir::Tensor& b, OutputAccum& acc) {
  const auto [rows, classes] = ClassifierShape(a.dims());
  if (rows == 0) return;
  acc.classifier = true;
  const ir::Tensor fa = kernels::ToFloat(a), fb = kernels::ToFloat(b);
  std::vector<int64_t> idx(classes);
  for (int64_t r = 0; r < rows; ++r) {
    const float* x = fa.data<float>() + r * classes;
    const float* y = fb.data<float>() + r * classes;
    const int64_t best_a = std::max_element(x, x + classes) - x;
    const int64_t best_b = std::max_element(y, y + classes) - y;
    for (int64_t i = 0; i < classes; ++i) idx[i] = i;
    const int64_t k = std::min<int64_t>(5, classes);
    std::partial_sort(idx.begin(), idx.begin() + k, idx.end(),
                      [&](int64_t i, int64_t j) { return y[i] > y[j]; });
    acc.rows += 1;
    acc.top1 += best_a == best_b ? 1 : 0;
    acc.top5 += std::find(idx.begin(), idx.begin() + k, best_a) != idx.begin() + k ? 1 : 0;
  }
}

struct LayerPair {
  std::string a, b, match;
};

// A's float activations matched to B's counterparts.
std::vector<LayerPair> MatchLayers(const ir::Model& a, const ir::Model& b) {
  std::vector<LayerPair> out;
  std::set<std::string> a_outputs, done;
  for (const ir::Value* v : a.graph->outputs()) a_outputs.insert(v->name());
  auto candidate = [&](const std::string& name) -> const ir::Value* {
    const ir::Value* v = a.graph->FindLocalValue(name);
    if (!v || v->is_initializer() || a_outputs.count(name)) return nullptr;
    if (!v->type().is_tensor() || v->type().elem_type != ir::DataType::kFloat) return nullptr;
    return v;
  };
  // A DequantizeLinear fed by a QuantizeLinear stands for the tensor its output is named after
  // (T_DequantizeLinear_Output, ONNX Runtime's convention and ours: a folded Relu's Q reads the
  // Relu's input but stands for its output), else for the tensor the Q reads.
  constexpr std::string_view kSuffix = "_DequantizeLinear_Output";
  for (const ir::Node* q : b.graph->nodes()) {
    if (q->op_type() != "QuantizeLinear" || !q->input(0) || !q->output(0)) continue;
    for (const ir::Use& u : q->output(0)->uses()) {
      if (u.node->op_type() != "DequantizeLinear" || !u.node->output(0)) continue;
      const std::string& dq = u.node->output(0)->name();
      std::string x = q->input(0)->name();
      if (dq.size() > kSuffix.size() &&
          dq.compare(dq.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0) {
        const std::string named = dq.substr(0, dq.size() - kSuffix.size());
        if (candidate(named)) x = named;
      }
      if (!candidate(x) || done.count(x)) continue;
      out.push_back({x, dq, "dequantize"});
      done.insert(x);
    }
  }
  for (const ir::Node* n : a.graph->nodes()) {
    for (const ir::Value* v : n->outputs()) {
      if (!v || done.count(v->name()) || !candidate(v->name())) continue;
      const ir::Value* w = b.graph->FindLocalValue(v->name());
      if (!w || !w->producer()) continue;
      out.push_back({v->name(), w->name(), "name"});
      done.insert(v->name());
    }
  }
  return out;
}

// A session of `model` at `level` (the model is shared, not copied); `observe` as in
// runtime::SessionOptions::observe_value. The observed (layer-wise) sessions keep no reordered
// copy of the filters (disable_prepacking): they run beside each other, the models and the kept
// tensors, and are not timed.
Expected<std::unique_ptr<runtime::Session>> SessionOf(
    std::shared_ptr<const ir::Model> model, int threads, const std::string& level = "disabled",
    std::function<void(const std::string&, const kernels::RtValue&)> observe = {}) {
  runtime::SessionOptions so;
  so.intra_op_threads = threads;
  so.optimization_level = level;
  so.disable_prepacking = static_cast<bool>(observe);
  so.observe_value = std::move(observe);
  return runtime::Session::Create(std::move(model), so);
}

// A copy of `v` that owns its bytes (an observed value may sit in a buffer the run reuses).
kernels::RtValue OwnedCopy(const kernels::RtValue& v) {
  if (!v.is_tensor() || v.tensor.dtype() == ir::DataType::kString) return v;
  auto t =
      ir::Tensor::FromRaw(v.tensor.dtype(), v.tensor.dims(), v.tensor.raw(), v.tensor.nbytes());
  return t.ok() ? kernels::RtValue::FromTensor(std::move(*t)) : kernels::RtValue();
}

// `runs` timed runs each of `a` and `b` on `sample`, alternated (A B A B ...) after one untimed
// run each, so a change in the machine's speed falls on both; their figures and noise into `rep`.
// The sessions run `threads` threads (0: the cores other programs leave free).
Status TimeBoth(std::shared_ptr<const ir::Model> a, std::shared_ptr<const ir::Model> b,
                const quant::Sample& sample, int runs, int threads, const std::string& level,
                const JobControl& job, CompareModelsReport* rep) {
  threads = ResolveThreadCount(threads);
  OL_ASSIGN_OR_RETURN(auto sa, SessionOf(std::move(a), threads, level));
  OL_ASSIGN_OR_RETURN(auto sb, SessionOf(std::move(b), threads, level));
  const MachineLoad before = SampleMachineLoad();
  std::vector<double> ms_a, ms_b;
  double wait_a = 0, wait_b = 0, wall_a = 0, wall_b = 0;
  auto one = [&](runtime::Session& s, bool timed, std::vector<double>* ms, double* wait,
                 double* wall) -> Status {
    if (job.cancelled()) return Cancelled("the comparison was cancelled");
    const int64_t w0 = ProcessRunQueueWaitNs();
    const auto start = std::chrono::steady_clock::now();
    auto out = s.Run(sample, &job.cancel);
    if (!out.ok()) return out.status();
    const double t =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!timed) return Status::Ok();
    ms->push_back(t);
    *wall += t / 1000;
    *wait += 1e-9 * static_cast<double>(ProcessRunQueueWaitNs() - w0);
    return Status::Ok();
  };
  for (int i = 0; i <= runs; ++i) {
    OL_RETURN_IF_ERROR(one(*sa, i > 0, &ms_a, &wait_a, &wall_a));
    OL_RETURN_IF_ERROR(one(*sb, i > 0, &ms_b, &wait_b, &wall_b));
  }
  MachineLoad load = SampleMachineLoad();
  load.busy_cores = std::max(load.busy_cores, before.busy_cores);
  load.loadavg1 = std::max(load.loadavg1, before.loadavg1);
  rep->latency_a = ComputeLatencyStats(ms_a);
  rep->latency_b = ComputeLatencyStats(ms_b);
  rep->p50_ms_a = rep->latency_a.p50;
  rep->p50_ms_b = rep->latency_b.p50;
  rep->latency_noise =
      CombineLatencyNoise(ClassifyLatencyNoise(rep->latency_a, threads, load, wait_a, wall_a),
                          ClassifyLatencyNoise(rep->latency_b, threads, load, wait_b, wall_b));
  return Status::Ok();
}

// Why B does not look like a version of A (CompareModelsReport::unrelated): two unrelated models
// with the same inputs reported a cosine of 0.06 and nothing more.
std::vector<std::string> WhyUnrelated(const std::vector<std::string>& a_outputs,
                                      const std::vector<std::string>& b_outputs,
                                      const CompareModelsReport& rep, bool layers_compared,
                                      size_t matched_layers) {
  std::vector<std::string> why;
  if (std::set<std::string>(a_outputs.begin(), a_outputs.end()) !=
      std::set<std::string>(b_outputs.begin(), b_outputs.end())) {
    why.push_back("their output names differ (A: " + Join(a_outputs, ", ") +
                  "; B: " + Join(b_outputs, ", ") + ")");
  }
  double highest = -1;
  bool compared = false;
  for (const OutputAgreement& o : rep.outputs) {
    if (!o.problem.empty()) {
      why.push_back("output " + Quote(o.name) + " cannot be compared: " + o.problem);
    } else if (o.stats.elements > 0) {
      compared = true;
      highest = std::max(highest, o.stats.cosine);
    }
  }
  if (!layers_compared || !compared || highest >= kUnrelatedCosine) return why;
  const bool layer_agrees =
      std::any_of(rep.layers.begin(), rep.layers.end(),
                  [](const LayerAgreement& l) { return l.stats.cosine >= kAgreeingLayerCosine; });
  if (layer_agrees) return why;
  const auto g = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return std::string(buf);
  };
  why.push_back(
      "every output's cosine is below " + g(kUnrelatedCosine) + " (highest " + g(highest) +
      ") and " +
      (matched_layers == 0
           ? std::string("no intermediate tensor of A has a counterpart in B")
           : "no matched intermediate tensor agrees (cosine >= " + g(kAgreeingLayerCosine) + ")"));
  return why;
}

// The QuantizeLinear of `b` whose DequantizeLinear makes `dequantized`: its scale and zero point
// into `l` (copies that share the initializers' bytes).
void QuantizerOf(const ir::Model& b, const std::string& dequantized, LayerAgreement* l) {
  const ir::Value* v = b.graph->FindLocalValue(dequantized);
  const ir::Node* dq = v ? v->producer() : nullptr;
  if (!dq || dq->op_type() != "DequantizeLinear" || !dq->input(0)) return;
  const ir::Node* q = dq->input(0)->producer();
  if (!q || q->op_type() != "QuantizeLinear") return;
  const auto param = [&](size_t k) -> std::shared_ptr<const ir::Tensor> {
    if (q->inputs().size() <= k || !q->input(k) || !q->input(k)->initializer()) return nullptr;
    return std::make_shared<const ir::Tensor>(*q->input(k)->initializer());
  };
  l->q_scale = param(1);
  l->q_zero_point = param(2);
}

std::map<std::string, const kernels::RtValue*> ByName(const runtime::NamedValues& values) {
  std::map<std::string, const kernels::RtValue*> out;
  for (const auto& [name, v] : values) out[name] = &v;
  return out;
}

}  // namespace

bool AddValuePair(const kernels::RtValue& a, const kernels::RtValue& b, AgreementAccum& acc,
                  std::string* problem) {
  return AddPair(a, b, acc, problem);
}

Expected<CompareModelsReport> CompareModelFiles(const fs::path& a_path, const fs::path& b_path,
                                                const CompareModelsRequest& r,
                                                const JobControl& job) {
  if (r.inputs_dir.empty() && r.images.empty() && r.random_samples <= 0)
    return InvalidArgument(
        "compare needs inputs: --inputs DIR (test_data_set_N folders), --images DIR or "
        "--random N");
  // Both only read: with the load cache on (the GUI), the kept model itself, not a clone. B first:
  // the GUI has just read it (the Quantize tab's quantized file), so it is the one kept.
  onnx_io::LoadedModel la, lb;
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> mb,
                      onnx_io::LoadSharedModelFile(b_path, {}, {}, &lb));
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> ma,
                      onnx_io::LoadSharedModelFile(a_path, {}, {}, &la));
  const ir::Model& a = *ma;
  const ir::Model& b = *mb;
  std::vector<std::string> a_outputs, b_outputs;
  for (const ir::Value* v : a.graph->outputs()) a_outputs.push_back(v->name());
  for (const ir::Value* v : b.graph->outputs()) b_outputs.push_back(v->name());
  if (a_outputs.size() != b_outputs.size())
    return InvalidArgument(Quote(a_path.string()) + " has " + std::to_string(a_outputs.size()) +
                           " outputs, " + Quote(b_path.string()) + " has " +
                           std::to_string(b_outputs.size()));
  const std::vector<LayerPair> pairs = r.layers ? MatchLayers(a, b) : std::vector<LayerPair>{};
  std::vector<AgreementAccum> layers(pairs.size());
  std::vector<HistAccum> hists(pairs.size());
  std::vector<bool> layer_ok(pairs.size(), true);
  // Layers without keeping every tensor: as A runs, its matched tensors are copied, up to
  // r.layer_memory_bytes of them (at least one); as B runs, each counterpart of a kept tensor is
  // compared and dropped. Pairs that did not fit wait for another run of both models on the same
  // sample. (Both models with every matched tensor made a graph output held all of a 50k-node
  // graph's activations twice: 4.5 GB.) `pass_of[i]`: the run of this sample that kept pair i's
  // tensor (0: not yet).
  std::unordered_multimap<std::string, size_t> by_a, by_b;
  for (size_t i = 0; i < pairs.size(); ++i) {
    by_a.emplace(pairs[i].a, i);
    by_b.emplace(pairs[i].b, i);
  }
  std::vector<int> pass_of(pairs.size(), 0);
  int pass = 0;
  std::unordered_map<std::string, kernels::RtValue> kept;
  uint64_t kept_bytes = 0;
  bool deferred = false;
  const uint64_t budget = std::max<uint64_t>(r.layer_memory_bytes, 1);
  using Observer = std::function<void(const std::string&, const kernels::RtValue&)>;
  Observer observe_a = [&](const std::string& name, const kernels::RtValue& v) {
    const auto [lo, hi] = by_a.equal_range(name);
    for (auto it = lo; it != hi; ++it) {
      const size_t i = it->second;
      if (pass_of[i] != 0 || !layer_ok[i]) continue;
      if (!kept.count(name)) {
        const uint64_t bytes = v.is_tensor() ? v.tensor.nbytes() : 0;
        if (!kept.empty() && kept_bytes + bytes > budget) {
          deferred = true;
          continue;
        }
        kept.emplace(name, OwnedCopy(v));
        kept_bytes += bytes;
      }
      pass_of[i] = pass;
    }
  };
  Observer observe_b = [&](const std::string& name, const kernels::RtValue& v) {
    const auto [lo, hi] = by_b.equal_range(name);
    for (auto it = lo; it != hi; ++it) {
      const size_t i = it->second;
      if (pass_of[i] != pass || !layer_ok[i]) continue;
      const auto k = kept.find(pairs[i].a);
      if (k == kept.end()) continue;
      std::string problem;
      layer_ok[i] = AddPair(k->second, v, layers[i], &problem, &hists[i]);
    }
  };
  if (pairs.empty()) observe_a = observe_b = nullptr;
  OL_ASSIGN_OR_RETURN(auto sa, SessionOf(ma, r.threads, "disabled", observe_a));
  OL_ASSIGN_OR_RETURN(auto sb, SessionOf(mb, r.threads, "disabled", observe_b));
  std::unique_ptr<quant::SampleSource> source;
  CompareModelsReport rep;
  rep.a = a_path.string();
  rep.b = b_path.string();
  rep.bytes_a = la.file_bytes;
  rep.bytes_b = lb.file_bytes;
  if (!r.inputs_dir.empty()) {
    OL_ASSIGN_OR_RETURN(std::vector<fs::path> sets, ListDataSets(r.inputs_dir, "--inputs"));
    source = std::make_unique<FolderSamples>(a, std::move(sets));
  } else if (!r.images.empty()) {
    OL_ASSIGN_OR_RETURN(source, ImageSamples::Create(a, r.images));
  } else {
    rep.random_inputs = true;
    OL_ASSIGN_OR_RETURN(const DimOverrides dims, RandomSampleDims(a, r.dims, r.ranges, r.seed));
    source = std::make_unique<RandomSamples>(a, r.random_samples, r.seed, dims, r.ranges);
  }
  const auto b_inputs = FeedableInputs(b);
  std::vector<OutputAccum> outs(a_outputs.size());
  std::optional<quant::Sample> first;
  const int64_t total = source->size();
  while (true) {
    if (!job.Report(Stage::kComparing,
                    total > 0 ? std::min(1.0, static_cast<double>(rep.samples) / total) : 0.0,
                    std::to_string(rep.samples) + "/" + std::to_string(total)))
      return Cancelled("the comparison was cancelled");
    OL_ASSIGN_OR_RETURN(std::optional<quant::Sample> sample, source->Next());
    if (!sample) break;
    const std::string where = "sample " + std::to_string(rep.samples);
    OL_RETURN_IF_ERROR(CheckSample(*sample, b_inputs, where + " for " + Quote(b_path.string())));
    std::fill(pass_of.begin(), pass_of.end(), 0);
    for (pass = 1;; ++pass) {
      kept.clear();
      kept_bytes = 0;
      deferred = false;
      auto ra = sa->Run(*sample, &job.cancel);
      if (!ra.ok()) return ra.status().WithContext(a_path.string() + ", " + where);
      auto rb = sb->Run(*sample, &job.cancel);
      if (!rb.ok()) return rb.status().WithContext(b_path.string() + ", " + where);
      if (pass == 1) {
        const auto va = ByName(*ra), vb = ByName(*rb);
        for (size_t i = 0; i < a_outputs.size(); ++i) {
          OutputAccum& o = outs[i];
          if (!o.problem.empty()) continue;
          const kernels::RtValue* x = va.at(a_outputs[i]);
          const kernels::RtValue* y =
              vb.count(a_outputs[i]) ? vb.at(a_outputs[i]) : vb.at(b_outputs[i]);
          if (AddPair(*x, *y, o.stats, &o.problem)) AddTopK(x->tensor, y->tensor, o);
        }
      }
      if (!deferred) break;
      OL_RETURN_IF_ERROR(job.CheckCancelled("the comparison"));
    }
    kept.clear();
    if (!first) first = std::move(*sample);
    ++rep.samples;
  }
  if (rep.samples == 0) return InvalidArgument("compare got no sample");
  for (size_t i = 0; i < a_outputs.size(); ++i) {
    OutputAgreement o;
    o.name = a_outputs[i];
    o.stats = outs[i].stats.Result();
    o.problem = outs[i].problem;
    o.classifier = outs[i].classifier;
    o.rows = outs[i].rows;
    if (o.rows > 0) {
      o.top1 = static_cast<double>(outs[i].top1) / o.rows;
      o.top5 = static_cast<double>(outs[i].top5) / o.rows;
    }
    rep.outputs.push_back(std::move(o));
  }
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (!layer_ok[i] || layers[i].n == 0) continue;
    const ir::Value* same = b.graph->FindLocalValue(pairs[i].a);
    LayerAgreement l{pairs[i].a,
                     pairs[i].b,
                     pairs[i].match,
                     layers[i].Result(),
                     std::move(hists[i].h),
                     same && same->producer() ? same->producer()->name() : std::string()};
    QuantizerOf(b, pairs[i].b, &l);
    rep.layers.push_back(std::move(l));
  }
  if (r.latency_runs > 0 && first) {
    job.Report(Stage::kComparing, 1.0, "latency");
    // The timed sessions run optimized copies: the accuracy sessions, the sample source and the
    // models as loaded (`a` and `b` are not used past here) go before they are made.
    sa.reset();
    sb.reset();
    source.reset();
    OL_RETURN_IF_ERROR(TimeBoth(std::move(ma), std::move(mb), *first, r.latency_runs, r.threads,
                                r.latency_level, job, &rep));
    rep.latency_runs = r.latency_runs;
    rep.latency_level = r.latency_level;
  }
  std::stable_sort(rep.layers.begin(), rep.layers.end(),
                   [](const LayerAgreement& x, const LayerAgreement& y) {
                     return x.stats.sqnr_db < y.stats.sqnr_db;
                   });
  rep.unrelated = WhyUnrelated(a_outputs, b_outputs, rep, r.layers, pairs.size());
  job.Report(Stage::kDone, 1.0);
  return rep;
}

namespace {

nlohmann::json ToJson(const Agreement& s) {
  return {{"max_abs_error", s.max_abs},
          {"mean_abs_error", s.mean_abs},
          {"cosine", s.cosine},
          {"sqnr_db", s.sqnr_db},
          {"elements", s.elements}};
}

nlohmann::json LatencyJson(const LatencyStats& s) {
  return {{"count", s.count}, {"p10", s.p10}, {"p50", s.p50}, {"p90", s.p90}, {"mad", s.mad}};
}

}  // namespace

nlohmann::json ToJson(const CompareModelsReport& r) {
  nlohmann::json outputs = nlohmann::json::array(), layers = nlohmann::json::array();
  for (const auto& o : r.outputs) {
    nlohmann::json j = ToJson(o.stats);
    j["name"] = o.name;
    j["classifier"] = o.classifier;
    if (o.classifier) {
      j["rows"] = o.rows;
      j["top1_agreement"] = o.top1;
      j["top5_agreement"] = o.top5;
    }
    if (!o.problem.empty()) j["problem"] = o.problem;
    outputs.push_back(std::move(j));
  }
  for (const auto& l : r.layers) {
    nlohmann::json j = ToJson(l.stats);
    j["tensor"] = l.tensor;
    j["counterpart"] = l.counterpart;
    j["match"] = l.match;
    const LayerHistograms& h = l.histograms;
    j["histograms"] = {{"bins", LayerHistograms::kBins},
                       {"range", {h.lo, h.hi}},
                       {"error_range", {h.err_lo, h.err_hi}},
                       {"a", h.a},
                       {"b", h.b},
                       {"error", h.error},
                       {"a_min", h.a_min},
                       {"a_max", h.a_max}};
    layers.push_back(std::move(j));
  }
  return {{"schema", "onnxlens.compare/1"},
          {"a", r.a},
          {"b", r.b},
          {"samples", r.samples},
          {"random_inputs", r.random_inputs},
          {"bytes_a", r.bytes_a},
          {"bytes_b", r.bytes_b},
          {"latency_runs", r.latency_runs},
          {"latency_level", r.latency_level},
          {"p50_ms_a", r.p50_ms_a},
          {"p50_ms_b", r.p50_ms_b},
          {"latency",
           {{"a", LatencyJson(r.latency_a)},
            {"b", LatencyJson(r.latency_b)},
            {"spread_percent", r.latency_noise.spread_percent},
            {"noisy", r.latency_noise.noisy},
            {"loaded", r.latency_noise.loaded},
            {"cores", r.latency_noise.cores},
            {"busy_cores", r.latency_noise.busy_cores},
            {"loadavg1", r.latency_noise.loadavg1},
            {"runqueue_wait_percent", r.latency_noise.wait_percent},
            {"warnings", LatencyNoiseWarnings(r.latency_noise)}}},
          {"outputs", outputs},
          {"layers", layers},
          {"unrelated", r.unrelated}};
}

}  // namespace onnxlens::api
