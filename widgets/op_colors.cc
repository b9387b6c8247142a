// Operator category colours.
#include "widgets/op_colors.h"

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

}  // namespace widgets
}  // namespace onnxlens
