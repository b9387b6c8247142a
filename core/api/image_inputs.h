// Calibration and evaluation samples from a folder of images (`--images DIR --mean .. --std ..
// --size HxW`): each image decoded (PNG, JPEG), resized to the model's input (bilinear, half-pixel
// centres), scaled to [0, 1], normalized per channel as (x - mean) / std and laid out as the
// model's image input is (NCHW or NHWC, found from where its channel axis of 1 or 3 is).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace onnxlens::api {

struct ImageInputs {
  std::filesystem::path dir;      ///< empty: not used
  std::vector<float> mean;        ///< one value, or one per channel; empty: 0
  std::vector<float> std;         ///< one value, or one per channel; empty: 1
  int64_t height = 0, width = 0;  ///< 0: the model's fixed height and width
  std::string layout;             ///< "", "nchw" or "nhwc"; "": from the model's input shape
  bool bgr = false;               ///< channels in B, G, R order (Caffe-style models)
  /// How messages name this folder, and the folder of test_data_set_N sets a model that is not
  /// fed by one image takes instead: the CLI's options by default; the GUI gives its own words
  /// (a GUI user was told to "use --calib").
  std::string name = "--images";
  std::string sets_name = "--calib";
  bool empty() const { return dir.empty(); }
};

/// "224x224" (or "224,224", "224 224") into height and width, each in [1, 16384].
Status ParseImageSize(std::string_view text, int64_t* height, int64_t* width);

/// "0.485,0.456,0.406" (commas or spaces) into finite numbers; `option` names the flag in errors.
Status ParseFloatList(std::string_view text, const std::string& option, std::vector<float>* out);

}  // namespace onnxlens::api
