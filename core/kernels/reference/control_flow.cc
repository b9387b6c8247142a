// Reference control flow (If, Loop, Scan through SubgraphRunner) and sequence / optional ops.
#include <algorithm>
#include <cstring>
#include <limits>
#include <new>
#include <tuple>

#include "common/strings.h"
#include "ir/buffer_allocator.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

const ir::Graph* Body(const OpKernelContext& ctx, const char* name) {
  const ir::Attribute* a = ctx.node().FindAttribute(name);
  return a && a->type == ir::AttrType::kGraph ? a->g.get() : nullptr;
}

// Stacks equally shaped tensors along a new axis.
Expected<Tensor> Stack(const OpKernelContext& ctx, const std::vector<Tensor>& parts, int64_t axis,
                       const Tensor* like_if_empty) {
  if (parts.empty()) {
    std::vector<int64_t> dims = like_if_empty ? like_if_empty->dims() : std::vector<int64_t>{};
    dims.insert(dims.begin() + std::min<int64_t>(axis, dims.size()), 0);
    return NewTensor(ctx, like_if_empty ? like_if_empty->dtype() : DataType::kFloat, dims);
  }
  const Tensor& first = parts[0];
  std::vector<int64_t> dims = first.dims();
  const int64_t rank = static_cast<int64_t>(dims.size()) + 1;
  if (axis < 0) axis += rank;
  dims.insert(dims.begin() + axis, static_cast<int64_t>(parts.size()));
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= first.dims()[d];
  for (size_t d = axis; d < first.dims().size(); ++d) inner *= first.dims()[d];
  for (const Tensor& t : parts) {
    if (t.dims() != first.dims() || t.dtype() != first.dtype()) {
      return ctx.Error("iterations produced outputs of different shapes " +
                       ShapeString(first.dims()) + " and " + ShapeString(t.dims()));
    }
  }
  if (first.dtype() == DataType::kString) {
    std::vector<std::string> v;
    for (int64_t o = 0; o < outer; ++o)
      for (const Tensor& t : parts)
        for (int64_t i = 0; i < inner; ++i) v.push_back(t.strings()[o * inner + i]);
    return Tensor::FromStrings(dims, std::move(v));
  }
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, first.dtype(), dims));
  const size_t chunk = static_cast<size_t>(inner) * ElementSize(first.dtype());
  char* dst = static_cast<char*>(out.mutable_raw());
  for (int64_t o = 0; o < outer; ++o)
    for (const Tensor& t : parts) {
      std::memcpy(dst, static_cast<const char*>(t.raw()) + o * chunk, chunk);
      dst += chunk;
    }
  return out;
}

// The iteration values of one scan output, stacked as the iterations make them: each value is
// copied into one buffer from the session's allocator (its memory budget), made once when the
// count is known (Scan) or grown by half when it is not (Loop). Keeping every iteration's tensor
// until the end instead held ~300 bytes of bookkeeping per scalar iteration beyond the 64 the
// budget saw (1.3 GB under a 256 MB budget), and nothing at all was charged for values that share
// their storage (a weight passed through); the budget now sees every byte accumulated.
class StackedOutput {
 public:
  /// `name`: the output's, for errors; `axis`: where the iteration axis goes (may be negative);
  /// `count`: the iterations when known, -1 to grow as they come.
  StackedOutput(std::string name, int64_t axis, int64_t count)
      : name_(std::move(name)), axis_(axis), count_(count) {}

  /// Appends iteration `position`'s value (position < count; with count -1, the next one).
  Status Add(const OpKernelContext& ctx, const Tensor& t, int64_t position) {
    if (!started_) {
      started_ = true;
      dtype_ = t.dtype();
      dims_ = t.dims();
      OL_ASSIGN_OR_RETURN(axis_, NormalizeAxis(ctx, axis_, static_cast<int64_t>(dims_.size()) + 1));
      for (int64_t d = 0; d < axis_; ++d) outer_ *= dims_[d];
      for (size_t d = axis_; d < dims_.size(); ++d) inner_ *= dims_[d];
      chunk_ = static_cast<size_t>(inner_) * ElementSize(dtype_);
    } else if (t.dims() != dims_ || t.dtype() != dtype_) {
      return ctx.Error("iterations produced values of different shapes " +
                       std::string(DataTypeName(dtype_)) + ShapeString(dims_) + " and " +
                       std::string(DataTypeName(t.dtype())) + ShapeString(t.dims()) +
                       " for scan output " + Quote(name_));
    }
    const int64_t at = count_ >= 0 ? position : added_;
    if (dtype_ == DataType::kString) {  // rare and small: kept as tensors, stacked at the end
      if (static_cast<int64_t>(strings_.size()) <= at) strings_.resize(static_cast<size_t>(at) + 1);
      strings_[static_cast<size_t>(at)] = t;
      return Status::Ok();
    }
    if (at >= capacity_) OL_RETURN_IF_ERROR(Grow(ctx));
    for (int64_t o = 0; o < outer_ && chunk_ > 0; ++o) {
      std::memcpy(data_.get() + (static_cast<size_t>(o * capacity_ + at)) * chunk_,
                  static_cast<const std::byte*>(t.raw()) + static_cast<size_t>(o) * chunk_, chunk_);
    }
    ++added_;
    return Status::Ok();
  }

