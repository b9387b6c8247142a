// Random inputs that work on real models: free dimensions chosen and tried, integer inputs in the
// range of the embedding tables they index.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <new>
#include <set>

#include "api/internal/inputs.h"
#include "common/strings.h"
#include "kernels/tensor_util.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

using kernels::RtValue;

namespace {

bool IsIntegerType(ir::DataType dt) {
  return dt != ir::DataType::kBool && dt != ir::DataType::kString &&
         dt != ir::DataType::kUndefined && !ir::IsFloatingPoint(dt);
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool Contains(const std::string& s, std::string_view part) {
  return s.find(part) != std::string::npos;
}

// The smallest table size that `v` indexes through shape-only ops, or 0.
int64_t IndexedTableSize(const ir::Value& start) {
  static const std::set<std::string> kPassThrough = {"Cast",    "Unsqueeze", "Squeeze", "Reshape",
                                                     "Flatten", "Identity",  "Expand",  "Transpose",
                                                     "Slice",   "Tile"};
  int64_t best = 0;
  auto take = [&](int64_t size) {
    if (size > 0) best = best == 0 ? size : std::min(best, size);
  };
  std::vector<const ir::Value*> todo = {&start};
  std::set<const ir::Value*> seen;
  while (!todo.empty() && seen.size() < 64) {
    const ir::Value* v = todo.back();
    todo.pop_back();
    if (!seen.insert(v).second) continue;
    for (const ir::Use& use : v->uses()) {
      const ir::Node& n = *use.node;
      const std::string& op = n.op_type();
      if (op == "Gather" && use.index == 1 && n.input(0)) {
        const auto& shape = n.input(0)->type().shape;
        if (!shape) continue;
        int64_t axis = n.GetInt("axis", 0);
        const int64_t rank = static_cast<int64_t>(shape->size());
        if (axis < 0) axis += rank;
        if (axis >= 0 && axis < rank && (*shape)[axis].known()) take((*shape)[axis].value);
      } else if (op == "EmbedLayerNormalization" && (use.index == 0 || use.index == 1)) {
        const ir::Value* table = n.input(use.index == 0 ? 2 : 3);
        if (table && table->type().shape && !table->type().shape->empty() &&
            (*table->type().shape)[0].known())
          take((*table->type().shape)[0].value);
      } else if (kPassThrough.count(op) && use.index == 0 && n.output(0)) {
        todo.push_back(n.output(0));
      }
    }
  }
  return best;
}

// What kind of size a free dimension holds, from its name and where it is.
enum class DimKind { kBatch, kSequence, kSpatial, kSamples, kOther };

struct FreeDim {
  std::string key;  // dim_param, or "INPUT:AXIS" for an axis without a name
  DimKind kind = DimKind::kOther;
  std::vector<int64_t> candidates;
};

DimKind KindOf(const std::string& param, const ir::TypeInfo& t, size_t axis) {
  const std::string n = Lower(param);
  if (Contains(n, "batch") || n == "n" || n == "b" || n == "bs" || n == "num_images")
    return DimKind::kBatch;
  if (Contains(n, "height") || Contains(n, "width") || n == "h" || n == "w" ||
      Contains(n, "img_h") || Contains(n, "img_w"))
    return DimKind::kSpatial;
  if (Contains(n, "sample") || Contains(n, "audio") || Contains(n, "wav") ||
      Contains(n, "signal") || Contains(n, "pcm"))
    return DimKind::kSamples;
  if (Contains(n, "seq") || Contains(n, "len") || Contains(n, "token") || Contains(n, "time") ||
      Contains(n, "frame") || Contains(n, "step") || n == "t")
    return DimKind::kSequence;
  // No telling name: the position decides. Images are [N, C, H, W] or [N, H, W, C] with a few
  // channels; the first axis of a tensor of rank 2 or more is the batch.
  const auto& shape = *t.shape;
  auto few_channels = [&](size_t i) { return shape[i].known() && shape[i].value <= 4; };
  if (shape.size() == 4 &&
      ((few_channels(1) && axis >= 2) || (few_channels(3) && (axis == 1 || axis == 2))))
    return DimKind::kSpatial;
  if (axis == 0 && shape.size() >= 2) return DimKind::kBatch;
  return DimKind::kOther;
}

std::vector<int64_t> CandidatesFor(DimKind kind) {
  switch (kind) {
    case DimKind::kBatch:
      return {1};
    case DimKind::kSequence:
      return {128, 256, 512, 64, 32, 16, 8};
    case DimKind::kSpatial:
      return {224, 320, 640, 64, 32};
    case DimKind::kSamples:
      return {16000, 512, 4096, 1024, 256};
    case DimKind::kOther:
      return {1, 16, 128, 512, 1024, 4096, 16000};
  }
  return {1};
}

// A metadata entry named like the dimension ("sequence" -> "128") goes first.
void PreferMetadata(const ir::Model& model, FreeDim* d) {
  const std::string want = Lower(d->key);
  for (const auto& [key, value] : model.metadata) {
    if (Lower(key) != want) continue;
    int64_t v = 0;
    const auto r = std::from_chars(value.data(), value.data() + value.size(), v);
    if (r.ec != std::errc() || r.ptr != value.data() + value.size() || v < 1) continue;
    d->candidates.erase(std::remove(d->candidates.begin(), d->candidates.end(), v),
                        d->candidates.end());
    d->candidates.insert(d->candidates.begin(), v);
  }
}

std::vector<FreeDim> FreeDims(const ir::Model& model) {
  std::vector<FreeDim> out;
  std::set<std::string> seen;
  for (const ir::Value* v : model.graph->inputs()) {
    if (v->is_initializer() || v->type().kind != ir::TypeInfo::Kind::kTensor || !v->type().shape)
      continue;
    const auto& shape = *v->type().shape;
    for (size_t axis = 0; axis < shape.size(); ++axis) {
      if (shape[axis].known()) continue;
      FreeDim d;
      d.key = shape[axis].symbolic() ? shape[axis].param : v->name() + ":" + std::to_string(axis);
      if (!seen.insert(d.key).second) continue;
      d.kind = KindOf(shape[axis].param, v->type(), axis);
      d.candidates = CandidatesFor(d.kind);
      PreferMetadata(model, &d);
      out.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace

RangeOverrides DefaultRanges(const ir::Graph& g, const RangeOverrides& overrides) {
  RangeOverrides out;
  for (const ir::Value* v : g.inputs()) {
    if (v->is_initializer()) continue;
    if (auto it = overrides.find(v->name()); it != overrides.end()) {
      out[v->name()] = it->second;
      continue;
    }
    const ir::DataType dt = v->type().elem_type;
    if (IsIntegerType(dt)) {
      const int64_t table = IndexedTableSize(*v);
      out[v->name()] = table > 0 ? ValueRange{0, static_cast<double>(table - 1)} : ValueRange{0, 1};
    } else if (ir::IsFloatingPoint(dt) || dt == ir::DataType::kUndefined) {
      out[v->name()] = ValueRange{-1, 1};
    }
  }
  return out;
}

Expected<ir::Tensor> RandomInput(const ir::Value& v, std::mt19937_64& rng, const ValueRange* range,
                                 const DimOverrides* given) {
  const ir::TypeInfo& t = v.type();
  if (t.kind != ir::TypeInfo::Kind::kTensor) {
    return Unsupported("input " + Quote(v.name()) + " is not a tensor; give it with --inputs");
  }
  std::vector<int64_t> dims;
  if (t.shape) {
    for (size_t axis = 0; axis < t.shape->size(); ++axis) {
      const ir::Dim& d = (*t.shape)[axis];
      int64_t value = d.known() ? d.value : 1;
      if (!d.known() && given) {
        auto it = given->find(v.name() + ":" + std::to_string(axis));
        if (it == given->end() && d.symbolic()) it = given->find(d.param);
        if (it != given->end()) value = it->second;
      }
      dims.push_back(value);
    }
  }
  const ir::DataType dt =
      t.elem_type == ir::DataType::kUndefined ? ir::DataType::kFloat : t.elem_type;
  const ir::DataType made =
      dt == ir::DataType::kFloat16 || dt == ir::DataType::kBFloat16 ? ir::DataType::kFloat : dt;
  // The shape is the model's: too large a one is an error naming the input, not std::bad_alloc.
  Expected<ir::Tensor> zeros = [&]() -> Expected<ir::Tensor> {
    try {
      return ir::Tensor::Zeros(made, dims);
    } catch (const std::bad_alloc&) {
      return OutOfRange("not enough memory for random values of shape [" + Join(dims, ",") + "]");
    }
  }();
  if (!zeros.ok()) return zeros.status().WithContext("input " + Quote(v.name()));
  ir::Tensor x = std::move(zeros).value();
  const bool floating = ir::IsFloatingPoint(made);
  const ValueRange r = range ? *range : floating ? ValueRange{-1, 1} : ValueRange{0, 1};
  std::uniform_real_distribution<double> uni(r.lo, r.hi);
  const int64_t ilo = static_cast<int64_t>(std::ceil(r.lo));
  const int64_t ihi = std::max(ilo, static_cast<int64_t>(std::floor(r.hi)));
  std::uniform_int_distribution<int64_t> ints(ilo, ihi);
  std::uniform_int_distribution<int> coin(0, 1);
  Status st = kernels::VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    T* p = x.mutable_data<T>();
    for (int64_t i = 0; i < x.numel(); ++i) {
      if constexpr (std::is_floating_point_v<T>)
        p[i] = static_cast<T>(uni(rng));
      else if constexpr (std::is_same_v<T, bool>)
        p[i] = coin(rng) == 1;
      else
        p[i] = static_cast<T>(ints(rng));
    }
    return Status::Ok();
  });
  if (!st.ok())
    return Unsupported("cannot make random values for input " + Quote(v.name()) + " of type " +
                       TypeToString(t));
  if (dt != x.dtype()) return kernels::FromFloat(x, dt);
  return x;
}

Expected<std::map<std::string, RtValue>> MakeInputs(const runtime::Session& session,
                                                    const fs::path& dir, uint64_t seed,
                                                    const RangeOverrides& ranges,
                                                    const DimOverrides& dims) {
  std::vector<std::pair<std::string, std::string>> feedable;
  for (const ir::Value* v : session.Inputs()) {
    if (v->is_initializer()) continue;
    const auto k = v->type().kind;
    feedable.emplace_back(v->name(), k == ir::TypeInfo::Kind::kSequence   ? "sequence"
                                     : k == ir::TypeInfo::Kind::kOptional ? "optional"
                                                                          : "");
  }
  if (!dir.empty()) return LoadInputs(dir, feedable);
  std::map<std::string, RtValue> inputs;
  std::mt19937_64 rng(seed);
  for (const ir::Value* v : session.Inputs()) {
    if (v->is_initializer()) continue;
    auto it = ranges.find(v->name());
    OL_ASSIGN_OR_RETURN(ir::Tensor t,
                        RandomInput(*v, rng, it == ranges.end() ? nullptr : &it->second, &dims));
    inputs[v->name()] = RtValue::FromTensor(std::move(t));
  }
  return inputs;
}

Status CheckDimNames(const ir::Model& model, const DimOverrides& dims) {
  const std::vector<FreeDim> free = FreeDims(model);
  std::set<std::string> names;
  std::vector<std::string> listed;
  for (const FreeDim& d : free) {
    names.insert(d.key);
    listed.push_back(d.key);
  }
  for (const ir::Value* v : model.graph->inputs()) {
    if (!v->type().shape) continue;
    for (size_t axis = 0; axis < v->type().shape->size(); ++axis)
      if (!(*v->type().shape)[axis].known()) names.insert(v->name() + ":" + std::to_string(axis));
  }
  for (const auto& [name, value] : dims) {
    if (names.count(name)) continue;
    return InvalidArgument("--dim " + name + "=" + std::to_string(value) +
                           ": the model's inputs have no free dimension " + Quote(name) + "; " +
                           (listed.empty() ? std::string("all their dimensions are fixed")
                                           : "their free dimensions are " + Join(listed, ", ")));
  }
  return Status::Ok();
}

DimOverrides ChooseFreeDims(const ir::Model& model, const DimOverrides& given) {
  DimOverrides out = given;
  for (const FreeDim& d : FreeDims(model)) out.emplace(d.key, d.candidates.front());
  return out;
}

Expected<DimOverrides> ChooseAndTryFreeDims(const std::shared_ptr<const ir::Model>& model,
                                            const InputRequest& req, const RangeOverrides& ranges) {
  // An axis form on a named dimension gives that name (as onnx_io's overrides do).
  DimOverrides given = req.dims;
  for (const ir::Value* v : model->graph->inputs()) {
    if (!v->type().shape) continue;
    for (size_t axis = 0; axis < v->type().shape->size(); ++axis) {
      const ir::Dim& d = (*v->type().shape)[axis];
      auto it = req.dims.find(v->name() + ":" + std::to_string(axis));
      if (it != req.dims.end() && d.symbolic()) given.emplace(d.param, it->second);
    }
  }
  std::vector<FreeDim> free;
  for (FreeDim& d : FreeDims(*model))
    if (!given.count(d.key)) free.push_back(std::move(d));
  if (free.empty()) return DimOverrides{};
  // A guess is tried with one run unless every free dim is a batch (1 is always a valid batch).
  const bool guessing = std::any_of(free.begin(), free.end(),
                                    [](const FreeDim& d) { return d.candidates.size() > 1; });
  auto choice = [&](const std::vector<size_t>& k) {
    DimOverrides chosen;
    for (size_t i = 0; i < free.size(); ++i) chosen[free[i].key] = free[i].candidates[k[i]];
    return chosen;
  };
  const std::vector<size_t> first(free.size(), 0);
  if (!guessing) return choice(first);
  runtime::SessionOptions so;
  so.intra_op_threads = 1;
  if (!req.providers.empty()) so.providers = req.providers;
  so.max_memory_bytes = req.max_memory_bytes;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(model, so));
  // The dims are searched jointly, not one at a time: sizes that constrain each other (a VAD's
  // audio long enough for its STFT while its state keeps its own free batch) need a combination
  // no single dim's order reaches. Combinations go by the sum of their candidates' ranks (the
  // first guesses first), at most kMaxAttempts runs.
  constexpr size_t kMaxAttempts = 32;
  std::vector<std::vector<size_t>> combos;
  size_t max_sum = 0;
  for (const FreeDim& d : free) max_sum += d.candidates.size() - 1;
  std::vector<size_t> k(free.size(), 0);
  std::function<void(size_t, size_t)> compose = [&](size_t i, size_t left) {
    if (combos.size() >= kMaxAttempts) return;
    if (i + 1 == free.size()) {
      if (left < free[i].candidates.size()) {
        k[i] = left;
        combos.push_back(k);
      }
      return;
    }
    for (size_t r = 0; r <= left && r < free[i].candidates.size(); ++r) {
      k[i] = r;
      compose(i + 1, left - r);
    }
  };
  for (size_t sum = 0; sum <= max_sum && combos.size() < kMaxAttempts; ++sum) compose(0, sum);
  Status first_error;
  std::vector<std::vector<int64_t>> tried(free.size());
  for (const std::vector<size_t>& combo : combos) {
    const DimOverrides chosen = choice(combo);
    for (size_t i = 0; i < free.size(); ++i) {
      const int64_t v = free[i].candidates[combo[i]];
      if (std::find(tried[i].begin(), tried[i].end(), v) == tried[i].end()) tried[i].push_back(v);
    }
    DimOverrides all = given;
    all.insert(chosen.begin(), chosen.end());
    auto inputs = MakeInputs(*session, {}, req.seed, ranges, all);
    Status st = inputs.status();
    if (st.ok()) st = session->Run(*inputs).status();
    if (st.ok()) return chosen;
    // A model onnxlens cannot run at all fails the same way at every size.
    if (st.code() == StatusCode::kUnsupported) return st;
    if (first_error.ok()) first_error = st;
  }
  std::vector<std::string> sets, described;
  for (size_t i = 0; i < free.size(); ++i) {
    sets.push_back("--dim " + free[i].key + "=N");
    described.push_back(free[i].key + " (tried " + Join(tried[i], ", ") + ")");
  }
  return InvalidArgument(
      "random inputs: the model did not run with any of the " + std::to_string(combos.size()) +
      " combinations of sizes tried for its free dimensions " + Join(described, ", ") +
      "; set them with " + Join(sets, " ") + ". With " + FormatDimOverrides(choice(first)) +
      " the run failed: " + first_error.message());
}

Status CheckRangeNames(const ir::Graph& g, const RangeOverrides& ranges) {
  const RangeOverrides known = DefaultRanges(g, {});
  for (const auto& [name, r] : ranges) {
    if (known.count(name)) continue;
    std::string names;
    for (const auto& [input, _] : known) names += (names.empty() ? "" : ", ") + Quote(input);
    return InvalidArgument("--range " + name + ": the model has no input " + Quote(name) +
                           " (its inputs: " + (names.empty() ? "none" : names) + ")");
  }
  return Status::Ok();
}

Expected<ModelForRun> LoadModelForRun(const fs::path& path, const InputRequest& req,
                                      const JobControl& job) {
  onnx_io::LoadOptions lo;
  lo.dim_overrides = req.dims;
  ModelForRun out;
  // Sessions never change their model: the load cache's own when it has the file.
  OL_ASSIGN_OR_RETURN(out.model, onnx_io::LoadSharedModelFile(path, lo, job, &out.loaded));
  OL_RETURN_IF_ERROR(CheckRangeNames(*out.model->graph, req.ranges));
  out.ranges = DefaultRanges(*out.model->graph, req.ranges);
  if (!req.inputs_dir.empty()) return out;
  // The free dims left are chosen (and tried) on this model, then baked in as the given ones.
  InputRequest rest = req;
  rest.dims.clear();
  auto chosen = ChooseAndTryFreeDims(out.model, rest, out.ranges);
  if (!chosen.ok()) return chosen.status().WithContext(path.string());
  if (chosen->empty()) return out;
  for (const auto& [k, v] : *chosen) lo.dim_overrides[k] = v;
  if (job.cancelled()) return Cancelled("loading cancelled");
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel baked, onnx_io::LoadModelFile(path, lo));
  baked.warnings = std::move(out.loaded.warnings);
  out.model = std::shared_ptr<const ir::Model>(std::move(baked.model));
  out.loaded = std::move(baked);
  out.chosen = std::move(chosen).value();
  return out;
}

}  // namespace onnxlens::api
