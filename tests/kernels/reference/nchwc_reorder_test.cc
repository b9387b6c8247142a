// ReorderInput / ReorderOutput (com.microsoft.nchwc) with channels_last: NHWC in and out, against
// the NCHW forms and a plain index formula, with a channel count that is not a block multiple.
#include <gtest/gtest.h>

#include "ir/nchwc.h"
#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

constexpr const char* kNchwc = "com.microsoft.nchwc";

ir::Tensor Reorder(const std::string& op, const ir::Tensor& x, std::vector<Attr> attrs) {
  auto outs = ComputeDirectOutputs("cpu", {op, {x}, std::move(attrs), 1, 1, kNchwc});
  EXPECT_TRUE(outs.ok()) << outs.status().message();
  return outs.ok() ? (*outs)[0].tensor : ir::Tensor();
}

TEST(NchwcReorder, ChannelsLastInAndOutMatchThePlainLayouts) {
  const int64_t block = ir::NchwcBlockSize();
  if (block <= 0) GTEST_SKIP() << "no NCHWc block size on this CPU";
  const int64_t n = 2, c = block + 3, h = 7, w = 9, cpad = 2 * block;  // 63 positions: 2 tiles
  std::vector<float> nchw(n * c * h * w), nhwc(nchw.size());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t k = 0; k < c; ++k)
      for (int64_t p = 0; p < h * w; ++p) {
        const float v = float(i * 1000 + k * 37 + p) * 0.25f;
        nchw[(i * c + k) * h * w + p] = v;
        nhwc[(i * h * w + p) * c + k] = v;
      }
  const ir::Tensor xp = Values<float>(ir::DataType::kFloat, {n, c, h, w}, nchw);
  const ir::Tensor xl = Values<float>(ir::DataType::kFloat, {n, h, w, c}, nhwc);
  const ir::Tensor bp = Reorder("ReorderInput", xp, {});
  const ir::Tensor bl = Reorder("ReorderInput", xl, {AInt("channels_last", 1)});
  ASSERT_EQ(bp.dims(), (std::vector<int64_t>{n, cpad, h, w}));
  ASSERT_EQ(bl.dims(), bp.dims());
  for (int64_t i = 0; i < bp.numel(); ++i) ASSERT_EQ(bl.data<float>()[i], bp.data<float>()[i]) << i;
  // Blocked back to NHWC: every channel of every position, the padding dropped.
  const ir::Tensor yl =
      Reorder("ReorderOutput", bp, {AInt("channels", c), AInt("channels_last", 1)});
  ASSERT_EQ(yl.dims(), (std::vector<int64_t>{n, h, w, c}));
  for (size_t i = 0; i < nhwc.size(); ++i) ASSERT_EQ(yl.data<float>()[i], nhwc[i]) << i;
  const ir::Tensor yp = Reorder("ReorderOutput", bp, {AInt("channels", c)});
  ASSERT_EQ(yp.dims(), (std::vector<int64_t>{n, c, h, w}));
  for (size_t i = 0; i < nchw.size(); ++i) ASSERT_EQ(yp.data<float>()[i], nchw[i]) << i;
}

}  // namespace
}  // namespace onnxlens::testing