  /// The stacked tensor (shape of a value with the iteration count inserted at the axis).
  Expected<Tensor> Finish(const OpKernelContext& ctx) {
    if (!started_) return Stack(ctx, {}, 0, nullptr);
    if (dtype_ == DataType::kString) return Stack(ctx, strings_, axis_, nullptr);
    const int64_t n = count_ >= 0 ? count_ : added_;
    std::vector<int64_t> dims = dims_;
    dims.insert(dims.begin() + axis_, n);
    if (chunk_ == 0 || n == 0) return NewTensor(ctx, dtype_, dims);
    // A grown buffer holds `capacity_` rows along axis 0 (Loop's axis); the first n are the
    // result. Axis > 0 only comes with a known count (capacity == count).
    return Tensor::Adopt(dtype_, dims, data_, static_cast<size_t>(n) * chunk_ * outer_);
  }

 private:
  Status Grow(const OpKernelContext& ctx) {
    int64_t grown = count_;
    if (count_ < 0) {
      // Loop: axis 0 (outer 1); start at up to 1 MiB of rows, then grow by half.
      const int64_t first = chunk_ ? std::max<int64_t>(1, (int64_t{1} << 20) / chunk_) : 16;
      grown = capacity_ == 0 ? std::min<int64_t>(first, 1024) : capacity_ + capacity_ / 2 + 1;
    }
    uint64_t bytes = 0;
    if (__builtin_mul_overflow(static_cast<uint64_t>(grown), chunk_, &bytes) ||
        __builtin_mul_overflow(bytes, static_cast<uint64_t>(outer_), &bytes) || bytes > SIZE_MAX)
      bytes = UINT64_MAX;
    if (bytes > 0) {
      const std::string what = "scan output " + Quote(name_) + " of " + std::to_string(grown) +
                               " iterations of " + std::string(DataTypeName(dtype_)) +
                               ShapeString(dims_) + " needs " + FormatBytes(bytes);
      if (bytes == UINT64_MAX) return ctx.Error(what + ", more than this machine can address");
      std::shared_ptr<std::byte> bigger;
      try {
        bigger = ir::CurrentBufferAllocator().Allocate(static_cast<size_t>(bytes));
      } catch (const ir::AllocationRefused& e) {
        return OutOfRange("node " + ctx.node().Describe() + ": " + what + ": " + e.what());
      } catch (const std::bad_alloc&) {
        return OutOfRange("node " + ctx.node().Describe() + ": " + what +
                          ", more memory than the system has");
      }
      if (added_ > 0) std::memcpy(bigger.get(), data_.get(), static_cast<size_t>(added_) * chunk_);
      data_ = std::move(bigger);
    }
    capacity_ = grown;
    return Status::Ok();
  }

  std::string name_;
  int64_t axis_;
  int64_t count_;
  bool started_ = false;
  DataType dtype_ = DataType::kUndefined;
  std::vector<int64_t> dims_;  ///< of one iteration's value
  int64_t outer_ = 1, inner_ = 1;
  size_t chunk_ = 0;  ///< bytes of one value's run of `inner_` elements
  int64_t added_ = 0, capacity_ = 0;
  std::shared_ptr<std::byte> data_;
  std::vector<Tensor> strings_;
};

std::string OutputName(const OpKernelContext& ctx, size_t i) {
  const auto& outs = ctx.node().outputs();
  return i < outs.size() && outs[i] ? outs[i]->name() : "#" + std::to_string(i);
}

