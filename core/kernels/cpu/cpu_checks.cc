// Creation-time checks of the cpu kernels: what a kernel does not handle and the graph already
// tells (attribute values, optional outputs, ranks and types inference knows). The partition then
// says why such a node runs on the next provider; the kernels keep their run-time Declines for
// what only the input shapes tell.
#include <string>

#include "common/strings.h"
#include "kernels/cpu/cpu_util.h"

namespace onnxlens::kernels {

namespace {

/// The rank inference gave `v`, or -1.
int64_t KnownRank(const ir::Value* v) {
  return v && v->type().is_tensor() && v->type().shape
             ? static_cast<int64_t>(v->type().shape->size())
             : -1;
}

bool OutputWanted(const ir::Node& n, size_t i) {
  return i < n.outputs().size() && n.outputs()[i] != nullptr;
}

/// Declines when input `i` is known not to be float32.
Capability NeedFloatInput(const ir::Node& n, size_t i) {
  const ir::Value* v = n.input(i);
  if (!v || !v->type().is_tensor() || v->type().elem_type == ir::DataType::kUndefined ||
      v->type().elem_type == ir::DataType::kFloat) {
    return Capability::Accept();
  }
  return Capability::Decline(DeclineReason::kDataType,
                             "the cpu kernel takes float32, input " + std::to_string(i) + " " +
                                 Quote(v->name()) + " is " +
                                 std::string(ir::DataTypeName(v->type().elem_type)));
}

Capability LstmCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  for (size_t i : {1, 2, 3, 5, 6, 7}) {
    if (Capability c = NeedFloatInput(n, i); !c.accepted()) return c;
  }
  if (n.GetInt("layout", 0) != 0)
    return Capability::Decline(DeclineReason::kAttribute, "the cpu LSTM kernel takes layout=0");
  if (n.GetInt("input_forget", 0) != 0) {
    return Capability::Decline(DeclineReason::kAttribute,
                               "the cpu LSTM kernel does not couple the input and forget gates "
                               "(input_forget=1)");
  }
  if (const ir::Attribute* a = n.FindAttribute("activations")) {
    for (size_t i = 0; i < a->strings.size(); ++i) {
      if (a->strings[i] != (i % 3 == 0 ? "Sigmoid" : "Tanh")) {
        return Capability::Decline(DeclineReason::kAttribute,
                                   "the cpu LSTM kernel takes the default activations "
                                   "(Sigmoid, Tanh, Tanh), not " +
                                       a->strings[i]);
      }
    }
  }
  return Capability::Accept();
}

Capability PoolCheck(const KernelInfo& info, bool max) {
  const ir::Node& n = info.node;
  if (max && OutputWanted(n, 1)) {
    return Capability::Decline(DeclineReason::kOutputs,
                               "the cpu MaxPool kernel does not produce the Indices output");
  }
  const int64_t rank = KnownRank(n.input(0));
  if (rank >= 0 && rank != 4) {
    return Capability::Decline(DeclineReason::kRank, "the cpu pooling kernels take 4-D input, " +
                                                         Quote(n.input(0)->name()) + " is " +
                                                         std::to_string(rank) + "-D");
  }
  return Capability::Accept();
}

Capability SoftmaxCheck(const KernelInfo& info) {
  const int64_t rank = KnownRank(info.node.input(0));
  if (info.opset < 13 || rank < 0) return Capability::Accept();
  int64_t axis = info.node.GetInt("axis", -1);
  if (axis < 0) axis += rank;
  if (axis != rank - 1) {
    return Capability::Decline(
        DeclineReason::kAttribute,
        "the cpu " + info.node.op_type() + " kernel reduces the last axis only, axis is " +
            std::to_string(info.node.GetInt("axis", -1)) + " of rank " + std::to_string(rank));
  }
  return Capability::Accept();
}

Capability NoStatisticsOutputs(const KernelInfo& info) {
  if (OutputWanted(info.node, 1) || OutputWanted(info.node, 2)) {
    return Capability::Decline(DeclineReason::kOutputs,
                               "the cpu " + info.node.op_type() +
                                   " kernel does not produce the mean / inverse std outputs");
  }
  return Capability::Accept();
}

Capability BatchNormCheck(const KernelInfo& info) {
  if (info.node.GetInt("training_mode", 0) != 0) {
    return Capability::Decline(DeclineReason::kAttribute,
                               "the cpu BatchNormalization kernel is inference only "
                               "(training_mode=1)");
  }
  for (size_t i = 1; i < 5; ++i) {
    if (Capability c = NeedFloatInput(info.node, i); !c.accepted()) return c;
  }
  return Capability::Accept();
}

Capability ConvTransposeCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  for (size_t i : {1, 2}) {
    if (Capability c = NeedFloatInput(n, i); !c.accepted()) return c;
  }
  const int64_t rank = KnownRank(n.input(0));
  if (rank >= 0 && rank != 3 && rank != 4) {
    return Capability::Decline(DeclineReason::kRank,
                               "the cpu ConvTranspose kernel takes 1-D and 2-D (3-D or 4-D "
                               "input), " +
                                   Quote(n.input(0)->name()) + " is " + std::to_string(rank) +
                                   "-D");
  }
  return Capability::Accept();
}

}  // namespace

void RegisterCpuChecks(KernelRegistry& r) {
  r.SetCheck("", "LSTM", kCpuProvider, LstmCheck);
  r.SetCheck("", "MaxPool", kCpuProvider, [](const KernelInfo& i) { return PoolCheck(i, true); });
  for (const char* op : {"AveragePool", "GlobalAveragePool", "GlobalMaxPool"})
    r.SetCheck("", op, kCpuProvider, [](const KernelInfo& i) { return PoolCheck(i, false); });
  r.SetCheck("", "Softmax", kCpuProvider, SoftmaxCheck);
  r.SetCheck("", "LogSoftmax", kCpuProvider, SoftmaxCheck);
  r.SetCheck("", "LayerNormalization", kCpuProvider, NoStatisticsOutputs);
  r.SetCheck("com.microsoft", "LayerNormalization", kCpuProvider, NoStatisticsOutputs);
  r.SetCheck("com.microsoft", "SkipLayerNormalization", kCpuProvider, NoStatisticsOutputs);
  r.SetCheck("", "BatchNormalization", kCpuProvider, BatchNormCheck);
  r.SetCheck("", "ConvTranspose", kCpuProvider, ConvTransposeCheck);
  r.SetCheck("com.microsoft", "EmbedLayerNormalization", kCpuProvider, [](const KernelInfo& i) {
    if (!OutputWanted(i.node, 2)) return Capability::Accept();
    return Capability::Decline(DeclineReason::kOutputs,
                               "the cpu EmbedLayerNormalization kernel does not produce the "
                               "embedding_sum output");
  });
  // GridSample's grid and STFT's window: float32 like X / the signal.
  r.SetCheck("", "GridSample", kCpuProvider,
             [](const KernelInfo& i) { return NeedFloatInput(i.node, 1); });
  r.SetCheck("", "STFT", kCpuProvider,
             [](const KernelInfo& i) { return NeedFloatInput(i.node, 2); });
  r.SetCheck("", "Pow", kCpuProvider,
             [](const KernelInfo& i) { return NeedFloatInput(i.node, 1); });
}

}  // namespace onnxlens::kernels
