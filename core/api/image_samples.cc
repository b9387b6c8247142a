// Samples from a folder of images (see internal/image_samples.h and image_inputs.h).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "api/internal/data_sets.h"
#include "api/internal/image_decode.h"
#include "api/internal/image_samples.h"
#include "common/strings.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

std::vector<std::string> Split(std::string_view text) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : text) {
    if (c == ',' || c == ' ' || c == 'x' || c == 'X' || c == ';') {
      if (!cur.empty()) parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) parts.push_back(cur);
  return parts;
}

// Fixed value of dim `i`, or -1 when free.
int64_t Fixed(const std::vector<ir::Dim>& dims, size_t i) {
  return dims[i].value >= 0 ? dims[i].value : -1;
}

Expected<std::vector<float>> PerChannel(const std::vector<float>& given, float fallback,
                                        int64_t channels, const std::string& option) {
  if (given.empty()) return std::vector<float>(static_cast<size_t>(channels), fallback);
  if (given.size() == 1) return std::vector<float>(static_cast<size_t>(channels), given[0]);
  if (static_cast<int64_t>(given.size()) != channels)
    return InvalidArgument(option + ": " + std::to_string(given.size()) +
                           " values for an input of " + std::to_string(channels) +
                           " channel(s); give 1 or " + std::to_string(channels));
  return given;
}

}  // namespace

Status ParseImageSize(std::string_view text, int64_t* height, int64_t* width) {
  const std::vector<std::string> parts = Split(text);
  auto bad = [&] {
    return InvalidArgument("--size: expected HxW with each in [1, 16384] (e.g. 224x224), got " +
                           Quote(std::string(text)));
  };
  if (parts.size() != 2) return bad();
  int64_t v[2];
  for (int i = 0; i < 2; ++i) {
    try {
      size_t used = 0;
      v[i] = std::stoll(parts[i], &used);
      if (used != parts[i].size()) return bad();
    } catch (...) {
      return bad();
    }
    if (v[i] < 1 || v[i] > 16384) return bad();
  }
  *height = v[0];
  *width = v[1];
  return Status::Ok();
}