// Slice i along `axis`, dropping that axis (its storage from the session's allocator: an error
// naming the node when the memory budget refuses it).
Expected<Tensor> Take(const OpKernelContext& ctx, const Tensor& t, int64_t axis, int64_t i) {
  std::vector<int64_t> dims = t.dims();
  const int64_t len = dims[axis];
  dims.erase(dims.begin() + axis);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= t.dims()[d];
  for (size_t d = axis + 1; d < t.dims().size(); ++d) inner *= t.dims()[d];
  if (t.dtype() == DataType::kString) {
    std::vector<std::string> v;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < inner; ++k) v.push_back(t.strings()[(o * len + i) * inner + k]);
    return Tensor::FromStrings(dims, std::move(v));
  }
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, t.dtype(), dims));
  const size_t chunk = static_cast<size_t>(inner) * ElementSize(t.dtype());
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(static_cast<char*>(out.mutable_raw()) + o * chunk,
                static_cast<const char*>(t.raw()) + (o * len + i) * chunk, chunk);
  return out;
}

Status If(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* c, ctx.RequireTensor(0));
  if (c->numel() != 1) return ctx.Error("condition must hold one value");
  OL_ASSIGN_OR_RETURN(double cond, ReadScalar(ctx, *c, "cond"));
  const ir::Graph* g = Body(ctx, cond != 0 ? "then_branch" : "else_branch");
  if (!g) return ctx.Error("has no branch graph");
  if (!ctx.subgraphs()) return Internal("If without a subgraph runner");
  OL_ASSIGN_OR_RETURN(std::vector<RtValue> outs, ctx.subgraphs()->Run(*g, {}));
  if (outs.size() != ctx.num_outputs()) {
    return ctx.Error("the branch returned " + std::to_string(outs.size()) + " values for " +
                     std::to_string(ctx.num_outputs()) + " outputs");
  }
  for (size_t i = 0; i < outs.size(); ++i) ctx.SetOutputValue(i, std::move(outs[i]));
  return Status::Ok();
}

Status Loop(OpKernelContext& ctx, int64_t) {
  const ir::Graph* body = Body(ctx, "body");
  if (!body) return ctx.Error("has no body graph");
  int64_t max_trips = std::numeric_limits<int64_t>::max();
  if (const Tensor* m = ctx.tensor(0); m && m->numel() > 0) {
    // An integer read: M is often INT64_MAX, which a double rounds to 2^63, past int64.
    OL_ASSIGN_OR_RETURN(std::vector<int64_t> v, ReadInts(ctx, *m, "M"));
    max_trips = v[0];
  }
  bool cond = true;
  if (const Tensor* c = ctx.tensor(1); c && c->numel() > 0) {
    OL_ASSIGN_OR_RETURN(double v, ReadScalar(ctx, *c, "cond"));
    cond = v != 0;
  }
  const size_t n_carried = ctx.num_inputs() > 2 ? ctx.num_inputs() - 2 : 0;
  std::vector<RtValue> carried;
  for (size_t i = 0; i < n_carried; ++i) {
    const RtValue* v = ctx.input(2 + i);
    carried.push_back(v ? *v : RtValue());
  }
  const size_t n_scan = ctx.num_outputs() > n_carried ? ctx.num_outputs() - n_carried : 0;
  std::vector<StackedOutput> scans;
  for (size_t i = 0; i < n_scan; ++i) scans.emplace_back(OutputName(ctx, n_carried + i), 0, -1);
  if (!ctx.subgraphs()) return Internal("Loop without a subgraph runner");
  // A trip count a file sets (2^40, or INT64_MAX with a condition that never turns false) must
  // not spin for hours: the session's cap (CLI --max-loop-iterations) ends it naming the node.
  const int64_t cap = ctx.subgraphs()->max_loop_iterations();
  int64_t it = 0;
  for (; it < max_trips && cond; ++it) {
    if (cap > 0 && it >= cap) {
      const std::string trips = ctx.tensor(0) && ctx.tensor(0)->numel() > 0
                                    ? "a trip count of " + std::to_string(max_trips)
                                    : "no trip count";
      return OutOfRange("node " + ctx.node().Describe() + ": ran " + std::to_string(it) +
                        " iterations (" + trips + ") and exceeded --max-loop-iterations " +
                        std::to_string(cap) + "; raise it for a model whose loop runs longer");
    }
    std::vector<RtValue> in;
    in.push_back(RtValue::FromTensor(Tensor::FromVector<int64_t>(DataType::kInt64, {}, {it})));
    in.push_back(RtValue::FromTensor(
        Tensor::FromVector<uint8_t>(DataType::kBool, {}, {cond ? uint8_t(1) : uint8_t(0)})));
    for (auto& c : carried) in.push_back(c);
    OL_ASSIGN_OR_RETURN(std::vector<RtValue> out, ctx.subgraphs()->Run(*body, std::move(in)));
    if (out.size() != 1 + n_carried + n_scan)
      return ctx.Error("body returned the wrong number of outputs");
    if (!out[0].is_tensor()) return ctx.Error("body did not return a condition");
    OL_ASSIGN_OR_RETURN(double cv, ReadScalar(ctx, out[0].tensor, "cond"));
    cond = cv != 0;
    for (size_t i = 0; i < n_carried; ++i) carried[i] = std::move(out[1 + i]);
    for (size_t i = 0; i < n_scan; ++i) {
      if (!out[1 + n_carried + i].is_tensor()) return ctx.Error("scan output is not a tensor");
      OL_RETURN_IF_ERROR(scans[i].Add(ctx, out[1 + n_carried + i].tensor, it));
    }
  }
  for (size_t i = 0; i < n_carried; ++i) ctx.SetOutputValue(i, std::move(carried[i]));
  for (size_t i = 0; i < n_scan; ++i) {
    OL_ASSIGN_OR_RETURN(Tensor st, scans[i].Finish(ctx));
    ctx.SetOutput(n_carried + i, std::move(st));
  }
  return Status::Ok();
}

