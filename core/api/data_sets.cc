// Samples from data set folders or random (see api/internal/data_sets.h).
#include "api/internal/data_sets.h"

#include <algorithm>
#include <charconv>

#include "api/internal/inputs.h"
#include "common/file_util.h"
#include "common/strings.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

bool HoldsInputFiles(const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (e.path().extension() == ".npy" || (StartsWith(n, "input_") && EndsWith(n, ".pb")))
      return true;
  }
  return false;
}

std::string DescribeDims(const std::vector<int64_t>& dims) { return "[" + Join(dims, ",") + "]"; }

}  // namespace

Expected<std::vector<fs::path>> ListDataSets(const fs::path& dir, const std::string& option) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return NotFound(option + ": the folder " + Quote(dir.string()) + " does not exist");
  std::vector<std::pair<uint64_t, fs::path>> sets;
  constexpr std::string_view kPrefix = "test_data_set_";
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string n = e.path().filename().string();
    if (!e.is_directory() || !StartsWith(n, kPrefix)) continue;
    const std::string_view digits = std::string_view(n).substr(kPrefix.size());
    uint64_t number = 0;
    const auto [p, err] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (err != std::errc() || p != digits.data() + digits.size()) continue;
    sets.emplace_back(number, e.path());
  }
  std::sort(sets.begin(), sets.end());
  std::vector<fs::path> out;
  for (auto& [n, p] : sets) out.push_back(std::move(p));
  if (out.empty() && HoldsInputFiles(dir)) out.push_back(dir);
  if (out.empty())
    return InvalidArgument(option + ": the folder " + Quote(dir.string()) +
                           " holds no test_data_set_N subfolder and no input_N.pb or .npy file");
  return out;
}

Expected<std::vector<fs::path>> NumberedFiles(const fs::path& dir, const std::string& prefix) {
  std::vector<std::pair<uint64_t, fs::path>> found;
  OL_ASSIGN_OR_RETURN(const std::vector<fs::path> entries, ListFolder(dir));
  for (const fs::path& p : entries) {
    const std::string n = p.filename().string();
    if (!StartsWith(n, prefix) || !EndsWith(n, ".pb")) continue;
    const std::string num = n.substr(prefix.size(), n.size() - prefix.size() - 3);
    if (num.empty() || !std::all_of(num.begin(), num.end(), ::isdigit)) continue;
    uint64_t v = 0;
    if (std::from_chars(num.data(), num.data() + num.size(), v).ec != std::errc())
      return InvalidArgument(Quote(p.string()) + ": the number " + Quote(num) + " is too large");
    found.emplace_back(v, p);
  }
  std::sort(found.begin(), found.end());
  std::vector<fs::path> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

std::vector<const ir::Value*> FeedableInputs(const ir::Model& model) {
  std::vector<const ir::Value*> out;
  for (const ir::Value* v : model.graph->inputs())
    if (!v->is_initializer()) out.push_back(v);
  return out;
}

Status CheckSample(const quant::Sample& sample, const std::vector<const ir::Value*>& inputs,
                   const std::string& where) {
  for (const ir::Value* v : inputs) {
    auto it = sample.find(v->name());
    if (it == sample.end())
      return InvalidArgument(where + ": no value for the model input " + Quote(v->name()));
    const ir::TypeInfo& want = v->type();
    if (!it->second.is_tensor() || !want.is_tensor()) continue;
    const ir::Tensor& t = it->second.tensor;
    const std::string wanted = "the model wants " + ir::TypeToString(want);
    if (want.elem_type != ir::DataType::kUndefined && t.dtype() != want.elem_type)
      return InvalidArgument(where + ": input " + Quote(v->name()) + " is " +
                             std::string(ir::DataTypeName(t.dtype())) + " " +
                             DescribeDims(t.dims()) + ", " + wanted);
    if (!want.shape) continue;
    bool fits = want.shape->size() == t.dims().size();
    for (size_t i = 0; fits && i < t.dims().size(); ++i)
      fits = !(*want.shape)[i].known() || (*want.shape)[i].value == t.dims()[i];
    if (!fits)
      return InvalidArgument(where + ": input " + Quote(v->name()) + " has shape " +
                             DescribeDims(t.dims()) + ", " + wanted);
  }
  for (const auto& entry : sample) {
    const std::string& name = entry.first;  // a plain reference: clang 14 captures no binding
    const bool known = std::any_of(inputs.begin(), inputs.end(),
                                   [&](const ir::Value* v) { return v->name() == name; });
    if (!known) return InvalidArgument(where + ": " + Quote(name) + " is no input of the model");
  }
  return Status::Ok();
}

FolderSamples::FolderSamples(const ir::Model& model, std::vector<fs::path> sets)
    : inputs_(FeedableInputs(model)), sets_(std::move(sets)) {}

Expected<std::optional<quant::Sample>> FolderSamples::Next() {
  if (next_ >= sets_.size()) return std::optional<quant::Sample>();
  const fs::path& dir = sets_[next_++];
  std::vector<std::pair<std::string, std::string>> feedable;
  for (const ir::Value* v : inputs_) feedable.emplace_back(v->name(), "");
  auto loaded = LoadInputs(dir, feedable);
  if (!loaded.ok()) return loaded.status().WithContext(dir.string());
  if (loaded->empty())
    return InvalidArgument(Quote(dir.string()) + " holds no input_N.pb or .npy file");
  OL_RETURN_IF_ERROR(CheckSample(*loaded, inputs_, Quote(dir.string())));
  return std::optional<quant::Sample>(std::move(loaded).value());
}

Expected<DimOverrides> RandomSampleDims(const ir::Model& model, const DimOverrides& dims,
                                        const RangeOverrides& ranges, uint64_t seed) {
  OL_RETURN_IF_ERROR(CheckDimNames(model, dims));
  OL_RETURN_IF_ERROR(CheckRangeNames(*model.graph, ranges));
  InputRequest req;
  req.seed = seed;
  req.dims = dims;
  std::shared_ptr<const ir::Model> copy = model.Clone();
  OL_ASSIGN_OR_RETURN(DimOverrides chosen,
                      ChooseAndTryFreeDims(copy, req, DefaultRanges(*model.graph, ranges)));
  DimOverrides all = dims;
  all.insert(chosen.begin(), chosen.end());
  return all;
}

RandomSamples::RandomSamples(const ir::Model& model, int64_t count, uint64_t seed,
                             const DimOverrides& dims, const RangeOverrides& ranges)
    : inputs_(FeedableInputs(model)),
      count_(count),
      rng_(seed),
      dims_(ChooseFreeDims(model, dims)),
      ranges_(DefaultRanges(*model.graph, ranges)) {}

Expected<std::optional<quant::Sample>> RandomSamples::Next() {
  if (next_ >= count_) return std::optional<quant::Sample>();
  ++next_;
  quant::Sample s;
  for (const ir::Value* v : inputs_) {
    auto range = ranges_.find(v->name());
    OL_ASSIGN_OR_RETURN(
        ir::Tensor t,
        RandomInput(*v, rng_, range == ranges_.end() ? nullptr : &range->second, &dims_));
    s[v->name()] = kernels::RtValue::FromTensor(std::move(t));
  }
  return std::optional<quant::Sample>(std::move(s));
}

}  // namespace onnxlens::api
