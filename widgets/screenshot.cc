// Screenshot rendering.
#include "widgets/screenshot.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QWidget>

namespace onnxlens {
namespace widgets {

bool saveScreenshot(QWidget* window, const QString& path, QString* error) {
  window->show();
  for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
  const QPixmap pixmap = window->grab();
  if (pixmap.isNull()) {
    *error = QCoreApplication::translate("onnxlens::widgets", "could not render the window");
    return false;
  }
  if (!pixmap.save(path, "PNG")) {
    *error = QCoreApplication::translate("onnxlens::widgets", "could not write %1").arg(path);
    return false;
  }
  return true;
}

}  // namespace widgets
}  // namespace onnxlens
