// Operator category colours.
#include "widgets/op_colors.h"

#include <algorithm>

#include "api/op_category.h"

namespace onnxlens {
namespace widgets {

void splitQualifiedOp(const QString& qualifiedOp, QString* domain, QString* opType) {
  const int dot = qualifiedOp.lastIndexOf('.');
  *domain = dot < 0 ? QString() : qualifiedOp.left(dot);
  *opType = dot < 0 ? qualifiedOp : qualifiedOp.mid(dot + 1);
}

QColor opColor(const QString& qualifiedOp) {
  QString domain, op;
  splitQualifiedOp(qualifiedOp, &domain, &op);
  switch (api::CategorizeOp(domain.toStdString(), op.toStdString())) {
    case api::OpCategory::kLayer:
      return QColor(51, 85, 136);
    case api::OpCategory::kActivation:
      return QColor(112, 41, 33);
    case api::OpCategory::kPool:
      return QColor(51, 85, 51);
    case api::OpCategory::kNormalization:
      return QColor(51, 85, 68);
    case api::OpCategory::kShape:
      return QColor(108, 79, 71);
    case api::OpCategory::kTensor:
      return QColor(89, 66, 59);
    case api::OpCategory::kQuantization:
      return QColor(80, 60, 130);
    case api::OpCategory::kControl:
      return QColor(99, 99, 99);
    case api::OpCategory::kAttention:
      return QColor(150, 90, 20);
    case api::OpCategory::kElementwise:
      return QColor(70, 70, 70);
    case api::OpCategory::kCustom:
      return QColor(128, 0, 128);
  }
  return QColor(70, 70, 70);
}

bool isDarkPalette(const QPalette& palette) {
  return palette.color(QPalette::Window).lightnessF() < 0.5;
}

GraphColors GraphColors::forPalette(const QPalette& palette) {
  GraphColors c;
  c.dark = isDarkPalette(palette);
  if (c.dark) {
    c.background = QColor(0x1e, 0x1f, 0x22);
    c.box = QColor(0x2b, 0x2d, 0x31);
    c.border = QColor(0x70, 0x74, 0x7a);
    c.text = QColor(0xe6, 0xe6, 0xe6);
    c.secondary = QColor(0xa8, 0xac, 0xb2);
    c.edge = QColor(0x9a, 0x9e, 0xa4);
    c.edgeLabel = QColor(0xb8, 0xbc, 0xc2);
    c.groupFrame = QColor(0x5a, 0x62, 0x70);
    c.groupFill = QColor(0x2a, 0x2e, 0x36, 160);
    c.groupTitle = QColor(0xb0, 0xb8, 0xc8);
    c.closedFill = QColor(0x34, 0x3a, 0x46);
    c.closedBorder = QColor(0x70, 0x78, 0x88);
    c.closedText = QColor(0xe0, 0xe6, 0xf0);
    c.io = QColor(0x6a, 0x6a, 0x6a);
  } else {
    c.background = QColor(0xfb, 0xfb, 0xfc);
    c.box = Qt::white;
    c.border = QColor(0x60, 0x60, 0x60);
    c.text = QColor(0x20, 0x20, 0x20);
    c.secondary = QColor(0x60, 0x60, 0x60);
    c.edge = QColor(0x70, 0x70, 0x70);
    c.edgeLabel = QColor(0x40, 0x40, 0x40);
    c.groupFrame = QColor(0xa0, 0xa8, 0xb8);
    c.groupFill = QColor(0xf3, 0xf5, 0xf9, 140);
    c.groupTitle = QColor(0x50, 0x58, 0x68);
    c.closedFill = QColor(0xe4, 0xe9, 0xf2);
    c.closedBorder = QColor(0x50, 0x58, 0x68);
    c.closedText = QColor(0x20, 0x28, 0x38);
    c.io = QColor(0x55, 0x55, 0x55);
  }
  return c;
}

QColor heatColor(double t) {
  t = std::clamp(t, 0.0, 1.0);
  // Three stops: #fff176 -> #ff9800 -> #d50000.
  const QColor a(0xff, 0xf1, 0x76), b(0xff, 0x98, 0x00), c(0xd5, 0x00, 0x00);
  const QColor &from = t < 0.5 ? a : b, &to = t < 0.5 ? b : c;
  const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
  auto mix = [u](int x, int y) { return static_cast<int>(x + (y - x) * u + 0.5); };
  return QColor(mix(from.red(), to.red()), mix(from.green(), to.green()),
                mix(from.blue(), to.blue()), 220);
}

}  // namespace widgets
}  // namespace onnxlens