// Scan-8: every input carries a batch axis 0 (the scan axis is 1), the optional first input
// sequence_lens gives each batch entry's length; the body runs per batch entry, and scan outputs
// past an entry's length stay zero.
Status Scan8(OpKernelContext& ctx) {
  const ir::Graph* body = Body(ctx, "body");
  if (!body) return ctx.Error("has no body graph");
  const int64_t m = ctx.node().GetInt("num_scan_inputs", 0);
  const int64_t n_in = static_cast<int64_t>(ctx.num_inputs()) - 1;
  const int64_t n_state = n_in - m;
  if (m <= 0 || n_state < 0) return ctx.Error("num_scan_inputs is invalid");
  const int64_t n_out_scan = static_cast<int64_t>(ctx.num_outputs()) - n_state;
  if (n_out_scan < 0)
    return ctx.Error("has " + std::to_string(ctx.num_outputs()) + " outputs for " +
                     std::to_string(n_state) + " state variables");
  const auto dirs = ctx.node().GetInts("directions", std::vector<int64_t>(m, 0));
  if (static_cast<int64_t>(dirs.size()) != m)
    return ctx.Error("directions has " + std::to_string(dirs.size()) + " values for " +
                     std::to_string(m) + " scan inputs");
  std::vector<const Tensor*> ins;
  int64_t batch = -1, len = -1;
  for (int64_t i = 0; i < n_in; ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(1 + i));
    const bool scanned = i >= n_state;
    OL_RETURN_IF_ERROR(CheckMinRank(ctx, *t, scanned ? 2 : 1,
                                    scanned ? "scan input (batch, sequence)" : "state (batch)"));
    if (batch >= 0 && t->dims()[0] != batch) return ctx.Error("inputs have different batch sizes");
    batch = t->dims()[0];
    if (scanned) {
      if (len >= 0 && t->dims()[1] != len) return ctx.Error("scan inputs have different lengths");
      len = t->dims()[1];
    }
    ins.push_back(t);
  }
  std::vector<int64_t> lens(static_cast<size_t>(batch), len);
  if (const Tensor* sl = ctx.tensor(0); sl && sl->numel() > 0) {
    OL_ASSIGN_OR_RETURN(lens, ReadInts(ctx, *sl, "sequence_lens"));
    OL_RETURN_IF_ERROR(CheckLengths(ctx, lens, batch, len, "sequence_lens"));
  }
  std::vector<std::vector<Tensor>> states(n_state), scans(n_out_scan);
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<RtValue> state;
    for (int64_t i = 0; i < n_state; ++i) {
      OL_ASSIGN_OR_RETURN(Tensor t, Take(ctx, *ins[i], 0, b));
      state.push_back(RtValue::FromTensor(std::move(t)));
    }
    std::vector<Tensor> items;
    for (int64_t i = 0; i < m; ++i) {
      OL_ASSIGN_OR_RETURN(Tensor t, Take(ctx, *ins[n_state + i], 0, b));
      items.push_back(std::move(t));
    }
    std::vector<std::vector<Tensor>> outs(n_out_scan);
    for (int64_t it = 0; it < lens[b]; ++it) {
      std::vector<RtValue> in = state;
      for (int64_t i = 0; i < m; ++i) {
        OL_ASSIGN_OR_RETURN(Tensor t, Take(ctx, items[i], 0, dirs[i] ? lens[b] - 1 - it : it));
        in.push_back(RtValue::FromTensor(std::move(t)));
      }
      OL_ASSIGN_OR_RETURN(std::vector<RtValue> out, ctx.subgraphs()->Run(*body, std::move(in)));
      if (static_cast<int64_t>(out.size()) != n_state + n_out_scan)
        return ctx.Error("body returned the wrong number of outputs");
      for (int64_t i = 0; i < n_state; ++i) state[i] = std::move(out[i]);
      for (int64_t i = 0; i < n_out_scan; ++i)
        outs[i].push_back(std::move(out[n_state + i].tensor));
    }
    for (int64_t i = 0; i < n_state; ++i) states[i].push_back(std::move(state[i].tensor));
    for (int64_t i = 0; i < n_out_scan; ++i) {
      if (outs[i].size() < static_cast<size_t>(len)) {
        if (outs[i].empty()) return ctx.Error("a batch entry of length 0 gives no output shape");
        OL_ASSIGN_OR_RETURN(Tensor zero, NewTensor(ctx, outs[i][0].dtype(), outs[i][0].dims()));
        if (zero.dtype() != DataType::kString) std::memset(zero.mutable_raw(), 0, zero.nbytes());
        outs[i].resize(static_cast<size_t>(len), zero);
      }
      OL_ASSIGN_OR_RETURN(Tensor st, Stack(ctx, outs[i], 0, nullptr));
      scans[i].push_back(std::move(st));
    }
  }
  for (int64_t i = 0; i < n_state; ++i) {
    OL_ASSIGN_OR_RETURN(Tensor st, Stack(ctx, states[i], 0, ins[i]));
    ctx.SetOutput(i, std::move(st));
  }
  for (int64_t i = 0; i < n_out_scan; ++i) {
    OL_ASSIGN_OR_RETURN(Tensor st, Stack(ctx, scans[i], 0, nullptr));
    ctx.SetOutput(n_state + i, std::move(st));
  }
  return Status::Ok();
}

