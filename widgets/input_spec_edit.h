// Two line edits for random inputs: free dimension values ("batch=1, sequence=128", as --dim) and
// value ranges per input ("input_ids=0,999; mask=0,1", as --range). Used by every dialog that runs
// a model (Profile, the Optimize tab's verification); its rows go into the dialog's own form so
// that they line up with the other fields.
#pragma once

#include <QObject>

#include "api/input_spec.h"

class QFormLayout;
class QLabel;
class QLineEdit;
class QWidget;

namespace onnxlens {
namespace widgets {

class InputSpecEdit : public QObject {
  Q_OBJECT

 public:
  /// Makes the two labelled fields as children of `parent` and adds them as rows of `form`.
  InputSpecEdit(QWidget* parent, QFormLayout* form);

  /// What the two fields say; false (and the reason in `error`) when one does not parse.
  bool read(api::DimOverrides* dims, api::RangeOverrides* ranges, QString* error) const;
  void set(const api::DimOverrides& dims, const api::RangeOverrides& ranges);
  /// Both fields and their labels (off while inputs come from a folder).
  void setEnabled(bool enabled);
  bool isEnabled() const;

  QLineEdit* dimsEdit() const { return m_dims; }
  QLineEdit* rangesEdit() const { return m_ranges; }

 private:
  QLabel* m_dimsLabel;
  QLineEdit* m_dims;
  QLabel* m_rangesLabel;
  QLineEdit* m_ranges;
};

}  // namespace widgets
}  // namespace onnxlens
