// Model file loading and saving.
#include "onnx/model_io.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/declared_outputs.h"
#include "onnx/exporter.h"
#include "onnx/external_data.h"
#include "onnx/importer.h"
#include "onnx/inference_guards.h"
#include "onnx/node_validator.h"
#include "onnx/tensor_data_check.h"

namespace fs = std::filesystem;

namespace onnxlens::onnx_io {

namespace {

constexpr uint64_t kMaxProtobufBytes = uint64_t{INT_MAX};

bool HasExternalData(const onnx::GraphProto& g) {
  for (const auto& t : g.initializer()) {
    if (t.data_location() == onnx::TensorProto::EXTERNAL) return true;
  }
  for (const auto& n : g.node()) {
    for (const auto& a : n.attribute()) {
      if (a.has_t() && a.t().data_location() == onnx::TensorProto::EXTERNAL) return true;
      if (a.has_g() && HasExternalData(a.g())) return true;
      for (const auto& sub : a.graphs()) {
        if (HasExternalData(sub)) return true;
      }
    }
  }
  return false;
}

std::string FirstLine(const std::string& s) {
  const auto nl = s.find('\n');
  std::string line = nl == std::string::npos ? s : s.substr(0, nl);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  return line;
}

// Sets the graph inputs' free dimensions from `overrides` (dim_param name or "INPUT:AXIS").
Status ApplyDimOverrides(onnx::GraphProto& g, const std::map<std::string, int64_t>& overrides) {
  if (overrides.empty()) return Status::Ok();
  std::set<std::string> initializers;
  for (const auto& t : g.initializer()) initializers.insert(t.name());
  std::set<std::string> used;
  // An axis form on a named free dimension sets that name everywhere ("x:1=128" is the sequence
  // of every input that shares x's second dimension), unless the name is given too.
  std::map<std::string, int64_t> by_param(overrides.begin(), overrides.end());
  std::map<std::string, std::string> param_source;  // param -> the axis form that set it
  for (const auto& in : g.input()) {
    if (!in.type().has_tensor_type() || !in.type().tensor_type().has_shape()) continue;
    const auto& shape = in.type().tensor_type().shape();
    for (int axis = 0; axis < shape.dim_size(); ++axis) {
      const auto& d = shape.dim(axis);
      auto it = overrides.find(in.name() + ":" + std::to_string(axis));
      if (it == overrides.end() || d.has_dim_value() || !d.has_dim_param()) continue;
      if (by_param.emplace(d.dim_param(), it->second).second)
        param_source[d.dim_param()] = it->first;
    }
  }
  std::vector<std::string> have;  // "batch (input_ids:0, attention_mask:0)" style, in order
  std::map<std::string, std::vector<std::string>> axes_of;
  std::vector<std::string> names;
  for (auto& in : *g.mutable_input()) {
    if (initializers.count(in.name()) || !in.type().has_tensor_type() ||
        !in.type().tensor_type().has_shape())
      continue;
    auto* shape = in.mutable_type()->mutable_tensor_type()->mutable_shape();
    for (int axis = 0; axis < shape->dim_size(); ++axis) {
      auto* d = shape->mutable_dim(axis);
      const std::string axis_key = in.name() + ":" + std::to_string(axis);
      const bool free = !d->has_dim_value();
      const std::string param = d->has_dim_param() ? d->dim_param() : "";
      if (free) {
        const std::string label = param.empty() ? axis_key : param;
        if (!axes_of.count(label)) names.push_back(label);
        axes_of[label].push_back(axis_key);
      }
      auto by_axis = overrides.find(axis_key);
      auto by_name = param.empty() || !free ? by_param.end() : by_param.find(param);
      if (by_axis != overrides.end()) {
        used.insert(axis_key);
        if (!free && d->dim_value() != by_axis->second) {
          return InvalidArgument("--dim " + axis_key + "=" + std::to_string(by_axis->second) +
                                 ": axis " + std::to_string(axis) + " of input " +
                                 Quote(in.name()) + " is fixed at " +
                                 std::to_string(d->dim_value()));
        }
        d->set_dim_value(by_axis->second);
      } else if (by_name != by_param.end()) {
        used.insert(param_source.count(param) ? param_source[param] : param);
        d->set_dim_value(by_name->second);
      }
    }
  }
  for (const auto& [name, value] : overrides) {
    if (used.count(name)) continue;
    std::vector<std::string> list;
    for (const std::string& n : names)
      list.push_back(n == axes_of[n].front() ? n : n + " (" + Join(axes_of[n], ", ") + ")");
    return InvalidArgument("--dim " + name + "=" + std::to_string(value) +
                           ": the model's inputs have no free dimension " + Quote(name) + "; " +
                           (list.empty() ? std::string("all their dimensions are fixed")
                                         : "their free dimensions are " + Join(list, ", ")));
  }
  return Status::Ok();
}

// The load; `owned` (the file's bytes when the caller read them for us) is released as soon as
// the protobuf holds its own copy, so the weights are never in memory three times (file, proto,
// IR) at the load's peak.
Expected<LoadedModel> LoadImpl(std::string_view bytes, std::string* owned,
                               const fs::path& model_dir, const std::string& display_name,
                               const LoadOptions& options, const JobControl& job) {
  const auto start = std::chrono::steady_clock::now();
  auto cancelled = [&] { return job.cancelled(); };
  auto fail = [&](const Status& s) -> Status { return s.WithContext(display_name); };

  LoadedModel out;
  out.path = display_name;
  out.file_bytes = bytes.size();
  if (bytes.empty()) {
    return fail(
        InvalidModel("the file is empty (0 bytes); an ONNX model is a protobuf ModelProto"));
  }
  if (bytes.size() > kMaxProtobufBytes) {
    return fail(InvalidModel("the file is " + FormatBytes(bytes.size()) +
                             "; a protobuf model cannot exceed 2 GiB (larger models keep their "
                             "weights in external data files)"));
  }

  job.Report(Stage::kParsing, 0.1);
  auto proto = std::make_unique<onnx::ModelProto>();
  if (!proto->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return fail(
        InvalidModel("not a valid ONNX model: the protobuf could not be parsed "
                     "(the file is truncated, corrupt, or not an ONNX file)"));
  }
  if (owned) std::string().swap(*owned);
  bytes = {};
  if (!proto->has_graph()) {
    return fail(InvalidModel("not a valid ONNX model: the ModelProto has no graph"));
  }
  if (cancelled()) return fail(Cancelled("loading cancelled"));

  // Before the checker and shape inference: libonnx reads tensor data without checking its size.
  if (Status st = CheckModelTensorData(*proto); !st.ok()) return fail(st);
  if (Status st = ApplyDimOverrides(*proto->mutable_graph(), options.dim_overrides); !st.ok())
    return fail(st);
  const bool external = HasExternalData(proto->graph());
  if (options.run_checker) {
    job.Report(Stage::kChecking, 0.25);
    try {
      if (external && !model_dir.empty()) {
        // The path overload resolves external data against the model's directory.
        onnx::checker::check_model((model_dir / fs::path(display_name).filename()).string());
      } else {
        onnx::checker::check_model(*proto);
      }
      out.checker_passed = true;
    } catch (const std::exception& e) {
      out.warnings.push_back("ONNX checker: " + FirstLine(e.what()));
    }
  }
  if (cancelled()) return fail(Cancelled("loading cancelled"));

  // libonnx's shape inference divides by strides and groups and reads required attributes without
  // checking them: a model with such a node is loaded without inference (the session's validation
  // then refuses it).
  const std::string hazard = FindShapeInferenceHazard(*proto);
  if (!hazard.empty()) out.warnings.push_back("shape inference skipped: " + hazard);
  if (options.infer_shapes && hazard.empty()) {
    job.Report(Stage::kInferringShapes, 0.4);
    InstallShapeInferenceGuards();
    DeclaredOutputs declared(proto->mutable_graph());
    try {
      onnx::ShapeInferenceOptions strict(/*check_type=*/false, /*error_mode=*/1,
                                         /*data_propagation=*/true);
      onnx::shape_inference::InferShapes(*proto, onnx::OpSchemaRegistry::Instance(), strict);
      out.shape_inference_complete = true;
    } catch (const std::exception& e) {
      out.warnings.push_back("shape inference: " + FirstLine(e.what()));
      try {
        // Best effort: keep what can be inferred around the failing node.
        onnx::ShapeInferenceOptions lenient(false, 0, true);
        onnx::shape_inference::InferShapes(*proto, onnx::OpSchemaRegistry::Instance(), lenient);
      } catch (const std::exception& e2) {
        out.warnings.push_back("shape inference (lenient): " + FirstLine(e2.what()));
      }
    }
    for (std::string& w : declared.MergeBack()) out.warnings.push_back(std::move(w));
  }
  if (cancelled()) return fail(Cancelled("loading cancelled"));

  job.Report(Stage::kBuildingGraph, 0.6);
  ExternalDataDirectory ext_dir(model_dir);
  ext_dir.set_max_total_bytes(options.max_external_bytes);
  ExternalReader reader;
  if (external) {
    reader = [&](const onnx::TensorProto& tp, ir::DataType dt, std::vector<int64_t> dims,
                 uint64_t nbytes, std::string_view what) -> Expected<ir::Tensor> {
      if (cancelled()) return Cancelled("loading cancelled");
      return ext_dir.Read(tp, dt, std::move(dims), nbytes, what);
    };
  }
  auto imported = ImportModel(*proto, reader);
  if (!imported.ok()) return fail(imported.status());
  proto.reset();
  out.model = std::make_unique<ir::Model>(std::move(imported->model));
  for (auto& w : imported->warnings) out.warnings.push_back(std::move(w));
  out.external_files.assign(ext_dir.files().begin(), ext_dir.files().end());
  // The last stage at 100 % (not kDone: a caller's job may go on after the load).
  job.Report(Stage::kBuildingGraph, 1);
  out.load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace

Expected<LoadedModel> LoadModelFromBytes(std::string_view bytes, const fs::path& model_dir,
                                         const std::string& display_name,
                                         const LoadOptions& options, const JobControl& job) {
  return LoadImpl(bytes, nullptr, model_dir, display_name, options, job);
}

namespace {

// The last model loaded from a file, when the process asked for it (SetLoadCacheEnabled): the
// GUI loads the same file for the graph, the optimization trace, the provider colouring, the
// profile and the quantization. A hit needs bytes of the same size and hashes, the same options and
// external files.
struct CachedLoad {
  std::string path;
  /// The file's bytes are not kept (as large as 64 MiB): their size and two independent 64-bit
  /// hashes stand for them.
  size_t size = 0;
  uint64_t hash[2] = {0, 0};  ///< HashBytes
  LoadOptions options;
  struct External {
    fs::path path;
    uintmax_t size = 0;
    fs::file_time_type mtime;
  };
  std::vector<External> externals;
  LoadedModel loaded;  ///< everything but the model (loaded.model is null)
  /// Handed out as is by LoadSharedModelFile, cloned by LoadModelFile; never changed.
  std::shared_ptr<const ir::Model> model;
};

// A load the last one replaced, remembered while anything still holds its model: the GUI's
// optimization trace keeps the opened file's model after the Quantize tab has loaded the quantized
// one, and the comparison of the two then read the original again (a second graph of 50,000
// nodes, ~250 MB). Its bytes are not kept: their size and two 64-bit hashes stand for them.
struct EarlierLoad {
  std::shared_ptr<const CachedLoad> meta;  ///< model null
  std::weak_ptr<const ir::Model> model;
};
constexpr size_t kMaxEarlierLoads = 8;

LoadedModel MetaOf(const LoadedModel& l);

// Two independent 64-bit hashes of `bytes` (the standard library's and FNV-1a).
void HashBytes(const std::string& bytes, uint64_t out[2]) {
  out[0] = std::hash<std::string>()(bytes);
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  out[1] = h;
}

constexpr size_t kMaxCachedModelBytes = size_t{64} << 20;

std::mutex& LoadCacheMutex() {
  static std::mutex mu;
  return mu;
}
bool& LoadCacheEnabled() {
  static bool on = false;
  return on;
}
std::shared_ptr<const CachedLoad>& LastLoad() {
  static std::shared_ptr<const CachedLoad> last;
  return last;
}
std::vector<EarlierLoad>& EarlierLoads() {
  static std::vector<EarlierLoad> earlier;
  return earlier;
}

bool SameOptions(const LoadOptions& a, const LoadOptions& b) {
  return a.max_external_bytes == b.max_external_bytes && a.run_checker == b.run_checker &&
         a.infer_shapes == b.infer_shapes && a.dim_overrides == b.dim_overrides;
}

std::vector<CachedLoad::External> StatExternals(const std::vector<fs::path>& files, bool* ok) {
  std::vector<CachedLoad::External> out;
  *ok = true;
  for (const fs::path& f : files) {
    std::error_code ec1, ec2;
    CachedLoad::External e{f, fs::file_size(f, ec1), fs::last_write_time(f, ec2)};
    if (ec1 || ec2) *ok = false;
    out.push_back(std::move(e));
  }
  return out;
}

// Whether the external data files are as they were when `then` was taken.
bool ExternalsUnchanged(const std::vector<CachedLoad::External>& then) {
  std::vector<fs::path> files;
  for (const auto& e : then) files.push_back(e.path);
  bool ok = false;
  const auto now = StatExternals(files, &ok);
  if (!ok) return false;
  for (size_t i = 0; i < now.size(); ++i)
    if (now[i].size != then[i].size || now[i].mtime != then[i].mtime) return false;
  return true;
}

// An earlier load of `bytes` from `path` with `options` whose model is still held, as a
// CachedLoad without bytes, or nullptr.
std::shared_ptr<const CachedLoad> FindEarlierLoad(const std::string& path, const std::string& bytes,
                                                  const LoadOptions& options) {
  std::vector<EarlierLoad> candidates;
  {
    std::lock_guard<std::mutex> lock(LoadCacheMutex());
    for (const EarlierLoad& e : EarlierLoads())
      if (e.meta->path == path && e.meta->size == bytes.size() &&
          SameOptions(e.meta->options, options))
        candidates.push_back(e);
  }
  if (candidates.empty()) return nullptr;
  uint64_t hash[2];
  HashBytes(bytes, hash);  // outside the lock: tens of milliseconds for a large file
  for (const EarlierLoad& e : candidates) {
    if (e.meta->hash[0] != hash[0] || e.meta->hash[1] != hash[1]) continue;
    std::shared_ptr<const ir::Model> model = e.model.lock();
    if (!model) continue;
    if (!ExternalsUnchanged(e.meta->externals)) return nullptr;
    auto hit = std::make_shared<CachedLoad>();
    hit->path = e.meta->path;
    hit->size = e.meta->size;
    hit->options = e.meta->options;
    hit->externals = e.meta->externals;
    hit->loaded = MetaOf(e.meta->loaded);
    hit->model = std::move(model);
    return hit;
  }
  return nullptr;
}

// The cached load of `bytes` read from `path` with `options`, or nullptr.
std::shared_ptr<const CachedLoad> FindCachedLoad(const std::string& path, const std::string& bytes,
                                                 const LoadOptions& options) {
  std::shared_ptr<const CachedLoad> last;
  {
    std::lock_guard<std::mutex> lock(LoadCacheMutex());
    if (!LoadCacheEnabled()) return nullptr;
    last = LastLoad();
  }
  bool same = last && last->path == path && last->size == bytes.size() &&
              SameOptions(last->options, options);
  if (same) {
    uint64_t hash[2];
    HashBytes(bytes, hash);  // tens of milliseconds for a large file
    same = last->hash[0] == hash[0] && last->hash[1] == hash[1];
  }
  if (!same) return FindEarlierLoad(path, bytes, options);
  return ExternalsUnchanged(last->externals) ? last : nullptr;
}

}  // namespace

void SetLoadCacheEnabled(bool on) {
  std::lock_guard<std::mutex> lock(LoadCacheMutex());
  LoadCacheEnabled() = on;
  if (on) return;
  LastLoad().reset();
  EarlierLoads().clear();
}

namespace {

Expected<std::string> ReadModelBytes(const fs::path& path) {
  auto bytes = ReadFile(path, kMaxProtobufBytes);
  if (!bytes.ok() && bytes.status().code() == StatusCode::kOutOfRange) {
    return InvalidModel(Quote(path.string()) +
                        ": larger than 2 GiB; a protobuf model cannot exceed 2 GiB (larger "
                        "models keep their weights in external data files)");
  }
  return bytes;
}

// Everything of a load but its model.
LoadedModel MetaOf(const LoadedModel& l) {
  LoadedModel out;
  out.path = l.path;
  out.file_bytes = l.file_bytes;
  out.warnings = l.warnings;
  out.checker_passed = l.checker_passed;
  out.shape_inference_complete = l.shape_inference_complete;
  out.external_files = l.external_files;
  out.load_seconds = l.load_seconds;
  return out;
}

bool CacheWanted(const std::string& bytes) {
  std::lock_guard<std::mutex> lock(LoadCacheMutex());
  return LoadCacheEnabled() && bytes.size() <= kMaxCachedModelBytes;
}

// What identifies a file's bytes in the cache: their size and hashes (taken before the load
// consumes them).
struct BytesId {
  size_t size = 0;
  uint64_t hash[2] = {0, 0};
};

BytesId IdOf(const std::string& bytes) {
  BytesId id;
  id.size = bytes.size();
  HashBytes(bytes, id.hash);
  return id;
}

void Remember(const fs::path& path, const BytesId& id, const LoadOptions& options,
              const LoadedModel& loaded, std::shared_ptr<const ir::Model> model) {
  auto entry = std::make_shared<CachedLoad>();
  entry->path = path.string();
  entry->size = id.size;
  entry->hash[0] = id.hash[0];
  entry->hash[1] = id.hash[1];
  entry->options = options;
  bool ok = false;
  entry->externals = StatExternals(loaded.external_files, &ok);
  if (!ok) return;
  entry->loaded = MetaOf(loaded);
  entry->model = std::move(model);
  std::lock_guard<std::mutex> lock(LoadCacheMutex());
  if (!LoadCacheEnabled()) return;
  // The load replaced stays findable while its model is held elsewhere.
  if (const std::shared_ptr<const CachedLoad>& old = LastLoad()) {
    auto meta = std::make_shared<CachedLoad>();
    meta->path = old->path;
    meta->size = old->size;
    meta->hash[0] = old->hash[0];
    meta->hash[1] = old->hash[1];
    meta->options = old->options;
    meta->externals = old->externals;
    meta->loaded = MetaOf(old->loaded);
    auto& earlier = EarlierLoads();
    earlier.erase(std::remove_if(earlier.begin(), earlier.end(),
                                 [&](const EarlierLoad& x) {
                                   return x.model.expired() || x.meta->path == meta->path;
                                 }),
                  earlier.end());
    earlier.insert(earlier.begin(), EarlierLoad{std::move(meta), old->model});
    if (earlier.size() > kMaxEarlierLoads) earlier.pop_back();
  }
  LastLoad() = std::move(entry);
}

fs::path ModelDir(const fs::path& path) {
  return path.parent_path().empty() ? fs::path(".") : path.parent_path();
}

}  // namespace

Expected<LoadedModel> LoadModelFile(const fs::path& path, const LoadOptions& options,
                                    const JobControl& job) {
  const auto start = std::chrono::steady_clock::now();
  if (!job.Report(Stage::kReadingFile, 0, path.filename().string()))
    return Cancelled("loading cancelled").WithContext(path.string());
  OL_ASSIGN_OR_RETURN(std::string bytes, ReadModelBytes(path));
  if (auto hit = FindCachedLoad(path.string(), bytes, options)) {
    LoadedModel out = MetaOf(hit->loaded);
    out.model = hit->model->Clone();
    job.Report(Stage::kBuildingGraph, 1);
    out.load_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  }
  const bool cache = CacheWanted(bytes);
  const BytesId id = cache ? IdOf(bytes) : BytesId{};
  auto loaded = LoadImpl(bytes, &bytes, ModelDir(path), path.string(), options, job);
  if (!loaded.ok() || !cache) return loaded;
  Remember(path, id, options, *loaded, loaded->model->Clone());
  return loaded;
}

Expected<std::shared_ptr<const ir::Model>> LoadSharedModelFile(const fs::path& path,
                                                               const LoadOptions& options,
                                                               const JobControl& job,
                                                               LoadedModel* meta) {
  if (!job.Report(Stage::kReadingFile, 0, path.filename().string()))
    return Cancelled("loading cancelled").WithContext(path.string());
  OL_ASSIGN_OR_RETURN(std::string bytes, ReadModelBytes(path));
  if (auto hit = FindCachedLoad(path.string(), bytes, options)) {
    job.Report(Stage::kBuildingGraph, 1);
    if (meta) *meta = MetaOf(hit->loaded);
    return hit->model;
  }
  const bool cache = CacheWanted(bytes);
  const BytesId id = cache ? IdOf(bytes) : BytesId{};
  OL_ASSIGN_OR_RETURN(LoadedModel loaded,
                      LoadImpl(bytes, &bytes, ModelDir(path), path.string(), options, job));
  std::shared_ptr<const ir::Model> model(std::move(loaded.model));
  if (cache) Remember(path, id, options, loaded, model);
  if (meta) *meta = std::move(loaded);
  return model;
}

fs::path ExternalDataPathFor(const fs::path& model_path) {
  return model_path.parent_path() / (model_path.filename().string() + ".data");
}

Status SaveModelFile(const ir::Model& model, const fs::path& path, const SaveOptions& options) {
  const fs::path data_path = ExternalDataPathFor(path);
  if (!options.force) {
    for (const auto& p : options.protected_paths) {
      if (SameFile(path, p) || (options.external_data && SameFile(data_path, p))) {
        return InvalidArgument("refusing to overwrite " + Quote(p.string()) +
                               ", which the opened model uses (pass --force to allow it)");
      }
    }
  }
  std::error_code ec;
  if (!path.parent_path().empty() && !fs::is_directory(path.parent_path(), ec)) {
    return NotFound(Quote(path.string()) + ": directory " + Quote(path.parent_path().string()) +
                    " does not exist");
  }

  onnx::ModelProto proto;
  if (options.external_data) {
    const std::string location = data_path.filename().string();
    OL_RETURN_IF_ERROR(WriteFileAtomically(data_path, [&](std::FILE* f) -> Status {
      uint64_t offset = 0;
      ExportOptions eo;
      eo.external_threshold = options.external_threshold;
      eo.intermediate_value_info = options.intermediate_value_info;
      eo.external = [&](const ir::Tensor& t, onnx::TensorProto* tp) -> Status {
        // 64-byte aligned offsets let a reader map tensors without copying.
        const uint64_t aligned = (offset + 63) / 64 * 64;
        static const char kZeros[64] = {};
        if (aligned > offset && std::fwrite(kZeros, 1, aligned - offset, f) != aligned - offset)
          return IoError(Quote(data_path.string()) + ": write failed");
        if (std::fwrite(t.raw(), 1, t.nbytes(), f) != t.nbytes())
          return IoError(Quote(data_path.string()) + ": write failed");
        tp->set_data_location(onnx::TensorProto::EXTERNAL);
        auto add = [&](const char* k, std::string v) {
          auto* kv = tp->add_external_data();
          kv->set_key(k);
          kv->set_value(std::move(v));
        };
        add("location", location);
        add("offset", std::to_string(aligned));
        add("length", std::to_string(t.nbytes()));
        offset = aligned + t.nbytes();
        return Status::Ok();
      };
      OL_ASSIGN_OR_RETURN(proto, ExportModel(model, eo));
      return Status::Ok();
    }));
  } else {
    ExportOptions eo;
    eo.intermediate_value_info = options.intermediate_value_info;
    OL_ASSIGN_OR_RETURN(proto, ExportModel(model, eo));
  }
  // Netron and `info` show the producer: a file we wrote says so (an optimized PyTorch export
  // read "onnxlens 1.13.0", PyTorch's version under our name), and where it came from.
  std::string source = model.producer_name;
  if (!model.producer_version.empty()) source += " " + model.producer_version;
  bool recorded = false;
  for (const auto& kv : proto.metadata_props())
    recorded = recorded || kv.key() == kSourceProducerKey;
  if (!recorded && !model.producer_name.empty() && model.producer_name != "onnxlens") {
    auto* kv = proto.add_metadata_props();
    kv->set_key(kSourceProducerKey);
    kv->set_value(source);
  }
  proto.set_producer_name("onnxlens");
  proto.set_producer_version(ONNXLENS_VERSION);
  const size_t size = proto.ByteSizeLong();
  if (size > kMaxProtobufBytes) {
    return InvalidArgument(Quote(path.string()) + ": the model needs " + FormatBytes(size) +
                           ", more than the 2 GiB a protobuf file can hold; save with external "
                           "data (--external-data)");
  }
  return WriteFileAtomically(path, [&](std::FILE* f) -> Status {
    std::string bytes;
    if (!proto.SerializeToString(&bytes)) return Internal("protobuf serialization failed");
    if (std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
      return IoError(Quote(path.string()) + ": write failed");
    }
    return Status::Ok();
  });
}

Status CheckModelFile(const fs::path& path) {
  try {
    onnx::checker::check_model(path.string());
  } catch (const std::exception& e) {
    return InvalidModel(Quote(path.string()) + ": ONNX checker: " + FirstLine(e.what()));
  }
  return Status::Ok();
}

}  // namespace onnxlens::onnx_io
