// A model's outputs against the expected output_N.pb files of ONNX test data sets (see
// CompareWithExpectedOutputs in accuracy.h).
#include <map>
#include <string>
#include <vector>

#include "api/accuracy.h"
#include "api/internal/agreement.h"
#include "api/internal/data_sets.h"
#include "api/internal/value_files.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

Expected<std::vector<OutputAgreement>> CompareWithExpectedOutputs(const fs::path& model_path,
                                                                  const fs::path& dir,
                                                                  const std::string& level,
                                                                  int threads,
                                                                  const JobControl& job) {
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded, onnx_io::LoadModelFile(model_path));
  std::shared_ptr<const ir::Model> model(std::move(loaded.model));
  OL_ASSIGN_OR_RETURN(std::vector<fs::path> sets, ListDataSets(dir, "--expected"));
  runtime::SessionOptions so;
  so.intra_op_threads = threads;
  so.optimization_level = level;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(model, so));
  std::vector<std::string> names;
  std::map<std::string, size_t> index;
  for (const ir::Value* v : model->graph->outputs()) {
    index.emplace(v->name(), names.size());
    names.push_back(v->name());
  }
  std::vector<AgreementAccum> acc(names.size());
  std::vector<std::string> problems(names.size());
  FolderSamples samples(*model, sets);
  for (size_t s = 0; s < sets.size(); ++s) {
    if (!job.Report(Stage::kComparing, static_cast<double>(s) / sets.size(),
                    std::to_string(s) + "/" + std::to_string(sets.size())))
      return Cancelled("the comparison was cancelled");
    const std::string where = Quote(sets[s].string());
    OL_ASSIGN_OR_RETURN(std::vector<fs::path> files, NumberedFiles(sets[s], "output_"));
    if (files.empty())
      return InvalidArgument("--expected: " + where + " holds no output_N.pb file");
    if (files.size() != names.size())
      return InvalidArgument("--expected: " + where + " holds " + std::to_string(files.size()) +
                             " output files; " + Quote(model_path.string()) + " has " +
                             std::to_string(names.size()) + " outputs");
    OL_ASSIGN_OR_RETURN(std::optional<quant::Sample> sample, samples.Next());
    if (!sample) break;
    auto outs = session->Run(*sample, &job.cancel);
    if (!outs.ok()) return outs.status().WithContext(model_path.string() + ", " + where);
    for (size_t i = 0; i < files.size(); ++i) {
      std::string stored;
      OL_ASSIGN_OR_RETURN(kernels::RtValue expected, ReadValuePb(files[i], &stored));
      const auto it = index.find(stored);
      const size_t o = it != index.end() ? it->second : i;
      if (!problems[o].empty()) continue;
      std::string problem;
      const kernels::RtValue* actual = nullptr;
      for (const auto& [name, value] : *outs) {
        if (name == names[o]) actual = &value;
      }
      if (!actual) {
        problems[o] = "the run gave no output " + Quote(names[o]);
      } else if (!AddValuePair(expected, *actual, acc[o], &problem)) {
        problems[o] = Quote(files[i].string()) + ": " + problem;
      }
    }
  }
  std::vector<OutputAgreement> out;
  for (size_t i = 0; i < names.size(); ++i) {
    OutputAgreement a;
    a.name = names[i];
    a.stats = acc[i].Result();
    a.problem = problems[i];
    out.push_back(std::move(a));
  }
  job.Report(Stage::kDone, 1.0);
  return out;
}

}  // namespace onnxlens::api
