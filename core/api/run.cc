// Run a model once.
#include "api/run.h"
#include "api/internal/inputs.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <new>
#include <nlohmann/json.hpp>
#include <random>

#include "api/internal/value_files.h"
#include "api/internal/writers.h"
#include "common/strings.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"
#include "onnx/model_io.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

// The writers' rule for --outputs: never the model, its external data or a file of --inputs.
WritePolicy RunPolicy(const fs::path& model, const onnx_io::LoadedModel& loaded,
                      const RunOptions& options) {
  WritePolicy policy = PolicyForModel(model, loaded, options.force);
  // The folder was read already (its errors reported then).
  AddReadFolder(&policy, options.inputs_dir, "an input");
  return policy;
}

// The file of each tensor output under --outputs, all checked before the first one is written:
// NAME.npy with the name made safe (SafeFileName, distinct) or output_N.pb; each directly inside
// the folder, never a link, and replacing an existing file only with --force.
Expected<std::vector<fs::path>> OutputFiles(const runtime::NamedValues& outs,
                                            const RunOptions& options, const WritePolicy& policy) {
  const fs::path& dir = options.outputs_dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return IoError("cannot create " + Quote(dir.string()) + ": " + ec.message());
  const fs::path real_dir = fs::canonical(dir, ec);
  if (ec) return IoError(Quote(dir.string()) + ": cannot resolve: " + ec.message());
  UniqueFileNames names;
  std::vector<fs::path> files(outs.size());
  for (size_t i = 0; i < outs.size(); ++i) {
    const auto& [name, value] = outs[i];
    if (!value.is_tensor()) continue;
    const fs::path p = dir / (options.format == "npy" ? names.Take(name, ".npy")
                                                      : "output_" + std::to_string(i) + ".pb");
    OL_RETURN_IF_ERROR(CheckWritePolicy(p, policy).WithContext("output " + Quote(name)));
    if (fs::weakly_canonical(p, ec).parent_path() != real_dir || ec) {
      return InvalidArgument("output " + Quote(name) + ": " + Quote(p.string()) +
                             " does not resolve to a file inside " + Quote(dir.string()));
    }
    files[i] = p;
  }
  return files;
}

InputRequest InputRequestOf(const RunOptions& o) {
  InputRequest r;
  r.inputs_dir = o.inputs_dir;
  r.seed = o.seed;
  r.dims = o.dims;
  r.ranges = o.ranges;
  r.providers = o.providers;
  r.max_memory_bytes = o.max_memory_bytes;
  return r;
}

}  // namespace

Expected<std::map<std::string, RtValue>> LoadInputs(
    const fs::path& dir, const std::vector<std::pair<std::string, std::string>>& feedable) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return NotFound("inputs folder " + Quote(dir.string()) + " does not exist");
  std::map<std::string, RtValue> out;
  std::vector<std::pair<uint64_t, fs::path>> numbered;
  OL_ASSIGN_OR_RETURN(const std::vector<fs::path> entries, ListFolder(dir));
  for (const fs::path& path : entries) {
    const std::string n = path.filename().string();
    if (path.extension() == ".npy") {
      OL_ASSIGN_OR_RETURN(ir::Tensor t, ReadNpy(path));
      out[path.stem().string()] = RtValue::FromTensor(std::move(t));
    } else if (StartsWith(n, "input_") && EndsWith(n, ".pb")) {
      // input_N.pb in the order of N; a name without a number sorts first.
      const std::string_view digits = std::string_view(n).substr(6, n.size() - 9);
      uint64_t number = 0;
      if (!digits.empty() && std::all_of(digits.begin(), digits.end(), ::isdigit) &&
          std::from_chars(digits.data(), digits.data() + digits.size(), number).ec != std::errc()) {
        return InvalidArgument(Quote(path.string()) + ": the input number " +
                               Quote(std::string(digits)) + " is too large");
      }
      numbered.emplace_back(number, path);
    }
  }
  std::sort(numbered.begin(), numbered.end());
  std::vector<fs::path> pbs;
  for (auto& [number, path] : numbered) pbs.push_back(std::move(path));
  for (size_t i = 0; i < pbs.size(); ++i) {
    std::string name;
    const std::string hint = i < feedable.size() ? feedable[i].second : "";
    OL_ASSIGN_OR_RETURN(RtValue v, ReadValuePb(pbs[i], &name, hint));
    const bool known = std::any_of(feedable.begin(), feedable.end(),
                                   [&](const auto& f) { return f.first == name; });
    if (!known) {
      if (i >= feedable.size()) {
        return InvalidArgument(Quote(pbs[i].string()) + " matches no model input (the model has " +
                               std::to_string(feedable.size()) + ")");
      }
      name = feedable[i].first;
    }
    out[name] = std::move(v);
  }
  return out;
}

