// Free dimensions and value ranges of random inputs.
#include "widgets/input_spec_edit.h"

#include <QFormLayout>
#include <QLineEdit>

namespace onnxlens {
namespace widgets {

InputSpecEdit::InputSpecEdit(QWidget* parent) : QWidget(parent) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  m_dims = new QLineEdit(this);
  m_dims->setPlaceholderText(tr("chosen from the names, e.g. batch=1, sequence=128"));
  m_dims->setToolTip(
      tr("Values for the model's free (symbolic) input dimensions, by name or as INPUT:AXIS, "
         "separated by commas: batch=1, sequence=128. Dimensions left out are chosen from their "
         "names (batch 1, sequence 128, height and width 224) and tried with one run."));
  form->addRow(tr("Dimensions:"), m_dims);
  m_ranges = new QLineEdit(this);
  m_ranges->setPlaceholderText(tr("default, e.g. input_ids=0,999; attention_mask=0,1"));
  m_ranges->setToolTip(
      tr("Random values of an input in [LO, HI], separated by semicolons: input_ids=0,999. "
         "By default an integer input that indexes a table (Gather, embedding) takes "
         "[0, table size - 1], other integers [0, 1] and floats [-1, 1]."));
  form->addRow(tr("Value ranges:"), m_ranges);
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

}  // namespace widgets
}  // namespace onnxlens
