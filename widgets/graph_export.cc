// Graph image export: the scene as SVG or PNG, written atomically.
#include "widgets/graph_export.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>

namespace onnxlens {
namespace widgets {

// The messages keep the graph view's translation context (they were its tr() strings).
bool exportSceneImage(QGraphicsScene* scene, const QColor& background, const QString& path,
                      QString* error) {
  const QRectF source = scene->itemsBoundingRect().adjusted(-16, -16, 16, 16);
  if (source.isEmpty()) {
    *error =
        QCoreApplication::translate("onnxlens::widgets::GraphView", "there is no graph to export");
    return false;
  }
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly)) {
    *error = QCoreApplication::translate("onnxlens::widgets::GraphView", "cannot write %1: %2")
                 .arg(path, out.errorString());
    return false;
  }
  if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
    QSvgGenerator svg;
    svg.setOutputDevice(&out);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(QFileInfo(path).completeBaseName());
    QPainter p(&svg);
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene->render(&p, QRectF(QPointF(0, 0), source.size()), source);
    p.end();
  } else {
    const double scale = std::min(2.0, 16384.0 / std::max(source.width(), source.height()));
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
      *error = QCoreApplication::translate("onnxlens::widgets::GraphView",
                                           "the image would be too large");
      return false;
    }
    image.fill(background);
    QPainter p(&image);
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene->render(&p, QRectF(QPointF(0, 0), image.size()), source);
    p.end();
    if (!image.save(&out, "PNG")) {
      *error = QCoreApplication::translate("onnxlens::widgets::GraphView",
                                           "cannot encode the PNG image");
      return false;
    }
  }
  if (!out.commit()) {
    *error = QCoreApplication::translate("onnxlens::widgets::GraphView", "cannot write %1: %2")
                 .arg(path, out.errorString());
    return false;
  }
  return true;
}

}  // namespace widgets
}  // namespace onnxlens
