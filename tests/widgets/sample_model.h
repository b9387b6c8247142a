// The bundled sample model's path as a QString, the form the widgets take it in.
#pragma once

#include <QString>

#include "test_paths.h"

namespace onnxlens::widgets {

inline QString Sample() { return QString::fromStdString(testing::SampleModel().string()); }

}  // namespace onnxlens::widgets
