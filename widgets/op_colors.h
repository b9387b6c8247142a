// Colours of operator categories (Netron's palette), shared by every view that paints ops.
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

namespace onnxlens {
namespace widgets {

/// The header colour for an op given as "Conv" or "com.microsoft.FusedConv".
QColor opColor(const QString& qualifiedOp);

/// The graph view's colours for a light or a dark palette (op header colours stay the same).
struct GraphColors {
  QColor background, box, border, text, secondary, edge, edgeLabel;
  QColor groupFrame, groupFill, groupTitle, closedFill, closedBorder, closedText;
  QColor io;  ///< header of graph inputs and outputs
  bool dark = false;
  static GraphColors forPalette(const QPalette& palette);
};

/// Heat colour for `t` in [0, 1]: pale yellow (cool) through orange to deep red (hot).
QColor heatColor(double t);

/// True when the palette's window colour is dark (a dark theme).
bool isDarkPalette(const QPalette& palette);

/// Splits "com.microsoft.FusedConv" into domain and op type ("" domain for plain names).
void splitQualifiedOp(const QString& qualifiedOp, QString* domain, QString* opType);

}  // namespace widgets
}  // namespace onnxlens