Status ParseFloatList(std::string_view text, const std::string& option, std::vector<float>* out) {
  out->clear();
  std::string cur;
  std::vector<std::string> parts;
  for (char c : text) {
    if (c == ',' || c == ' ' || c == ';') {
      if (!cur.empty()) parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) parts.push_back(cur);
  if (parts.empty()) return InvalidArgument(option + ": no numbers given");
  for (const std::string& p : parts) {
    float f = 0;
    try {
      size_t used = 0;
      f = std::stof(p, &used);
      if (used != p.size()) throw std::invalid_argument(p);
    } catch (...) {
      return InvalidArgument(option + ": " + Quote(p) + " is not a number");
    }
    if (!std::isfinite(f)) return InvalidArgument(option + ": " + Quote(p) + " is not finite");
    out->push_back(f);
  }
  return Status::Ok();
}

Expected<std::unique_ptr<ImageSamples>> ImageSamples::Create(const ir::Model& model,
                                                             const ImageInputs& o) {
  const std::string where = o.name + " " + o.dir.string();
  std::error_code ec;
  if (!fs::is_directory(o.dir, ec)) return NotFound(where + ": no such folder");
  std::unique_ptr<ImageSamples> s(new ImageSamples());
  // As external data: an image reached through a link must stay inside the folder (a link to
  // /etc/... or ../private.png is refused, not read).
  const fs::path real_dir = fs::canonical(o.dir, ec);
  if (ec) return IoError(where + ": cannot resolve the folder: " + ec.message());
  for (const auto& e : fs::directory_iterator(o.dir, ec)) {
    if (!IsImageFile(e.path())) continue;
    std::error_code link_ec;
    if (e.is_symlink(link_ec)) {
      const fs::path resolved = fs::canonical(e.path(), link_ec);
      if (link_ec) continue;  // a dangling link: no image
      const fs::path rel = resolved.lexically_relative(real_dir);
      if (rel.empty() || *rel.begin() == ".." || rel == ".")
        return InvalidArgument(where + ": " + Quote(e.path().filename().string()) +
                               " resolves to " + Quote(resolved.string()) +
                               ", outside the folder " + Quote(real_dir.string()));
    }
    if (e.is_regular_file(link_ec)) s->files_.push_back(e.path());
  }
  if (ec) return IoError(where + ": " + ec.message());
  std::sort(s->files_.begin(), s->files_.end());
  if (s->files_.empty()) return InvalidArgument(where + ": no .png, .jpg or .jpeg images in it");

  const std::vector<const ir::Value*> inputs = FeedableInputs(model);
  if (inputs.size() != 1) {
    std::string names;
    for (const ir::Value* v : inputs) names += (names.empty() ? "" : ", ") + Quote(v->name());
    return InvalidArgument(where + ": images feed a model with one image input; this one has " +
                           std::to_string(inputs.size()) + " (" + names +
                           "): give it test_data_set_N folders instead (" + o.sets_name + ")");
  }
  const ir::Value* in = inputs[0];
  s->input_ = in->name();
  const ir::TypeInfo& t = in->type();
  if (t.elem_type != ir::DataType::kFloat || !t.shape || t.shape->size() != 4)
    return InvalidArgument(where + ": the input " + Quote(in->name()) + " is " +
                           ir::TypeToString(t) + "; images feed a float32 input of rank 4");
  const std::vector<ir::Dim>& d = *t.shape;
  if (o.layout == "nchw" || o.layout == "nhwc") {
    s->nhwc_ = o.layout == "nhwc";
  } else if (!o.layout.empty()) {
    return InvalidArgument("--layout: nchw or nhwc, got " + Quote(o.layout));
  } else if (Fixed(d, 1) == 1 || Fixed(d, 1) == 3) {
    s->nhwc_ = false;
  } else if (Fixed(d, 3) == 1 || Fixed(d, 3) == 3) {
    s->nhwc_ = true;
  } else {
    return InvalidArgument(where + ": the input " + Quote(in->name()) + " is " +
                           ir::TypeToString(t) +
                           ": no channel axis of 1 or 3 at 1 or 3; give --layout nchw or nhwc");
  }
  const size_t c_axis = s->nhwc_ ? 3 : 1, h_axis = s->nhwc_ ? 1 : 2, w_axis = s->nhwc_ ? 2 : 3;
  s->channels_ = Fixed(d, c_axis);
  if (s->channels_ != 1 && s->channels_ != 3)
    return InvalidArgument(where + ": the input " + Quote(in->name()) + " is " +
                           ir::TypeToString(t) + ": its channel axis is not 1 or 3");
  const int64_t mh = Fixed(d, h_axis), mw = Fixed(d, w_axis);
  if (o.height > 0) {
    if ((mh > 0 && mh != o.height) || (mw > 0 && mw != o.width))
      return InvalidArgument("--size " + std::to_string(o.height) + "x" + std::to_string(o.width) +
                             ": the input " + Quote(in->name()) + " is " + ir::TypeToString(t));
    s->height_ = o.height;
    s->width_ = o.width;
  } else {
    if (mh <= 0 || mw <= 0)
      return InvalidArgument(where + ": the input " + Quote(in->name()) + " is " +
                             ir::TypeToString(t) + " with a free height or width; give --size HxW");
    s->height_ = mh;
    s->width_ = mw;
  }
  if (s->height_ > 16384 || s->width_ > 16384)
    return InvalidArgument(where + ": the input " + Quote(in->name()) + " is " +
                           ir::TypeToString(t) + ": images are resized to at most 16384 x 16384");
  s->batch_ = std::max<int64_t>(Fixed(d, 0), 1);
  if (s->batch_ > 4096)
    return InvalidArgument(where + ": the input " + Quote(in->name()) + " is " +
                           ir::TypeToString(t) + ": a batch of more than 4096 images");
  s->samples_ = static_cast<int64_t>(s->files_.size()) / s->batch_;
  if (s->samples_ == 0)
    return InvalidArgument(where + ": " + std::to_string(s->files_.size()) +
                           " image(s), fewer than the input's batch of " +
                           std::to_string(s->batch_));
  OL_ASSIGN_OR_RETURN(s->mean_, PerChannel(o.mean, 0.f, s->channels_, "--mean"));
  OL_ASSIGN_OR_RETURN(s->std_, PerChannel(o.std, 1.f, s->channels_, "--std"));
  for (float v : s->std_)
    if (v == 0) return InvalidArgument("--std: a standard deviation of 0");
  s->bgr_ = o.bgr;
  s->dims_ = s->nhwc_ ? std::vector<int64_t>{s->batch_, s->height_, s->width_, s->channels_}
                      : std::vector<int64_t>{s->batch_, s->channels_, s->height_, s->width_};
  return s;
}

Expected<std::optional<quant::Sample>> ImageSamples::Next() {
  if (next_ >= samples_) return std::optional<quant::Sample>();
  OL_ASSIGN_OR_RETURN(ir::Tensor t, ir::Tensor::Zeros(ir::DataType::kFloat, dims_));
  float* out = t.mutable_data<float>();
  const int64_t plane = height_ * width_;
  for (int64_t b = 0; b < batch_; ++b) {
    const fs::path& file = files_[static_cast<size_t>(next_ * batch_ + b)];
    OL_ASSIGN_OR_RETURN(DecodedImage im, DecodeImageFile(file));
    const std::vector<float> rgb = ResizeBilinear(im, height_, width_);
    float* dst = out + b * channels_ * plane;
    for (int64_t p = 0; p < plane; ++p) {
      const float* px = &rgb[static_cast<size_t>(p * 3)];
      for (int64_t c = 0; c < channels_; ++c) {
        float v;
        if (channels_ == 1)
          v = 0.299f * px[0] + 0.587f * px[1] + 0.114f * px[2];
        else
          v = px[bgr_ ? 2 - c : c];
        v = (v / 255.f - mean_[c]) / std_[c];
        dst[nhwc_ ? p * channels_ + c : c * plane + p] = v;
      }
    }
  }
  ++next_;
  quant::Sample sample;
  sample[input_] = kernels::RtValue::FromTensor(std::move(t));
  return std::optional<quant::Sample>(std::move(sample));
}

}  // namespace onnxlens::api
