// Colours of operator categories (Netron's palette), shared by every view that paints ops.
#pragma once

#include <QColor>
#include <QString>

namespace onnxlens {
namespace widgets {

/// The header colour for an op given as "Conv" or "com.microsoft.FusedConv".
QColor opColor(const QString& qualifiedOp);

/// Splits "com.microsoft.FusedConv" into domain and op type ("" domain for plain names).
void splitQualifiedOp(const QString& qualifiedOp, QString* domain, QString* opType);

}  // namespace widgets
}  // namespace onnxlens