Status Scan(OpKernelContext& ctx, int64_t opset) {
  if (opset < 9) return Scan8(ctx);
  const ir::Graph* body = Body(ctx, "body");
  if (!body) return ctx.Error("has no body graph");
  const int64_t m = ctx.node().GetInt("num_scan_inputs", 0);
  const int64_t n_in = static_cast<int64_t>(ctx.num_inputs());
  const int64_t n_state = n_in - m;
  if (m <= 0 || n_state < 0) return ctx.Error("num_scan_inputs is invalid");
  const int64_t n_out_scan = static_cast<int64_t>(ctx.num_outputs()) - n_state;
  if (n_out_scan < 0) {
    return ctx.Error("has " + std::to_string(ctx.num_outputs()) + " outputs for " +
                     std::to_string(n_state) + " state variables");
  }
  auto in_axes = ctx.node().GetInts("scan_input_axes", std::vector<int64_t>(m, 0));
  auto in_dirs = ctx.node().GetInts("scan_input_directions", std::vector<int64_t>(m, 0));
  auto out_axes = ctx.node().GetInts("scan_output_axes", std::vector<int64_t>(n_out_scan, 0));
  auto out_dirs = ctx.node().GetInts("scan_output_directions", std::vector<int64_t>(n_out_scan, 0));
  for (const auto& [v, n, what] : {std::tuple{&in_axes, m, "scan_input_axes"},
                                   std::tuple{&in_dirs, m, "scan_input_directions"},
                                   std::tuple{&out_axes, n_out_scan, "scan_output_axes"},
                                   std::tuple{&out_dirs, n_out_scan, "scan_output_directions"}}) {
    if (static_cast<int64_t>(v->size()) != n) {
      return ctx.Error(std::string(what) + " has " + std::to_string(v->size()) + " values for " +
                       std::to_string(n) + " scan inputs / outputs");
    }
  }
  std::vector<RtValue> state;
  for (int64_t i = 0; i < n_state; ++i) {
    if (!ctx.input(i)) return ctx.Error("state variable " + std::to_string(i) + " is missing");
    state.push_back(*ctx.input(i));
  }
  std::vector<Tensor> seqs;
  int64_t len = -1;
  for (int64_t i = 0; i < m; ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(n_state + i));
    OL_RETURN_IF_ERROR(CheckMinRank(ctx, *t, 1, "scan input"));
    OL_ASSIGN_OR_RETURN(in_axes[i], NormalizeAxis(ctx, in_axes[i], t->dims().size()));
    const int64_t l = t->dims()[in_axes[i]];
    if (len >= 0 && l != len) return ctx.Error("scan inputs have different lengths");
    len = l;
    seqs.push_back(*t);
  }
  if (!ctx.subgraphs()) return Internal("Scan without a subgraph runner");
  // Each output made once its first value shows the shape, filled as the iterations run.
  std::vector<StackedOutput> outs;
  for (int64_t i = 0; i < n_out_scan; ++i)
    outs.emplace_back(OutputName(ctx, static_cast<size_t>(n_state + i)), out_axes[i], len);
  for (int64_t it = 0; it < len; ++it) {
    std::vector<RtValue> in = state;
    for (int64_t i = 0; i < m; ++i) {
      const int64_t at = in_dirs[i] ? len - 1 - it : it;
      OL_ASSIGN_OR_RETURN(Tensor t, Take(ctx, seqs[i], in_axes[i], at));
      in.push_back(RtValue::FromTensor(std::move(t)));
    }
    OL_ASSIGN_OR_RETURN(std::vector<RtValue> out, ctx.subgraphs()->Run(*body, std::move(in)));
    if (static_cast<int64_t>(out.size()) != n_state + n_out_scan)
      return ctx.Error("body returned the wrong number of outputs");
    for (int64_t i = 0; i < n_state; ++i) state[i] = std::move(out[i]);
    for (int64_t i = 0; i < n_out_scan; ++i) {
      if (!out[n_state + i].is_tensor()) return ctx.Error("scan output is not a tensor");
      OL_RETURN_IF_ERROR(
          outs[i].Add(ctx, out[n_state + i].tensor, out_dirs[i] ? len - 1 - it : it));
    }
  }
  for (int64_t i = 0; i < n_state; ++i) ctx.SetOutputValue(i, std::move(state[i]));
  for (int64_t i = 0; i < n_out_scan; ++i) {
    if (len == 0) OL_RETURN_IF_ERROR(NormalizeAxis(ctx, out_axes[i], 1).status());
    OL_ASSIGN_OR_RETURN(Tensor st, outs[i].Finish(ctx));
    ctx.SetOutput(n_state + i, std::move(st));
  }
  return Status::Ok();
}