Expected<RunReport> RunModelFile(const fs::path& path, const RunOptions& options,
                                 const JobControl& job) {
  OL_ASSIGN_OR_RETURN(ModelForRun prepared,
                      LoadModelForRun(path, InputRequestOf(options), job.Slice(0, 0.4)));
  const onnx_io::LoadedModel& loaded = prepared.loaded;
  std::shared_ptr<const ir::Model> model = prepared.model;
  runtime::SessionOptions so;
  so.intra_op_threads = options.threads;
  so.optimization_level = options.level;
  OL_ASSIGN_OR_RETURN(so.executor, runtime::ParseExecutor(options.executor));
  so.inter_op_threads = options.inter_op;
  so.providers = options.providers;
  so.max_memory_bytes = options.max_memory_bytes;
  if (options.max_loop_iterations >= 0) so.max_loop_iterations = options.max_loop_iterations;
  so.run_timeout_seconds = options.timeout_seconds;
  so.enable_arena = options.enable_arena;
  so.enable_mem_pattern = options.enable_mem_pattern;
  if (!job.Report(Stage::kCreatingSession, 0.4)) return Cancelled("the run was cancelled");
  const auto t0 = std::chrono::steady_clock::now();
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(model, so));
  const auto t1 = std::chrono::steady_clock::now();
  OL_ASSIGN_OR_RETURN(auto inputs,
                      MakeInputs(*session, options.inputs_dir, options.seed, prepared.ranges));
  if (!job.Report(Stage::kRunning, 0.6)) return Cancelled("the run was cancelled");
  const auto t2 = std::chrono::steady_clock::now();
  OL_ASSIGN_OR_RETURN(runtime::NamedValues outs, session->Run(inputs, &job.cancel));
  const auto t3 = std::chrono::steady_clock::now();
  RunReport report;
  report.session_seconds = std::chrono::duration<double>(t1 - t0).count();
  report.run_seconds = std::chrono::duration<double>(t3 - t2).count();
  report.threads = session->threads() * session->inter_op_threads();
  report.level = so.optimization_level;
  report.chosen_dims = prepared.chosen;
  std::vector<fs::path> files;
  if (!options.outputs_dir.empty()) {
    OL_ASSIGN_OR_RETURN(files, OutputFiles(outs, options, RunPolicy(path, loaded, options)));
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    const auto& [name, value] = outs[i];
    OutputSummary s;
    s.name = name;
    if (value.is_tensor()) {
      const ir::Tensor& t = value.tensor;
      s.dtype = std::string(DataTypeName(t.dtype()));
      s.shape = t.dims();
      if (t.dtype() != ir::DataType::kString && t.numel() > 0) {
        const ir::Tensor f = kernels::ToFloat(t);
        double mn = INFINITY, mx = -INFINITY, sum = 0;
        Status st = kernels::VisitNumeric(f.dtype(), [&](auto tag) -> Status {
          using T = typename decltype(tag)::type;
          for (int64_t k = 0; k < f.numel(); ++k) {
            const double v = static_cast<double>(f.data<T>()[k]);
            mn = std::min(mn, v);
            mx = std::max(mx, v);
            sum += v;
          }
          return Status::Ok();
        });
        (void)st;
        s.min = mn;
        s.max = mx;
        s.mean = sum / static_cast<double>(f.numel());
      }
      if (!files.empty()) {
        OL_RETURN_IF_ERROR(options.format == "npy" ? WriteNpy(t, files[i])
                                                   : WriteTensorPb(t, name, files[i]));
        s.file = files[i].string();
      }
    } else {
      s.dtype = value.is_sequence() ? "sequence" : "none";
    }
    report.outputs.push_back(std::move(s));
  }
  return report;
}

nlohmann::json ToJson(const RunReport& r) {
  nlohmann::json j;
  j["schema"] = "onnxlens.run/1";
  j["session_seconds"] = r.session_seconds;
  j["run_seconds"] = r.run_seconds;
  j["threads"] = r.threads;
  j["level"] = r.level;
  if (!r.chosen_dims.empty()) j["chosen_dims"] = r.chosen_dims;
  j["outputs"] = nlohmann::json::array();
  for (const auto& o : r.outputs) {
    nlohmann::json oj = {{"name", o.name}, {"dtype", o.dtype}, {"shape", o.shape},
                         {"min", o.min},   {"max", o.max},     {"mean", o.mean}};
    if (!o.file.empty()) oj["file"] = o.file;
    j["outputs"].push_back(std::move(oj));
  }
  return j;
}

}  // namespace onnxlens::api
