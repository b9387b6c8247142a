// Text input widgets.
#include "widgets/text_input.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace onnxlens {
namespace widgets {

bool isTextInput(const QWidget* w) {
  if (!w) return false;
  if (const auto* combo = qobject_cast<const QComboBox*>(w)) return combo->isEditable();
  if (const auto* text = qobject_cast<const QTextEdit*>(w)) return !text->isReadOnly();
  if (const auto* plain = qobject_cast<const QPlainTextEdit*>(w)) return !plain->isReadOnly();
  return qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w);
}

}  // namespace widgets
}  // namespace onnxlens
