// Small convolution graphs for the NCHWc tests (the pass and the dnnl blocked kernels): a chain
// with odd channel counts, a plain-input first convolution, a dilated depthwise one and padded
// output channels; and a block with a residual Add, HardSwish, a squeeze-and-excitation scale, a
// channel Concat and pools.
#pragma once

#include "passes/pass_test_util.h"

namespace onnxlens::passes::testing {

using ir::Attribute;

inline ir::Value* V(ir::Node* n) { return n->output(0); }

inline std::vector<Attribute> ConvAttrs(int64_t k, int64_t stride = 1, int64_t group = 1,
                                        int64_t dil = 1) {
  const int64_t p = (k - 1) / 2 * dil;
  return Attrs(Attribute::Ints("kernel_shape", {k, k}),
               Attribute::Ints("strides", {stride, stride}), Attribute::Ints("pads", {p, p, p, p}),
               Attribute::Ints("dilations", {dil, dil}), Attribute::Int("group", group));
}

// X[1,13,17,15] -> 3x3 conv to 24 (plain input: 13 < block) -> Relu -> 3x3/2 conv to 32 ->
// depthwise dilated 3x3 -> 1x1 conv to 127 (padded output channels) -> MaxPool -> nearest
// Resize by 2 x 3.
inline std::shared_ptr<ir::Model> ChainModel() {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 13, 17, 15});
  ir::Value* c1 = V(b.Op("Conv", {x, b.Random("w1", {24, 13, 3, 3}, 1), b.Random("b1", {24}, 2)},
                         ConvAttrs(3), {1, 24, 17, 15}));
  ir::Value* r1 = V(b.Op("Relu", {c1}, {}, {1, 24, 17, 15}));
  ir::Value* c2 =
      V(b.Op("Conv", {r1, b.Random("w2", {32, 24, 3, 3}, 3)}, ConvAttrs(3, 2), {1, 32, 9, 8}));
  ir::Value* c3 = V(b.Op("Conv", {c2, b.Random("w3", {32, 1, 3, 3}, 4), b.Random("b3", {32}, 5)},
                         ConvAttrs(3, 1, 32, 2), {1, 32, 9, 8}));
  ir::Value* c4 =
      V(b.Op("Conv", {c3, b.Random("w4", {127, 32, 1, 1}, 6)}, ConvAttrs(1), {1, 127, 9, 8}));
  ir::Value* p =
      V(b.Op("MaxPool", {c4},
             Attrs(Attribute::Ints("kernel_shape", {3, 3}), Attribute::Ints("strides", {2, 2}),
                   Attribute::Ints("pads", {1, 1, 1, 1})),
             {1, 127, 5, 4}));
  ir::Value* u = V(b.Op("Resize", {p, nullptr, b.Const("scales", {4}, {1.f, 1.f, 2.f, 3.f})},
                        Attrs(Attribute::String("mode", "nearest"),
                              Attribute::String("coordinate_transformation_mode", "asymmetric"),
                              Attribute::String("nearest_mode", "floor")),
                        {1, 127, 10, 12}));
  b.g().AddOutput(u);
  return b.model();
}

// Residual Add, HardSwish spelled out (x * Clip(x + 3, 0, 6) / 6), a squeeze-and-excitation
// scale (GlobalAveragePool -> 1x1 -> Relu -> 1x1 -> Sigmoid -> Mul by [N, C, 1, 1]), a channel
// Concat, an AveragePool and a GlobalAveragePool + Flatten at the end.
inline std::shared_ptr<ir::Model> BlockModel() {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 16, 9, 9});
  ir::Value* a =
      V(b.Op("Conv", {x, b.Random("wa", {32, 16, 3, 3}, 11)}, ConvAttrs(3), {2, 32, 9, 9}));
  ir::Value* c =
      V(b.Op("Conv", {a, b.Random("wc", {32, 32, 1, 1}, 12)}, ConvAttrs(1), {2, 32, 9, 9}));
  ir::Value* sum = V(b.Op("Add", {a, c}, {}, {2, 32, 9, 9}));
  ir::Value* p3 = V(b.Op("Add", {sum, b.Const("three", {}, {3.f})}, {}, {2, 32, 9, 9}));
  ir::Value* cl =
      V(b.Op("Clip", {p3, b.Const("lo", {}, {0.f}), b.Const("hi", {}, {6.f})}, {}, {2, 32, 9, 9}));
  ir::Value* m = V(b.Op("Mul", {sum, cl}, {}, {2, 32, 9, 9}));
  ir::Value* hs = V(b.Op("Div", {m, b.Const("six", {}, {6.f})}, {}, {2, 32, 9, 9}));
  ir::Value* gap = V(b.Op("GlobalAveragePool", {hs}, {}, {2, 32, 1, 1}));
  ir::Value* s1 =
      V(b.Op("Conv", {gap, b.Random("ws1", {8, 32, 1, 1}, 13)}, ConvAttrs(1), {2, 8, 1, 1}));
  ir::Value* s2 = V(b.Op("Relu", {s1}, {}, {2, 8, 1, 1}));
  ir::Value* s3 =
      V(b.Op("Conv", {s2, b.Random("ws3", {32, 8, 1, 1}, 14)}, ConvAttrs(1), {2, 32, 1, 1}));
  ir::Value* s4 = V(b.Op("Sigmoid", {s3}, {}, {2, 32, 1, 1}));
  ir::Value* se = V(b.Op("Mul", {hs, s4}, {}, {2, 32, 9, 9}));
  ir::Value* d =
      V(b.Op("Conv", {se, b.Random("wd", {16, 32, 3, 3}, 15)}, ConvAttrs(3), {2, 16, 9, 9}));
  ir::Value* cat = V(b.Op("Concat", {se, d}, Attrs(Attribute::Int("axis", 1)), {2, 48, 9, 9}));
  ir::Value* ap =
      V(b.Op("AveragePool", {cat},
             Attrs(Attribute::Ints("kernel_shape", {2, 2}), Attribute::Ints("strides", {2, 2})),
             {2, 48, 4, 4}));
  ir::Value* e =
      V(b.Op("Conv", {ap, b.Random("we", {13, 48, 1, 1}, 16)}, ConvAttrs(1), {2, 13, 4, 4}));
  ir::Value* g = V(b.Op("GlobalAveragePool", {e}, {}, {2, 13, 1, 1}));
  ir::Value* f = V(b.Op("Flatten", {g}, {}, {2, 13}));
  b.g().AddOutput(f);
  b.g().AddOutput(sum);  // a graph output read in the middle of the chain
  return b.model();
}

}  // namespace onnxlens::passes::testing
