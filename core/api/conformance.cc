// Conformance runner.
#include "api/conformance.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "api/internal/compare.h"
#include "api/internal/data_sets.h"
#include "api/internal/value_files.h"
#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "passes/pass.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

// input_0.pb, input_1.pb, ... in numeric order; a number beyond 64 bits is an error naming the
// file (was std::stoi's out_of_range).
std::string Hint(const ir::TypeInfo& t) {
  if (t.kind == ir::TypeInfo::Kind::kSequence) return "sequence";
  if (t.kind == ir::TypeInfo::Kind::kOptional) return "optional";
  return {};
}

// ONNX 1.12's backend tests store bfloat16 tensors as uint16 arrays of the same bits (numpy has
// no bfloat16): read such a payload as the bfloat16 tensor the model declares.
Status AsDeclaredType(RtValue& v, const ir::Value* declared) {
  if (!declared || !v.is_tensor() || !declared->type().is_tensor()) return Status::Ok();
  if (v.tensor.dtype() != ir::DataType::kUint16 ||
      declared->type().elem_type != ir::DataType::kBFloat16)
    return Status::Ok();
  OL_ASSIGN_OR_RETURN(ir::Tensor t, ir::Tensor::FromRaw(ir::DataType::kBFloat16, v.tensor.dims(),
                                                        v.tensor.raw(), v.tensor.nbytes()));
  v = RtValue::FromTensor(std::move(t));
  return Status::Ok();
}

}  // namespace

std::vector<fs::path> DefaultConformanceSuites() {
  const fs::path root = "/usr/share/libonnx-testdata/data";
  return {root / "node", root / "simple", root / "pytorch-converted", root / "pytorch-operator"};
}

ConformanceCase RunConformanceTest(const fs::path& dir, const ConformanceOptions& o) {
  ConformanceCase c;
  c.suite = dir.parent_path().filename().string();
  c.name = dir.filename().string();
  const auto start = std::chrono::steady_clock::now();
  auto finish = [&](std::string status, std::string reason) {
    c.status = std::move(status);
    c.reason = std::move(reason);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return c;
  };
  auto loaded = onnx_io::LoadModelFile(dir / "model.onnx");
  if (!loaded.ok()) return finish("error", loaded.status().message());
  std::shared_ptr<const ir::Model> model(std::move(loaded->model));
  runtime::SessionOptions so;
  so.intra_op_threads = o.threads;
  so.optimization_level = o.level;
  so.providers = o.providers;
  auto session = runtime::Session::Create(model, so);
  if (!session.ok()) return finish("error", session.status().message());
  auto entries = ListFolder(dir);
  if (!entries.ok()) return finish("error", entries.status().message());
  std::vector<fs::path> sets;
  for (const fs::path& p : *entries) {
    std::error_code ec;
    if (fs::is_directory(p, ec) && StartsWith(p.filename().string(), "test_data_set_"))
      sets.push_back(p);
  }
  std::sort(sets.begin(), sets.end());
  if (sets.empty()) return finish("error", "no test_data_set_* folder");
  std::vector<const ir::Value*> feedable;
  for (const ir::Value* v : (*session)->Inputs()) {
    if (!v->is_initializer()) feedable.push_back(v);
  }
  for (const fs::path& set : sets) {
    std::map<std::string, RtValue> inputs;
    const auto in_files_or = NumberedFiles(set, "input_");
    if (!in_files_or.ok()) return finish("error", in_files_or.status().message());
    const std::vector<fs::path>& in_files = *in_files_or;
    for (size_t i = 0; i < in_files.size(); ++i) {
      const ir::Value* v = i < feedable.size() ? feedable[i] : nullptr;
      std::string name;
      auto val = ReadValuePb(in_files[i], &name, v ? Hint(v->type()) : "");
      if (!val.ok()) return finish("error", val.status().message());
      if (Status st = AsDeclaredType(*val, v); !st.ok()) return finish("error", st.message());
      if (name.empty() || !model->graph->FindLocalValue(name)) name = v ? v->name() : name;
      inputs[name] = std::move(val).value();
    }
    auto outs = (*session)->Run(inputs);
    if (!outs.ok()) return finish("error", outs.status().message());
    const auto out_files_or = NumberedFiles(set, "output_");
    if (!out_files_or.ok()) return finish("error", out_files_or.status().message());
    const std::vector<fs::path>& out_files = *out_files_or;
    if (out_files.size() != outs->size()) {
      return finish("fail", "the model has " + std::to_string(outs->size()) +
                                " outputs, the test " + std::to_string(out_files.size()));
    }
    for (size_t i = 0; i < out_files.size(); ++i) {
      const ir::Value* ov = model->graph->outputs()[i];
      auto expected = ReadValuePb(out_files[i], nullptr, Hint(ov->type()));
      if (!expected.ok()) return finish("error", expected.status().message());
      if (Status st = AsDeclaredType(*expected, ov); !st.ok()) return finish("error", st.message());
      CompareResult r = CompareValues((*outs)[i].second, *expected, o.rtol, o.atol);
      if (!r.ok) return finish("fail", "output " + Quote(ov->name()) + ": " + r.reason);
    }
  }
  return finish("pass", "");
}

