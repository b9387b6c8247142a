// File → Export Report… (see export_report_dialog.h).
#include "widgets/export_report_dialog.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace onnxlens {
namespace widgets {

namespace {

// An input file field with a Browse… button.
QHBoxLayout* OpenRow(QWidget* owner, QLineEdit* field, const QString& title,
                     const QString& filter) {
  auto* browse = new QPushButton(ExportReportDialog::tr("Browse…"), owner);
  QObject::connect(browse, &QPushButton::clicked, owner, [=] {
    const QString p = QFileDialog::getOpenFileName(owner, title, field->text(), filter);
    if (!p.isEmpty()) field->setText(p);
  });
  auto* row = new QHBoxLayout;
  row->addWidget(field, 1);
  row->addWidget(browse);
  return row;
}

}  // namespace

ExportReportDialog::ExportReportDialog(const QString& modelPath, QWidget* parent)
    : ExportDialog(modelPath, tr("Export Report"), parent) {
  auto* form = new QFormLayout;
  m_level = new QComboBox(this);
  m_level->addItem(tr("Disabled (as loaded)"), QStringLiteral("disabled"));
  m_level->addItem(tr("Basic"), QStringLiteral("basic"));
  m_level->addItem(tr("Extended"), QStringLiteral("extended"));
  m_level->addItem(tr("Layout (all)"), QStringLiteral("all"));
  m_level->setCurrentIndex(3);
  form->addRow(tr("Optimization level:"), m_level);
  m_runs = new QSpinBox(this);
  m_runs->setRange(0, 10000);
  m_runs->setValue(20);
  m_runs->setSpecialValueText(tr("No profile"));
  form->addRow(tr("Runs profiled:"), m_runs);
  const QString models = tr("ONNX models (*.onnx)");
  m_quantized = new QLineEdit(this);
  m_quantized->setPlaceholderText(tr("optional: its accuracy per output and layer"));
  form->addRow(tr("Quantized copy:"), OpenRow(this, m_quantized, tr("Quantized Model"), models));
  m_vs = new QLineEdit(this);
  m_vs->setPlaceholderText(tr("optional: the diff of the two graphs"));
  form->addRow(tr("Compare with:"), OpenRow(this, m_vs, tr("Other Model"), models));
  const QFileInfo info(modelPath);
  finishLayout(
      form, tr("HTML files (*.html)"),
      info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".report.html")));
  connect(m_level, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
          &ExportReportDialog::updateCommand);
  connect(m_runs, QOverload<int>::of(&QSpinBox::valueChanged), this,
          &ExportReportDialog::updateCommand);
  for (QLineEdit* e : {m_quantized, m_vs})
    connect(e, &QLineEdit::textChanged, this, &ExportReportDialog::updateCommand);
}

ExportReportDialog::~ExportReportDialog() = default;

void ExportReportDialog::setQuantizedPath(const QString& path) { m_quantized->setText(path); }
void ExportReportDialog::setRuns(int runs) { m_runs->setValue(runs); }

api::ReportRequest ExportReportDialog::request() const {
  api::ReportRequest r;
  r.model = modelPath().toStdString();
  r.level = m_level->currentData().toString().toStdString();
  r.runs = m_runs->value();
  r.quantized = m_quantized->text().trimmed().toStdString();
  r.vs = m_vs->text().trimmed().toStdString();
  r.output = outputPath().toStdString();
  r.force = force();
  return r;
}

QString ExportReportDialog::commandLine() const {
  const api::ReportRequest r = request();
  QString cmd = QStringLiteral("onnxlens-cli report %1 -o %2 --level %3 --runs %4")
                    .arg(modelPath(), outputPath(), QString::fromStdString(r.level))
                    .arg(r.runs);
  if (!r.quantized.empty()) cmd += QStringLiteral(" --quantized ") + m_quantized->text().trimmed();
  if (!r.vs.empty()) cmd += QStringLiteral(" --vs ") + m_vs->text().trimmed();
  return cmd;
}

ExportDialog::Work ExportReportDialog::work() const {
  // Core refuses the other inputs and a missing folder itself (the error names them).
  return [req = request()](const JobControl& job) -> Expected<std::string> {
    OL_RETURN_IF_ERROR(api::WriteReport(req, job));
    return req.output.string();
  };
}

}  // namespace widgets
}  // namespace onnxlens