// ---- sequences ----

Expected<const RtValue*> Seq(const OpKernelContext& ctx, size_t i) {
  const RtValue* v = ctx.input(i);
  if (!v || !v->is_sequence())
    return ctx.Error("input #" + std::to_string(i) + " is not a sequence");
  return v;
}

Expected<int64_t> Position(const OpKernelContext& ctx, size_t i, int64_t size, bool insert) {
  const Tensor* t = ctx.tensor(i);
  if (!t) return insert ? size : size - 1;
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> p, ReadInts(ctx, *t, "position"));
  if (p.size() != 1) return ctx.Error("position has " + std::to_string(p.size()) + " values");
  int64_t pos = p[0];
  const int64_t hi = insert ? size : size - 1;
  if (pos < -size || pos > hi)
    return ctx.Error("position " + std::to_string(pos) + " is out of range for a sequence of " +
                     std::to_string(size));
  if (pos < 0) pos += size;
  return pos;
}

// SequenceMap: the body once per element of the input sequence, with element i of every
// additional sequence input (of the same length) or the additional tensor itself; each body
// output becomes a sequence.
Status SequenceMap(OpKernelContext& ctx, int64_t) {
  const ir::Graph* body = Body(ctx, "body");
  if (!body) return ctx.Error("has no body graph");
  OL_ASSIGN_OR_RETURN(const RtValue* s, Seq(ctx, 0));
  const size_t len = s->sequence.size();
  for (size_t k = 1; k < ctx.num_inputs(); ++k) {
    const RtValue* v = ctx.input(k);
    if (!v || v->empty()) return ctx.Error("input #" + std::to_string(k) + " is missing");
    if (v->is_sequence() && v->sequence.size() != len)
      return ctx.Error("input #" + std::to_string(k) + " is a sequence of " +
                       std::to_string(v->sequence.size()) + " elements, input_sequence has " +
                       std::to_string(len));
  }
  const size_t n_out = ctx.num_outputs();
  std::vector<std::vector<Tensor>> outs(n_out);
  for (size_t i = 0; i < len; ++i) {
    std::vector<RtValue> in = {RtValue::FromTensor(s->sequence[i])};
    for (size_t k = 1; k < ctx.num_inputs(); ++k) {
      const RtValue* v = ctx.input(k);
      in.push_back(v->is_sequence() ? RtValue::FromTensor(v->sequence[i]) : *v);
    }
    OL_ASSIGN_OR_RETURN(std::vector<RtValue> out, ctx.subgraphs()->Run(*body, std::move(in)));
    if (out.size() != n_out)
      return ctx.Error("body returned " + std::to_string(out.size()) + " outputs for " +
                       std::to_string(n_out) + " output sequences");
    for (size_t o = 0; o < n_out; ++o) {
      if (!out[o].is_tensor())
        return ctx.Error("body output " + std::to_string(o) + " is not a tensor");
      outs[o].push_back(std::move(out[o].tensor));
    }
  }
  for (size_t o = 0; o < n_out; ++o) {
    DataType dt = outs[o].empty() ? DataType::kUndefined : outs[o][0].dtype();
    if (dt == DataType::kUndefined && o < body->outputs().size() && body->outputs()[o])
      dt = body->outputs()[o]->type().elem_type;
    ctx.SetOutputValue(o, RtValue::FromSequence(std::move(outs[o]), dt));
  }
  return Status::Ok();
}

