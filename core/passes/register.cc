// Explicit registration of every pass, in run order within each level (mirroring ONNX Runtime's
// order where it has the same pass: eliminations, sharing + CSE, folding, then fusions).
#include "passes/activation_fusion.h"
#include "passes/activation_pattern_fusion.h"
#include "passes/constant_folding.h"
#include "passes/conv_fusion.h"
#include "passes/dynamic_quantize_matmul_fusion.h"
#include "passes/elimination.h"
#include "passes/gemm_fusion.h"
#include "passes/if_elimination.h"
#include "passes/matmul_fusion.h"
#include "passes/misc_fusion.h"
#include "passes/nchwc_transform.h"
#include "passes/op_rewrites.h"
#include "passes/pass.h"
#include "passes/qdq_clip_integer.h"
#include "passes/qdq_fake_quant.h"
#include "passes/qdq_integer_gemm.h"
#include "passes/qdq_node_units.h"
#include "passes/qdq_weight_folding.h"
#include "passes/qlinear_nhwc.h"
#include "passes/redundancy.h"
#include "passes/redundant_op_elimination.h"
#include "passes/relu_clip_quant_fusion.h"
#include "passes/reshape_fusion.h"
#include "passes/transformer_fusion.h"

namespace onnxlens::passes {

std::vector<std::unique_ptr<Pass>> CreateAllPasses() {
  std::vector<std::unique_ptr<Pass>> out;
  // basic
  AddEliminationPasses(out);
  AddIfEliminationPass(out);
  AddRedundantOpEliminationPasses(out);
  AddOpRewritePasses(out);
  // Before conv-add-fusion folds the + 3 of x * Clip(x + 3, 0, 6) / 6 into a Conv's bias.
  AddHardSwishFusionPass(out);
  AddConvFusionPasses(out);
  AddRedundancyPasses(out);
  out.push_back(CreateConstantFolding());
  AddGemmFusionPasses(out);
  AddReshapeFusionPasses(out);
  AddMiscFusionPasses(out);
  AddMatMulBnPass(out);
  AddTransformerFusionPasses(out, Level::kBasic);
  // extended (QDQ node units first: later fusions would hide the Conv / MatMul)
  // Before the QDQ node units: a Relu / Clip the Q saturates anyway would hide a Conv unit.
  out.push_back(CreateReluClipQuantFusion());
  AddQdqNodeUnitPasses(out);
  out.push_back(CreateQdqClipInteger());
  AddQuickGeluFusionPass(out);
  AddActivationFusionPasses(out);
  AddTransformerFusionPasses(out, Level::kExtended);
  AddFusedMatMulPasses(out);
  out.push_back(CreateDynamicQuantizeMatMulFusion());
  // layout
  AddLayoutPasses(out);
  // Before qdq-weight-folding, which would turn the int8 weights they read into float ones.
  out.push_back(CreateQdqIntegerGemm());
  out.push_back(CreateQdqWeightFolding());
  out.push_back(CreateQLinearNhwcTransformer());
  // After qlinear-nhwc, which moves the separate Q / DQ of conv chains to channels-last.
  out.push_back(CreateQdqFakeQuantFusion());
  out.push_back(CreateNchwcTransformer());
  out.push_back(CreateNchwcInt8Boundaries());
  return out;
}

}  // namespace onnxlens::passes
