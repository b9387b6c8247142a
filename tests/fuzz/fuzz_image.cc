// fuzz_image: the calibration image decoders (`quantize --images`): data[0] picks PNG or JPEG
// for data[1..]; a decoded image is then resized as the samples are.
#include <cstdlib>
#include <vector>

#include "api/internal/image_decode.h"
#include "fuzz/fuzz_targets.h"

namespace onnxlens::fuzz {

int FuzzImage(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::vector<unsigned char> bytes(data + 1, data + size);
  // A small pixel budget keeps each input fast; the bound itself is what is tested.
  auto im = api::DecodeImageBytes(bytes, data[0] % 2 ? "fuzz.jpg" : "fuzz.png", 1 << 20);
  if (!im.ok()) return 0;
  if (im->width <= 0 || im->height <= 0 ||
      im->rgb.size() != static_cast<size_t>(im->width * im->height * 3))
    std::abort();
  const std::vector<float> out = api::ResizeBilinear(*im, 7, 5);
  for (float v : out)
    if (!(v >= 0 && v <= 255)) std::abort();
  return 0;
}

}  // namespace onnxlens::fuzz
