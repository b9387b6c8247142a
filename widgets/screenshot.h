// Scripted screenshots: render a window offscreen to a PNG (for tests, docs and review).
#pragma once

#include <QString>

class QWidget;

namespace onnxlens {
namespace widgets {

/// Lays out and paints `window` and saves it as PNG; returns false with `error` set on failure.
bool saveScreenshot(QWidget* window, const QString& path, QString* error);

}  // namespace widgets
}  // namespace onnxlens
