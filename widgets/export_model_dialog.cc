// File → Export Optimized Model… (see export_model_dialog.h).
#include "widgets/export_model_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>

namespace onnxlens {
namespace widgets {

ExportModelDialog::ExportModelDialog(const QString& modelPath, QWidget* parent)
    : ExportDialog(modelPath, tr("Export Optimized Model"), parent) {
  auto* form = new QFormLayout;
  m_level = new QComboBox(this);
  m_level->addItem(tr("Disabled (as loaded)"), QStringLiteral("disabled"));
  m_level->addItem(tr("Basic"), QStringLiteral("basic"));
  m_level->addItem(tr("Extended"), QStringLiteral("extended"));
  m_level->addItem(tr("Layout (all)"), QStringLiteral("layout"));
  m_level->setCurrentIndex(2);
  form->addRow(tr("Optimization level:"), m_level);
  m_format = new QComboBox(this);
  // The same words as the Optimize tab's format chooser.
  m_format->addItem(tr("ONNX Runtime (com.microsoft fused ops)"), QStringLiteral("ort"));
  m_format->addItem(tr("Standard ONNX (any runtime)"), QStringLiteral("standard"));
  form->addRow(tr("Format:"), m_format);
  m_external = new QCheckBox(tr("Weights in an external data file"), this);
  form->addRow(QString(), m_external);
  const QFileInfo info(modelPath);
  finishLayout(
      form, tr("ONNX models (*.onnx)"),
      info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".optimized.onnx")));
  for (QComboBox* c : {m_level, m_format})
    connect(c, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
            &ExportModelDialog::updateCommand);
  connect(m_external, &QCheckBox::toggled, this, &ExportModelDialog::updateCommand);
}

ExportModelDialog::~ExportModelDialog() = default;

void ExportModelDialog::setLevel(const QString& level) {
  const int i = m_level->findData(level);
  if (i >= 0) m_level->setCurrentIndex(i);
}

void ExportModelDialog::setFormat(const QString& format) {
  const int i = m_format->findData(format);
  if (i >= 0) m_format->setCurrentIndex(i);
}

void ExportModelDialog::setExternalData(bool on) { m_external->setChecked(on); }

api::OptimizeRequest ExportModelDialog::request() const {
  api::OptimizeRequest r;
  r.level = m_level->currentData().toString().toStdString();
  r.format = m_format->currentData().toString().toStdString();
  r.external_data = m_external->isChecked();
  r.output = outputPath().toStdString();
  r.force = force();
  return r;
}

QString ExportModelDialog::commandLine() const {
  const api::OptimizeRequest r = request();
  QString cmd = QStringLiteral("onnxlens-cli optimize %1 --level %2 -o %3 --format %4")
                    .arg(modelPath(), QString::fromStdString(r.level), outputPath(),
                         QString::fromStdString(r.format));
  if (r.external_data) cmd += QStringLiteral(" --external-data");
  return cmd;
}

ExportDialog::Work ExportModelDialog::work() const {
  return [req = request(),
          model = modelPath().toStdString()](const JobControl& job) -> Expected<std::string> {
    OL_ASSIGN_OR_RETURN(const api::OptimizeReport r, api::OptimizeModelFile(model, req, job));
    return r.written;
  };
}

}  // namespace widgets
}  // namespace onnxlens
