// Internal to core/api (quantize, compare): samples for calibration and accuracy comparison, from
// a folder of ONNX test data sets (test_data_set_N/ with input_N.pb or NAME.npy) or random,
// checked against the model's inputs so that a wrong folder is an error naming the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "api/input_spec.h"
#include "common/status.h"
#include "ir/model.h"
#include "quant/calibrator.h"

namespace onnxlens::api {

/// The sample folders of `dir`: its test_data_set_N subfolders in the order of N, or `dir`
/// itself when it holds input_N.pb / .npy files. `option` (e.g. "--calib") names the option in
/// errors: a missing folder, or one holding neither.
Expected<std::vector<std::filesystem::path>> ListDataSets(const std::filesystem::path& dir,
                                                          const std::string& option);

/// The files PREFIX<N>.pb of `dir` (input_0.pb, output_1.pb ...) in the order of N; other names
/// are skipped, a number too large for 64 bits is an error naming the file.
Expected<std::vector<std::filesystem::path>> NumberedFiles(const std::filesystem::path& dir,
                                                           const std::string& prefix);

/// The graph inputs a caller feeds (no initializer), in graph order.
std::vector<const ir::Value*> FeedableInputs(const ir::Model& model);

/// Checks a sample against `inputs`: every one given, element type, rank and fixed dims;
/// `where` (the sample folder) starts the message.
Status CheckSample(const quant::Sample& sample, const std::vector<const ir::Value*>& inputs,
                   const std::string& where);

/// Samples read one at a time from data set folders, each checked against the model's inputs.
class FolderSamples : public quant::SampleSource {
 public:
  FolderSamples(const ir::Model& model, std::vector<std::filesystem::path> sets);
  Expected<std::optional<quant::Sample>> Next() override;
  int64_t size() const override { return static_cast<int64_t>(sets_.size()); }

 private:
  std::vector<const ir::Value*> inputs_;
  std::vector<std::filesystem::path> sets_;
  size_t next_ = 0;
};

/// The free dims random samples of `model` take: `dims`, the rest chosen and tried with runs
/// (ChooseAndTryFreeDims on a copy of the model); `dims` + chosen.
Expected<DimOverrides> RandomSampleDims(const ir::Model& model, const DimOverrides& dims,
                                        const RangeOverrides& ranges, uint64_t seed);

/// `count` samples of random values from `seed`: free dims from `dims`, else chosen by name
/// (ChooseFreeDims); values in DefaultRanges with `ranges` first.
class RandomSamples : public quant::SampleSource {
 public:
  RandomSamples(const ir::Model& model, int64_t count, uint64_t seed, const DimOverrides& dims = {},
                const RangeOverrides& ranges = {});
  Expected<std::optional<quant::Sample>> Next() override;
  int64_t size() const override { return count_; }

 private:
  std::vector<const ir::Value*> inputs_;
  int64_t count_;
  int64_t next_ = 0;
  std::mt19937_64 rng_;
  DimOverrides dims_;
  RangeOverrides ranges_;
};

}  // namespace onnxlens::api
