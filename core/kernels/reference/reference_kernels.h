// Registration functions of the reference kernel families (one per file), called from
// RegisterReferenceKernels.
#pragma once

#include <functional>
#include <vector>

#include "kernels/registry.h"

namespace onnxlens::kernels {

void RegisterElementwiseKernels(KernelRegistry& r);
void RegisterTensorKernels(KernelRegistry& r);
void RegisterReduceKernels(KernelRegistry& r);
void RegisterMathKernels(KernelRegistry& r);
void RegisterNnKernels(KernelRegistry& r);
void RegisterRnnKernels(KernelRegistry& r);
void RegisterControlFlowKernels(KernelRegistry& r);

/// Cast used by several families (Cast, CastLike, EyeLike, quantization).
Expected<ir::Tensor> CastTensorTo(const OpKernelContext& ctx, const ir::Tensor& x, ir::DataType to);

/// BatchNormalization's run-time check, shared by the reference and cpu kernels: scale, B,
/// input_mean and input_var (inputs 1-4) each hold one value per channel.
Status CheckBatchNormParameters(const OpKernelContext& ctx, int64_t channels);

/// The sizes of an LSTM / GRU / RNN node's run (`gates` 4, 3 or 1), after the run-time checks
/// shared by the reference and cpu kernels: X 3-D; W, R, B, initial_h, initial_c and P (LSTM) of
/// the shapes hidden_size, the directions, the batch and `layout` require; sequence_lens one value
/// per batch entry, each in [0, seq_length] (absent: every length is seq_length).
struct RecurrentDims {
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, dirs = 1;
  std::vector<int64_t> lens;
};
Expected<RecurrentDims> CheckRecurrentInputs(const OpKernelContext& ctx, int64_t gates);

/// A recurrent node's activation functions, `per_dir` (LSTM 3, GRU 2, RNN 1) per direction: the
/// `activations` attribute (default Sigmoid, Tanh[, Tanh]) with `activation_alpha` /
/// `activation_beta` and ONNX's defaults for them; an error for an unknown name or too few.
using RecurrentActivation = std::function<double(double)>;
Expected<std::vector<RecurrentActivation>> RecurrentActivations(const OpKernelContext& ctx,
                                                                size_t per_dir, int64_t dirs);

/// com.microsoft DynamicQuantizeLSTM (reference/dynamic_quantize_lstm.cc) with its integer
/// products made by `int_product`: acc[r * n + j] = sum_i (a[r * k + i] - a_zp) * w[i * n + j] for
/// the `rows` rows of the uint8 `a` ([rows, k]) and the int16 `w` ([k, n], zero points subtracted,
/// so |w| <= 255). The reference kernel passes plain loops, the cpu kernel AVX2 ones: the sums are
/// exact either way, and the quantization, scaling and gates around them are this one function's.
using LstmIntProduct = void (*)(const uint8_t* a, int32_t a_zp, int64_t rows, int64_t k,
                                const int16_t* w, int64_t n, int32_t* acc);
Status DynamicQuantizeLstmWith(OpKernelContext& ctx, LstmIntProduct int_product);

/// DFT's and STFT's (opset 17) run-time checks, shared by the reference and cpu kernels. A DFT
/// of input x: `outer` x `inner` signals of `len` values (stride `inner`) along `axis`, each
/// zero-padded or truncated to dft_length `n`, giving `bins` values (n, or n / 2 + 1 onesided).
struct DftArgs {
  int64_t axis = 1, len = 0, n = 0, bins = 0, outer = 1, inner = 1, comp = 1, total = 0;
  bool inverse = false;
  std::vector<int64_t> out_dims;
};
Expected<DftArgs> CheckDftInputs(const OpKernelContext& ctx, const ir::Tensor& x);
/// An STFT of signal [B, L, comp]: `frames` frames of `frame` values every `step`, each
/// multiplied by `window` (null: all ones) and transformed into `bins` values.
struct StftArgs {
  int64_t batch = 0, len = 0, comp = 1, step = 0, frame = 0, frames = 0, bins = 0, total = 0;
  const ir::Tensor* window = nullptr;
  std::vector<int64_t> out_dims;
};
Expected<StftArgs> CheckStftInputs(const OpKernelContext& ctx, const ir::Tensor& x);

/// The reference FusedConv (Conv, then Z and the activation of the node's attributes) and pools
/// ("MaxPool", "AveragePool", "GlobalMaxPool", "GlobalAveragePool") on the context's inputs: what
/// the com.microsoft.nchwc reference kernels run on unblocked tensors (nchwc.cc).
Status ReferenceFusedConv(OpKernelContext& ctx);
Status ReferencePool(OpKernelContext& ctx, const std::string& op);
void RegisterNchwcKernels(KernelRegistry& r);
/// com.microsoft.nchwc ReorderInput / ReorderOutput (split over the context's pool): the cpu
/// provider registers them too.
Status NchwcReorderInput(OpKernelContext& ctx);
Status NchwcReorderOutput(OpKernelContext& ctx);
/// com.microsoft.nchwc Upsample (nearest, whole factors): block copies, also the cpu provider's.
Status NchwcUpsample(OpKernelContext& ctx);

/// Wraps a plain function as a kernel factory.
template <typename Fn>
void AddKernel(KernelRegistry& r, const char* domain, const char* op, int since, Fn fn) {
  r.Register({domain, op, since, 1000, kReferenceProvider, {}, [fn](const KernelInfo& info) {
                const int64_t opset = info.opset;
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [fn, opset](OpKernelContext& ctx) { return fn(ctx, opset); }));
              }});
}

}  // namespace onnxlens::kernels
