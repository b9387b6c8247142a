// Two line edits for random inputs: free dimension values ("batch=1, sequence=128", as --dim) and
// value ranges per input ("input_ids=0,999; mask=0,1", as --range). Used by every dialog that runs
// a model (Profile, the Optimize tab's verification).
#pragma once

#include <QWidget>

#include "api/input_spec.h"

class QLineEdit;

namespace onnxlens {
namespace widgets {

class InputSpecEdit : public QWidget {
  Q_OBJECT

 public:
  explicit InputSpecEdit(QWidget* parent = nullptr);

  /// What the two fields say; false (and the reason in `error`) when one does not parse.
  bool read(api::DimOverrides* dims, api::RangeOverrides* ranges, QString* error) const;
  void set(const api::DimOverrides& dims, const api::RangeOverrides& ranges);

  QLineEdit* dimsEdit() const { return m_dims; }
  QLineEdit* rangesEdit() const { return m_ranges; }

 private:
  QLineEdit* m_dims;
  QLineEdit* m_ranges;
};

}  // namespace widgets
}  // namespace onnxlens
