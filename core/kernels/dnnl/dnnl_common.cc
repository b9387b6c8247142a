// The oneDNN engine, thread budget, descriptors, reorders and post-ops shared by the dnnl kernels.
#include "kernels/dnnl/dnnl_common.h"

#include <omp.h>

#include <optional>

#include "common/cpu_isa.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

void ApplyIsaCap() {
  static const bool applied = [] {
    const std::optional<Isa> cap = MaxIsa();
    if (!cap) return true;
    using D = dnnl::cpu_isa;
    D d = D::sse41;
    switch (EffectiveIsa()) {
      case Isa::kSse4:
        d = D::sse41;
        break;
      case Isa::kAvx2:
        d = D::avx2;
        break;
      case Isa::kAvx2Vnni:
        d = D::avx2_vnni;
        break;
      case Isa::kAvx512:
        d = D::avx512_core;
        break;
      case Isa::kAvx512Vnni:
        d = D::avx512_core_vnni;
        break;
    }
    try {
      dnnl::set_max_cpu_isa(d);
    } catch (const dnnl::error&) {
      // oneDNN's ISA was fixed already (ONEDNN_MAX_CPU_ISA read by an earlier query):
      // Int8PairsExact still asks oneDNN what it runs, so the int8 checks stay right.
      return false;
    }
    return true;
  }();
  (void)applied;
}

const dnnl::engine& Engine() {
  static const dnnl::engine* engine = [] {
    ApplyIsaCap();  // before the first primitive: oneDNN takes the cap only then
    return new dnnl::engine(dnnl::engine::kind::cpu, 0);
  }();
  return *engine;
}

dnnl::stream& PrepareThreads(int threads) {
  threads = std::max(1, threads);
  // omp_set_num_threads sets the calling thread's team size; each session's thread keeps its own.
  if (omp_get_max_threads() != threads) omp_set_num_threads(threads);
  thread_local dnnl::stream stream(Engine());
  return stream;
}

dnnl::memory::dims RowMajorStrides(const std::vector<int64_t>& dims) {
  dnnl::memory::dims strides(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;)
    strides[i - 1] = strides[i] * std::max<int64_t>(1, dims[i]);
  return strides;
}

dnnl::memory::desc PlainDesc(const std::vector<int64_t>& dims) {
  return dnnl::memory::desc(dnnl::memory::dims(dims.begin(), dims.end()),
                            dnnl::memory::data_type::f32, RowMajorStrides(dims));
}

dnnl::memory::desc BlockedDesc(const std::vector<int64_t>& dims, int64_t block) {
  using tag = dnnl::memory::format_tag;
  return dnnl::memory::desc(dnnl::memory::dims(dims.begin(), dims.end()),
                            dnnl::memory::data_type::f32, block == 16 ? tag::nChw16c : tag::nChw8c);
}

dnnl::memory Wrap(const dnnl::memory::desc& md, const ir::Tensor& t) {
  // oneDNN's memory takes a non-const handle; primitives only read their inputs.
  return dnnl::memory(md, Engine(), const_cast<float*>(t.data<float>()));
}

dnnl::memory Wrap(const dnnl::memory::desc& md, ir::Tensor& t) {
  return dnnl::memory(md, Engine(), t.mutable_data<float>());
}

Expected<ir::Tensor> Scratch(const OpKernelContext& ctx, size_t bytes) {
  const int64_t floats = static_cast<int64_t>((bytes + sizeof(float) - 1) / sizeof(float));
  return NewTensor(ctx, ir::DataType::kFloat, {std::max<int64_t>(1, floats)});
}

dnnl::primitive_attr UserScratchpad(dnnl::primitive_attr attr) {
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

Status Execute(const OpKernelContext& ctx, dnnl::stream& s, const dnnl::primitive& prim,
               std::unordered_map<int, dnnl::memory>& args) {
  const dnnl_memory_desc_t* md =
      dnnl_primitive_desc_query_md(prim.get_primitive_desc(), dnnl_query_scratchpad_md, 0);
  std::optional<ir::Tensor> buf;
  if (md && md->ndims > 0) {
    const dnnl::memory::desc scratchpad(*md);
    if (const size_t bytes = scratchpad.get_size(); bytes > 0) {
      OL_ASSIGN_OR_RETURN(buf, Scratch(ctx, bytes));
      args[DNNL_ARG_SCRATCHPAD] = Wrap(scratchpad, *buf);
    }
  }
  prim.execute(s, args);
  s.wait();
  return Status::Ok();
}

void Reorder(dnnl::stream& s, dnnl::memory& src, dnnl::memory& dst) {
  dnnl::reorder(src, dst).execute(s, src, dst);
  s.wait();
}

bool AppendActivation(const FusedActivation& act, dnnl::post_ops* ops) {
  using A = dnnl::algorithm;
  using K = FusedActivation::Kind;
  switch (act.kind) {
    case K::kNone:
      return true;
    case K::kRelu:
      ops->append_eltwise(1.f, A::eltwise_relu, 0.f, 0.f);
      return true;
    case K::kLeakyRelu:
      ops->append_eltwise(1.f, A::eltwise_relu, act.alpha, 0.f);
      return true;
    case K::kSigmoid:
      ops->append_eltwise(1.f, A::eltwise_logistic, 0.f, 0.f);
      return true;
    case K::kTanh:
      ops->append_eltwise(1.f, A::eltwise_tanh, 0.f, 0.f);
      return true;
    case K::kClip:
      // clip_v2 is min(max(x, lo), hi), as ONNX's Clip (clip is lo < x <= hi).
      ops->append_eltwise(1.f, A::eltwise_clip_v2, act.alpha, act.beta);
      return true;
    case K::kHardSigmoid:
      ops->append_eltwise(1.f, A::eltwise_linear, act.alpha, act.beta);
      ops->append_eltwise(1.f, A::eltwise_clip_v2, 0.f, 1.f);
      return true;
    case K::kQuickGelu:  // swish: x * sigmoid(alpha * x)
      ops->append_eltwise(1.f, A::eltwise_swish, act.alpha, 0.f);
      return true;
  }
  return false;
}

std::string DnnlWhat(const dnnl::error& e) {
  return std::string("oneDNN: ") + e.what() + " (status " + std::to_string(e.status) + ")";
}

}  // namespace onnxlens::kernels::dnnl_ep
