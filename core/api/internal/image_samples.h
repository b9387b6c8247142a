// Internal to core/api (quantize, compare): samples made from a folder of images for a model with
// one image input (api/image_inputs.h), checked against the model when created so that a wrong
// folder or option is one error naming it.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "api/image_inputs.h"
#include "common/status.h"
#include "ir/model.h"
#include "quant/calibrator.h"

namespace onnxlens::api {

class ImageSamples : public quant::SampleSource {
 public:
  /// Errors: a missing folder or one without images; a model without exactly one float32 rank-4
  /// input; a layout that cannot be told (give --layout); a free height / width without --size,
  /// or --size against fixed ones; mean / std counts other than 1 or the channels, a zero std;
  /// fewer images than the input's batch.
  static Expected<std::unique_ptr<ImageSamples>> Create(const ir::Model& model,
                                                        const ImageInputs& options);
  Expected<std::optional<quant::Sample>> Next() override;
  int64_t size() const override { return samples_; }
  /// The input shape each sample has (N, C, H, W or N, H, W, C).
  const std::vector<int64_t>& dims() const { return dims_; }

 private:
  ImageSamples() = default;
  std::string input_;
  std::vector<std::filesystem::path> files_;
  std::vector<int64_t> dims_;
  bool nhwc_ = false, bgr_ = false;
  int64_t batch_ = 1, channels_ = 3, height_ = 0, width_ = 0;
  std::vector<float> mean_, std_;  ///< one per channel
  int64_t samples_ = 0, next_ = 0;
};

}  // namespace onnxlens::api
