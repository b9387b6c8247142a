// Image decoding for calibration folders (see internal/image_decode.h): libpng's simplified API,
// libjpeg's decompressor with errors turned into a Status (longjmp back to the one frame that set
// it; nothing with a destructor is created between setjmp and the decoder's calls).
#include "api/internal/image_decode.h"

#include <jpeglib.h>
#include <png.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <csetjmp>
#include <cstring>
#include <fstream>

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

constexpr uint64_t kMaxImageFileBytes = uint64_t{256} << 20;

std::string LowerCase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Status TooLarge(const fs::path& path, int64_t w, int64_t h, int64_t max_pixels) {
  return InvalidArgument(path.string() + ": the image is " + std::to_string(w) + " x " +
                         std::to_string(h) + " pixels, more than the " +
                         std::to_string(max_pixels) + " read");
}

Expected<DecodedImage> DecodePng(const std::vector<unsigned char>& bytes, const fs::path& path,
                                 int64_t max_pixels) {
  png_image img;
  std::memset(&img, 0, sizeof img);
  img.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&img, bytes.data(), bytes.size()))
    return InvalidArgument(path.string() + ": not a readable PNG image (" + img.message + ")");
  const int64_t w = img.width, h = img.height;
  if (w <= 0 || h <= 0 || w * h > max_pixels) {
    png_image_free(&img);
    return TooLarge(path, w, h, max_pixels);
  }
  img.format = PNG_FORMAT_RGB;
  DecodedImage out;
  out.width = w;
  out.height = h;
  out.rgb.resize(PNG_IMAGE_SIZE(img));
  png_color black{0, 0, 0};
  if (!png_image_finish_read(&img, &black, out.rgb.data(), 0, nullptr)) {
    const std::string message = img.message;
    png_image_free(&img);
    return InvalidArgument(path.string() + ": a corrupt PNG image (" + message + ")");
  }
  png_image_free(&img);
  return out;
}

// A progressive JPEG is decoded scan by scan, each a pass over the whole image; an encoder writes
// about 10 (libjpeg's simple progression), 64 per component is already more than any sensible
// script. A hostile file repeats scans by the thousand (libjpeg only warns, after decoding
// each): stop at the first scan past this (libjpeg-turbo's tools suggest the same bound).
constexpr int kMaxJpegScans = 500;

struct JpegErrors {
  jpeg_error_mgr pub;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
  bool too_many_scans;
};

// libjpeg's progress monitor, called as it consumes input: past kMaxJpegScans, back to setjmp.
void OnJpegProgress(j_common_ptr c) {
  if (!c->is_decompressor) return;
  auto* d = reinterpret_cast<j_decompress_ptr>(c);
  if (d->input_scan_number <= kMaxJpegScans) return;
  auto* e = reinterpret_cast<JpegErrors*>(c->err);
  e->too_many_scans = true;
  std::longjmp(e->jump, 1);
}

void OnJpegError(j_common_ptr c) {
  auto* e = reinterpret_cast<JpegErrors*>(c->err);
  (*c->err->format_message)(c, e->message);
  std::longjmp(e->jump, 1);
}

void QuietJpeg(j_common_ptr) {}  // warnings are counted (num_warnings), not printed

// Decodes `bytes` into `out` (sized here); false with `message` set on any error or warning.
bool DecodeJpegBytes(const std::vector<unsigned char>& bytes, int64_t max_pixels, DecodedImage* out,
                     std::string* message) {
  jpeg_decompress_struct cinfo;
  JpegErrors errors;
  jpeg_progress_mgr progress;
  progress.progress_monitor = OnJpegProgress;
  cinfo.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = OnJpegError;
  errors.pub.output_message = QuietJpeg;
  errors.message[0] = 0;
  errors.too_many_scans = false;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    *message = errors.too_many_scans
                   ? "a progressive JPEG of more than " + std::to_string(kMaxJpegScans) +
                         " scans (an encoder writes about 10); not decoded"
                   : std::string(errors.message);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.progress = &progress;
  jpeg_mem_src(&cinfo, bytes.data(), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&cinfo, TRUE);
  const int64_t w = cinfo.image_width, h = cinfo.image_height;
  if (w <= 0 || h <= 0 || w * h > max_pixels) {
    jpeg_destroy_decompress(&cinfo);
    *message = "the image is " + std::to_string(w) + " x " + std::to_string(h) +
               " pixels, more than the " + std::to_string(max_pixels) + " read";
    return false;
  }
  cinfo.out_color_space = JCS_RGB;
  jpeg_start_decompress(&cinfo);
  if (cinfo.output_components != 3) {
    jpeg_destroy_decompress(&cinfo);
    *message = "not an RGB or grayscale JPEG";
    return false;
  }
  out->width = cinfo.output_width;
  out->height = cinfo.output_height;
  out->rgb.resize(static_cast<size_t>(out->width * out->height * 3));
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = out->rgb.data() + static_cast<size_t>(cinfo.output_scanline) * out->width * 3;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  const long warnings = cinfo.err->num_warnings;
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  if (warnings > 0) {
    *message = "corrupt or truncated JPEG data";
    return false;
  }
  return true;
}