Expected<ConformanceReport> RunConformance(const ConformanceOptions& options,
                                           const JobControl& job) {
  OL_RETURN_IF_ERROR(passes::ParseLevel(options.level).status());
  std::regex filter;
  if (!options.filter.empty()) {
    try {
      filter = std::regex(options.filter);
    } catch (const std::regex_error& e) {
      return InvalidArgument("--filter " + Quote(options.filter) +
                             " is not a valid regex: " + e.what());
    }
  }
  // Every test directory first, so that progress counts against the whole run.
  std::vector<fs::path> dirs;
  for (const fs::path& suite : options.suites) {
    std::error_code ec;
    if (!fs::is_directory(suite, ec))
      return NotFound("suite directory " + Quote(suite.string()) + " does not exist");
    std::vector<fs::path> found;
    OL_ASSIGN_OR_RETURN(const std::vector<fs::path> entries, ListFolder(suite));
    for (const fs::path& p : entries) {
      if (!options.filter.empty() && !std::regex_search(p.filename().string(), filter)) continue;
      if (fs::exists(p / "model.onnx", ec)) found.push_back(p);
    }
    std::sort(found.begin(), found.end());
    dirs.insert(dirs.end(), found.begin(), found.end());
  }
  ConformanceReport report;
  const std::string total = std::to_string(dirs.size());
  for (size_t i = 0; i < dirs.size(); ++i) {
    if (!job.Report(Stage::kRunning, dirs.empty() ? 1.0 : static_cast<double>(i) / dirs.size(),
                    std::to_string(i) + "/" + total))
      return Cancelled("the conformance run was cancelled");
    ConformanceCase c = RunConformanceTest(dirs[i], options);
    (c.status == "pass" ? report.passed : c.status == "fail" ? report.failed : report.errors)++;
    report.cases.push_back(std::move(c));
  }
  return report;
}

nlohmann::json ToJson(const ConformanceReport& r) {
  nlohmann::json j;
  j["schema"] = "onnxlens.conformance/1";
  j["passed"] = r.passed;
  j["failed"] = r.failed;
  j["errors"] = r.errors;
  j["total"] = r.cases.size();
  std::map<std::string, std::array<int, 3>> per_suite;
  j["tests"] = nlohmann::json::array();
  for (const auto& c : r.cases) {
    j["tests"].push_back({{"suite", c.suite},
                          {"name", c.name},
                          {"status", c.status},
                          {"reason", c.reason},
                          {"seconds", c.seconds}});
    auto& s = per_suite[c.suite];
    s[c.status == "pass" ? 0 : c.status == "fail" ? 1 : 2]++;
  }
  j["suites"] = nlohmann::json::object();
  for (const auto& [name, s] : per_suite) {
    j["suites"][name] = {{"passed", s[0]}, {"failed", s[1]}, {"errors", s[2]}};
  }
  return j;
}

}  // namespace onnxlens::api
