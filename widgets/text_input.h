// Whether a widget takes typed text (a line edit, text edit, spin box, editable combo box): keys
// that are shortcuts elsewhere ("?" for the shortcuts, W/A/S/D on the timeline) are typed there.
#pragma once

class QWidget;

namespace onnxlens {
namespace widgets {

/// True when `w` is a widget the user types text into; false for nullptr.
bool isTextInput(const QWidget* w);

}  // namespace widgets
}  // namespace onnxlens
