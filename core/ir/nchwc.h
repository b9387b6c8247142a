// The NCHWc blocked channel layout of level `layout` (ONNX Runtime's NchwcTransformer and its
// com.microsoft.nchwc ops): a 4-D float tensor [N, C, H, W] is stored as [N, C/B, H, W, B] with
// C rounded up to a multiple of the block B (zero-filled), and keeps the logical shape
// [N, round_up(C, B), H, W]. Filters are reordered once, when the graph is rewritten, into the
// forms ONNX Runtime uses (so a file we export at `layout` runs in ONNX Runtime on a machine with
// the same block):
//   OIHWBiBo  [O/B][I/B][kh][kw][Bi][Bo]  Conv with blocked input (group 1 or aligned groups)
//   OIHWBo    [O/B][I][kh][kw][Bo]        Conv reading plain NCHW input (I < B) and depthwise
#pragma once

#include <cstdint>
#include <vector>

namespace onnxlens::ir {

constexpr const char* kNchwcDomain = "com.microsoft.nchwc";

/// The channel block of this machine: 16 with AVX-512F, 8 with AVX2, 0 where NCHWc is not used
/// (as ONNX Runtime's MlasNchwcGetBlockSize, so exported graphs agree with it).
int NchwcBlockSize();

inline int64_t RoundUpToBlock(int64_t c, int64_t block) { return (c + block - 1) / block * block; }

/// Plain [N, C, spatial] -> blocked [N, Cpad/B, spatial, B] (padding channels zero).
void BlockChannels(const float* src, float* dst, int64_t n, int64_t c, int64_t spatial,
                   int64_t block);
/// Blocked [N, Cpad/B, spatial, B] -> plain [N, c, spatial] (the first c channels).
void UnblockChannels(const float* src, float* dst, int64_t n, int64_t c, int64_t spatial,
                     int64_t block);

/// OIHW (dims o, i, kh, kw) -> OIHWBiBo (o padded to the block; i must be a multiple of it).
std::vector<float> ReorderFilterBiBo(const float* w, const std::vector<int64_t>& dims,
                                     int64_t block);
/// OIHW -> OIHWBo (o padded to the block).
std::vector<float> ReorderFilterBo(const float* w, const std::vector<int64_t>& dims, int64_t block);
/// The inverses, for the reference kernels: OIHWBiBo / OIHWBo of `dims` (o already padded) ->
/// OIHW of the same dims.
std::vector<float> PlainFilterFromBiBo(const float* w, const std::vector<int64_t>& dims,
                                       int64_t block);
std::vector<float> PlainFilterFromBo(const float* w, const std::vector<int64_t>& dims,
                                     int64_t block);

}  // namespace onnxlens::ir
