// Free dimensions and value ranges of random inputs.
#include "widgets/input_spec_edit.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace onnxlens {
namespace widgets {

InputSpecEdit::InputSpecEdit(QWidget* parent, QFormLayout* form) : QObject(parent) {
  m_dims = new QLineEdit(parent);
  m_dims->setPlaceholderText(tr("chosen, e.g. batch=1, sequence=128"));
  m_dims->setToolTip(
      tr("Values for the model's free (symbolic) input dimensions, by name or as INPUT:AXIS, "
         "separated by commas: batch=1, sequence=128. Dimensions left out are chosen from their "
         "names (batch 1, sequence 128, height and width 224) and tried with one run."));
  m_dimsLabel = new QLabel(tr("Dimensions:"), parent);
  m_dimsLabel->setBuddy(m_dims);
  form->addRow(m_dimsLabel, m_dims);
  m_ranges = new QLineEdit(parent);
  m_ranges->setPlaceholderText(tr("default, e.g. input_ids=0,999; attention_mask=0,1"));
  m_ranges->setToolTip(
      tr("Random values of an input in [LO, HI], separated by semicolons: input_ids=0,999. "
         "By default an integer input that indexes a table (Gather, embedding) takes "
         "[0, table size - 1], other integers [0, 1] and floats [-1, 1]."));
  m_rangesLabel = new QLabel(tr("Value ranges:"), parent);
  m_rangesLabel->setBuddy(m_ranges);
  form->addRow(m_rangesLabel, m_ranges);
}

bool InputSpecEdit::read(api::DimOverrides* dims, api::RangeOverrides* ranges,
                         QString* error) const {
  Status st = api::ParseDimOverrides(m_dims->text().toStdString(), dims);
  if (st.ok()) st = api::ParseRangeOverrides(m_ranges->text().toStdString(), ranges);
  if (!st.ok() && error) *error = QString::fromStdString(st.message());
  return st.ok();
}

void InputSpecEdit::set(const api::DimOverrides& dims, const api::RangeOverrides& ranges) {
  m_dims->setText(QString::fromStdString(api::FormatDimOverrides(dims)));
  m_ranges->setText(QString::fromStdString(api::FormatRangeOverrides(ranges)));
}

void InputSpecEdit::setEnabled(bool enabled) {
  for (QWidget* w : {static_cast<QWidget*>(m_dimsLabel), static_cast<QWidget*>(m_dims),
                     static_cast<QWidget*>(m_rangesLabel), static_cast<QWidget*>(m_ranges)})
    w->setEnabled(enabled);
}

bool InputSpecEdit::isEnabled() const { return m_dims->isEnabled(); }

}  // namespace widgets
}  // namespace onnxlens
