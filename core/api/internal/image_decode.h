// Internal to core/api: decoding one image file (PNG with libpng, JPEG with libjpeg-turbo) to
// 8-bit RGB, bounded: a file claiming more than `max_pixels` pixels is refused before anything is
// allocated, and a corrupt file is an error naming it, never a crash.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "common/status.h"

namespace onnxlens::api {

struct DecodedImage {
  int64_t width = 0, height = 0;
  std::vector<uint8_t> rgb;  ///< height x width x 3, row-major
};

constexpr int64_t kMaxImagePixels = int64_t{1} << 26;  // 64 Mpixel (8192 x 8192)

/// True for the extensions DecodeImageFile reads (.png, .jpg, .jpeg; any case).
bool IsImageFile(const std::filesystem::path& path);

/// Decodes bytes already read; `name`'s extension picks the decoder and starts every message.
Expected<DecodedImage> DecodeImageBytes(const std::vector<unsigned char>& bytes,
                                        const std::filesystem::path& name,
                                        int64_t max_pixels = kMaxImagePixels);

Expected<DecodedImage> DecodeImageFile(const std::filesystem::path& path,
                                       int64_t max_pixels = kMaxImagePixels);

/// Bilinear resize with half-pixel centres (ONNX Resize's default, PIL's and OpenCV's), RGB.
std::vector<float> ResizeBilinear(const DecodedImage& image, int64_t height, int64_t width);

}  // namespace onnxlens::api
