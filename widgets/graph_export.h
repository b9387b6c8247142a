// Export of a graph scene as an image file (File → Export Graph, GraphView::exportImage).
#pragma once

#include <QColor>
#include <QString>

class QGraphicsScene;

namespace onnxlens {
namespace widgets {

/// Writes everything in `scene` as SVG when `path` ends in .svg, else as PNG on `background` (at up
/// to 2x, at most 16384 pixels a side). Written to a temporary file and renamed, so an existing
/// file is replaced only by a complete one. False with `error` set on failure.
bool exportSceneImage(QGraphicsScene* scene, const QColor& background, const QString& path,
                      QString* error);

}  // namespace widgets
}  // namespace onnxlens