void RegisterSequenceKernels(KernelRegistry& r) {
  AddKernel(r, "", "SequenceMap", 17, SequenceMap);
  AddKernel(r, "", "SequenceEmpty", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    auto dt = ir::DataTypeFromOnnx(static_cast<int32_t>(ctx.node().GetInt("dtype", 1)));
    ctx.SetOutputValue(0, RtValue::FromSequence({}, dt.value_or(DataType::kFloat)));
    return Status::Ok();
  });
  AddKernel(r, "", "SequenceConstruct", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    std::vector<Tensor> s;
    for (size_t i = 0; i < ctx.num_inputs(); ++i) {
      OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(i));
      s.push_back(*t);
    }
    const DataType dt = s.empty() ? DataType::kFloat : s[0].dtype();
    ctx.SetOutputValue(0, RtValue::FromSequence(std::move(s), dt));
    return Status::Ok();
  });
  AddKernel(r, "", "SequenceInsert", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    OL_ASSIGN_OR_RETURN(const RtValue* s, Seq(ctx, 0));
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(int64_t pos,
                        Position(ctx, 2, static_cast<int64_t>(s->sequence.size()), true));
    std::vector<Tensor> v = s->sequence;
    v.insert(v.begin() + pos, *t);
    ctx.SetOutputValue(0, RtValue::FromSequence(std::move(v), t->dtype()));
    return Status::Ok();
  });
  AddKernel(r, "", "SequenceAt", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    OL_ASSIGN_OR_RETURN(const RtValue* s, Seq(ctx, 0));
    if (!ctx.tensor(1)) return ctx.Error("position is missing");
    OL_ASSIGN_OR_RETURN(int64_t pos,
                        Position(ctx, 1, static_cast<int64_t>(s->sequence.size()), false));
    ctx.SetOutput(0, s->sequence[pos]);
    return Status::Ok();
  });
  AddKernel(r, "", "SequenceErase", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    OL_ASSIGN_OR_RETURN(const RtValue* s, Seq(ctx, 0));
    OL_ASSIGN_OR_RETURN(int64_t pos,
                        Position(ctx, 1, static_cast<int64_t>(s->sequence.size()), false));
    std::vector<Tensor> v = s->sequence;
    v.erase(v.begin() + pos);
    ctx.SetOutputValue(0, RtValue::FromSequence(std::move(v), s->sequence_type));
    return Status::Ok();
  });
  AddKernel(r, "", "SequenceLength", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    OL_ASSIGN_OR_RETURN(const RtValue* s, Seq(ctx, 0));
    ctx.SetOutput(0, Tensor::FromVector<int64_t>(DataType::kInt64, {},
                                                 {static_cast<int64_t>(s->sequence.size())}));
    return Status::Ok();
  });
  AddKernel(r, "", "ConcatFromSequence", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    OL_ASSIGN_OR_RETURN(const RtValue* s, Seq(ctx, 0));
    if (s->sequence.empty()) return ctx.Error("the sequence is empty");
    const bool new_axis = ctx.node().GetInt("new_axis", 0) != 0;
    const int64_t rank = static_cast<int64_t>(s->sequence[0].dims().size()) + (new_axis ? 1 : 0);
    OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
    if (new_axis) {
      OL_ASSIGN_OR_RETURN(Tensor t, Stack(ctx, s->sequence, axis, nullptr));
      ctx.SetOutput(0, std::move(t));
      return Status::Ok();
    }
    // concatenate along an existing axis: stack per part then merge by copying chunks
    const Tensor& f = s->sequence[0];
    OL_RETURN_IF_ERROR(CheckMinRank(ctx, f, 1, "the first tensor of the sequence"));
    std::vector<int64_t> dims = f.dims();
    dims[axis] = 0;
    for (const Tensor& t : s->sequence) {
      // The chunks are copied by the first tensor's sizes: every other must agree off the axis.
      std::vector<int64_t> same = t.dims();
      if (same.size() == dims.size()) same[axis] = 0;
      if (same != dims || t.dtype() != f.dtype() || t.dtype() == DataType::kString) {
        return ctx.Error("the sequence holds " + std::string(DataTypeName(t.dtype())) +
                         ShapeString(t.dims()) + " and " + std::string(DataTypeName(f.dtype())) +
                         ShapeString(f.dims()) + ", which do not concatenate along axis " +
                         std::to_string(axis));
      }
    }
    for (const Tensor& t : s->sequence) dims[axis] += t.dims()[axis];
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < axis; ++d) outer *= dims[d];
    for (size_t d = axis + 1; d < dims.size(); ++d) inner *= dims[d];
    OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, f.dtype(), dims));
    const size_t es = ElementSize(f.dtype());
    char* dst = static_cast<char*>(out.mutable_raw());
    for (int64_t o = 0; o < outer; ++o)
      for (const Tensor& t : s->sequence) {
        const size_t chunk = static_cast<size_t>(t.dims()[axis] * inner) * es;
        std::memcpy(dst, static_cast<const char*>(t.raw()) + o * chunk, chunk);
        dst += chunk;
      }
    ctx.SetOutput(0, std::move(out));
    return Status::Ok();
  });
  AddKernel(r, "", "SplitToSequence", 11, [](OpKernelContext& ctx, int64_t) -> Status {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 1, "input"));
    const int64_t rank = static_cast<int64_t>(x->dims().size());
    OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
    const bool keep = ctx.node().GetInt("keepdims", 1) != 0;
    const int64_t len = x->dims()[axis];
    std::vector<int64_t> split;
    const Tensor* st = ctx.tensor(1);
    if (st) {
      OL_ASSIGN_OR_RETURN(split, ReadInts(ctx, *st, "split"));
      if (st->dims().empty()) {
        const int64_t c = split[0];
        if (c <= 0) return ctx.Error("split " + std::to_string(c) + " is not positive");
        split.clear();
        for (int64_t b = 0; b < len; b += c) split.push_back(std::min(c, len - b));
      }
    } else {
      split.assign(len, 1);
    }
    int64_t total = 0;
    for (int64_t s : split) {
      if (s < 0 || __builtin_add_overflow(total, s, &total) || total > len) {
        return ctx.Error("split " + ShapeString(split) + " does not fit axis " +
                         std::to_string(axis) + " of size " + std::to_string(len));
      }
    }
    if (total != len) {
      return ctx.Error("split " + ShapeString(split) + " sums to " + std::to_string(total) +
                       ", not the " + std::to_string(len) + " of axis " + std::to_string(axis));
    }
    std::vector<Tensor> parts;
    int64_t begin = 0;
    for (int64_t s : split) {
      std::vector<Tensor> slices;
      for (int64_t i = 0; i < s; ++i) {
        OL_ASSIGN_OR_RETURN(Tensor slice, Take(ctx, *x, axis, begin + i));
        slices.push_back(std::move(slice));
      }
      OL_ASSIGN_OR_RETURN(Tensor part, Stack(ctx, slices, axis, nullptr));
      if (!st && !keep) {
        OL_ASSIGN_OR_RETURN(part, Take(ctx, part, axis, 0));
      }
      parts.push_back(std::move(part));
      begin += s;
    }
    ctx.SetOutputValue(0, RtValue::FromSequence(std::move(parts), x->dtype()));
    return Status::Ok();
  });
  // Optional: an empty RtValue is "no element"; a present element is held as it is.
  AddKernel(r, "", "Optional", 15, [](OpKernelContext& ctx, int64_t) -> Status {
    const RtValue* v = ctx.input(0);
    ctx.SetOutputValue(0, v ? *v : RtValue());
    return Status::Ok();
  });
  AddKernel(r, "", "OptionalHasElement", 15, [](OpKernelContext& ctx, int64_t) -> Status {
    const RtValue* v = ctx.input(0);
    const uint8_t has = v && !v->empty() ? 1 : 0;
    ctx.SetOutput(0, Tensor::FromVector<uint8_t>(DataType::kBool, {}, {has}));
    return Status::Ok();
  });
  AddKernel(r, "", "OptionalGetElement", 15, [](OpKernelContext& ctx, int64_t) -> Status {
    const RtValue* v = ctx.input(0);
    if (!v || v->empty()) return ctx.Error("the optional holds no element");
    ctx.SetOutputValue(0, *v);
    return Status::Ok();
  });
}

}  // namespace

void RegisterControlFlowKernels(KernelRegistry& r) {
  AddKernel(r, "", "If", 1, If);
  AddKernel(r, "", "Loop", 1, Loop);
  AddKernel(r, "", "Scan", 8, Scan);
  RegisterSequenceKernels(r);
}

}  // namespace onnxlens::kernels
