// A QuantizeRequest's options for the quantizer and the calibrator (see internal/quant_options.h).
#include "api/internal/quant_options.h"

#include "api/internal/data_sets.h"
#include "api/internal/image_samples.h"
#include "common/strings.h"

namespace onnxlens::api {

Expected<quant::QuantType> ParseQuantType(const std::string& text, const std::string& option) {
  if (text == "u8" || text == "uint8") return quant::QuantType::kUint8;
  if (text == "s8" || text == "int8") return quant::QuantType::kInt8;
  return InvalidArgument(option + ": the type is u8 or s8, got " + Quote(text));
}

namespace {

Expected<quant::CalibrationMethod> ParseMethod(const std::string& text) {
  if (text == "minmax") return quant::CalibrationMethod::kMinMax;
  if (text == "entropy") return quant::CalibrationMethod::kEntropy;
  if (text == "percentile") return quant::CalibrationMethod::kPercentile;
  return InvalidArgument("--method: the method is minmax, entropy or percentile, got " +
                         Quote(text));
}

}  // namespace

quant::NodeFilter FilterOf(const QuantizeRequest& r) {
  quant::NodeFilter f;
  f.op_types.insert(r.op_types.begin(), r.op_types.end());
  f.exclude_nodes.insert(r.exclude_nodes.begin(), r.exclude_nodes.end());
  f.include_nodes.insert(r.include_nodes.begin(), r.include_nodes.end());
  return f;
}

Expected<quant::StaticQuantOptions> StaticOptionsOf(const QuantizeRequest& r) {
  quant::StaticQuantOptions o;
  OL_ASSIGN_OR_RETURN(o.activation_type, ParseQuantType(r.activation_type, "--activation-type"));
  OL_ASSIGN_OR_RETURN(o.weight_type, ParseQuantType(r.weight_type, "--weight-type"));
  o.activation_symmetric = r.symmetric;
  o.weight_symmetric = o.weight_type == quant::QuantType::kInt8;
  o.per_channel = r.per_channel;
  o.reduce_range = r.reduce_range;
  o.filter = FilterOf(r);
  return o;
}

Expected<quant::CalibrationOptions> CalibrationOptionsOf(const QuantizeRequest& r) {
  quant::CalibrationOptions co;
  OL_ASSIGN_OR_RETURN(co.method, ParseMethod(r.method));
  co.moving_average = r.moving_average;
  co.percentile = r.percentile;
  co.symmetric = r.symmetric || co.method == quant::CalibrationMethod::kPercentile;
  return co;
}

Expected<std::unique_ptr<quant::SampleSource>> CalibrationSamples(const ir::Model& model,
                                                                  const QuantizeRequest& r,
                                                                  bool* random) {
  *random = false;
  if (!r.calib_dir.empty()) {
    OL_ASSIGN_OR_RETURN(std::vector<std::filesystem::path> sets,
                        ListDataSets(r.calib_dir, r.calib_name));
    return std::unique_ptr<quant::SampleSource>(
        std::make_unique<FolderSamples>(model, std::move(sets)));
  }
  if (!r.images.empty()) {
    OL_ASSIGN_OR_RETURN(auto images, ImageSamples::Create(model, r.images));
    return std::unique_ptr<quant::SampleSource>(std::move(images));
  }
  *random = true;
  OL_ASSIGN_OR_RETURN(const DimOverrides dims, RandomSampleDims(model, r.dims, r.ranges, r.seed));
  return std::unique_ptr<quant::SampleSource>(
      std::make_unique<RandomSamples>(model, r.random_samples, r.seed, dims, r.ranges));
}

std::string CalibrationOption(const QuantizeRequest& r) {
  return !r.calib_dir.empty() ? "--calib " + r.calib_dir.string()
         : !r.images.empty()  ? "--images " + r.images.dir.string()
                              : std::string("--random");
}

}  // namespace onnxlens::api