Expected<DecodedImage> DecodeJpeg(const std::vector<unsigned char>& bytes, const fs::path& path,
                                  int64_t max_pixels) {
  if (bytes.empty()) return InvalidArgument(path.string() + ": an empty file");
  DecodedImage out;
  std::string message;
  if (!DecodeJpegBytes(bytes, max_pixels, &out, &message)) {
    if (message.rfind("a progressive JPEG", 0) == 0)  // refused, not corrupt
      return InvalidArgument(path.string() + ": " + message);
    return InvalidArgument(path.string() + ": a corrupt JPEG image (" + message + ")");
  }
  return out;
}

}  // namespace

bool IsImageFile(const fs::path& path) {
  const std::string ext = LowerCase(path.extension().string());
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg";
}

Expected<DecodedImage> DecodeImageBytes(const std::vector<unsigned char>& bytes,
                                        const fs::path& name, int64_t max_pixels) {
  const std::string ext = LowerCase(name.extension().string());
  if (ext == ".png") return DecodePng(bytes, name, max_pixels);
  if (ext == ".jpg" || ext == ".jpeg") return DecodeJpeg(bytes, name, max_pixels);
  return InvalidArgument(name.string() + ": not a .png, .jpg or .jpeg image");
}

Expected<DecodedImage> DecodeImageFile(const fs::path& path, int64_t max_pixels) {
  if (!IsImageFile(path))
    return InvalidArgument(path.string() + ": not a .png, .jpg or .jpeg image");
  std::error_code ec;
  const uint64_t size = fs::file_size(path, ec);
  if (ec) return NotFound(path.string() + ": " + ec.message());
  if (size > kMaxImageFileBytes)
    return InvalidArgument(path.string() + ": " + std::to_string(size) +
                           " bytes, more than an image file may have (" +
                           std::to_string(kMaxImageFileBytes) + ")");
  std::ifstream in(path, std::ios::binary);
  std::vector<unsigned char> bytes(size);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
    return IoError(path.string() + ": could not be read");
  return DecodeImageBytes(bytes, path, max_pixels);
}

std::vector<float> ResizeBilinear(const DecodedImage& im, int64_t height, int64_t width) {
  std::vector<float> out(static_cast<size_t>(height * width * 3));
  const double sy = static_cast<double>(im.height) / height;
  const double sx = static_cast<double>(im.width) / width;
  auto at = [&](int64_t y, int64_t x, int c) {
    return static_cast<double>(im.rgb[static_cast<size_t>((y * im.width + x) * 3 + c)]);
  };
  for (int64_t y = 0; y < height; ++y) {
    const double fy = std::clamp((y + 0.5) * sy - 0.5, 0.0, static_cast<double>(im.height - 1));
    const int64_t y0 = static_cast<int64_t>(fy), y1 = std::min(y0 + 1, im.height - 1);
    const double wy = fy - y0;
    for (int64_t x = 0; x < width; ++x) {
      const double fx = std::clamp((x + 0.5) * sx - 0.5, 0.0, static_cast<double>(im.width - 1));
      const int64_t x0 = static_cast<int64_t>(fx), x1 = std::min(x0 + 1, im.width - 1);
      const double wx = fx - x0;
      for (int c = 0; c < 3; ++c) {
        const double top = at(y0, x0, c) * (1 - wx) + at(y0, x1, c) * wx;
        const double bottom = at(y1, x0, c) * (1 - wx) + at(y1, x1, c) * wx;
        out[static_cast<size_t>((y * width + x) * 3 + c)] =
            static_cast<float>(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return out;
}

}  // namespace onnxlens::api
