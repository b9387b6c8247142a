// Export dialog.
#include "widgets/export_model_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

ExportModelDialog::ExportModelDialog(const QString& modelPath, QWidget* parent)
    : QDialog(parent), m_model(modelPath) {
  setWindowTitle(tr("Export Optimized Model"));
  m_ask = [this](const QString& title, const QString& text) {
    return QMessageBox::question(this, title, text) == QMessageBox::Yes;
  };
  auto* layout = new QVBoxLayout(this);
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
  m_path = new QLineEdit(this);
  auto* browse = new QPushButton(tr("Browse…"), this);
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(m_path, 1);
  pathRow->addWidget(browse);
  form->addRow(tr("File:"), pathRow);
  layout->addLayout(form);
  m_command = new QLabel(this);
  m_command->setWordWrap(true);
  m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_command);
  m_error = new QLabel(this);
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: #c62828"));
  layout->addWidget(m_error);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setTextVisible(true);
  m_progress->hide();
  layout->addWidget(m_progress);
  m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
  layout->addWidget(m_buttons);

  const QFileInfo info(modelPath);
  m_path->setText(
      info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".optimized.onnx")));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString p = QFileDialog::getSaveFileName(this, tr("Export Optimized Model"),
                                                   m_path->text(), tr("ONNX models (*.onnx)"));
    if (!p.isEmpty()) {
      m_path->setText(p);
      m_force = true;  // the file dialog asked about an existing file already
    }
  });
  connect(m_buttons, &QDialogButtonBox::accepted, this, &ExportModelDialog::startExport);
  m_task = new BackgroundTask<api::OptimizeReport>(this);
  m_task->onFinished([this](Expected<api::OptimizeReport> r) { onDone(std::move(r)); });
  // Cancel while exporting stops the export (the file is written atomically: nothing is left
  // half written) and keeps the dialog open; otherwise it closes the dialog.
  connect(m_buttons, &QDialogButtonBox::rejected, this, [this] {
    if (!m_task->isRunning()) {
      reject();
      return;
    }
    m_task->cancel();
    m_progress->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    m_error->setText(tr("Export cancelled."));
    emit exportFinished(false);
  });
  connect(m_task, &BackgroundTaskBase::progress, this, [this](const Progress& p) {
    m_progress->setValue(static_cast<int>(p.fraction * 1000));
    m_progress->setFormat(progressText(p) + QStringLiteral("  %p%"));
  });
  for (QComboBox* c : {m_level, m_format})
    connect(c, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
            &ExportModelDialog::updateCommand);
  connect(m_external, &QCheckBox::toggled, this, &ExportModelDialog::updateCommand);
  connect(m_path, &QLineEdit::textChanged, this, [this] {
    m_force = false;
    updateCommand();
  });
  updateCommand();
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

void ExportModelDialog::setOutputPath(const QString& path) { m_path->setText(path); }

api::OptimizeRequest ExportModelDialog::request() const {
  api::OptimizeRequest r;
  r.level = m_level->currentData().toString().toStdString();
  r.format = m_format->currentData().toString().toStdString();
  r.external_data = m_external->isChecked();
  r.output = m_path->text().toStdString();
  r.force = m_force;
  return r;
}

QString ExportModelDialog::commandLine() const {
  const api::OptimizeRequest r = request();
  QString cmd = QStringLiteral("onnxlens-cli optimize %1 --level %2 -o %3 --format %4")
                    .arg(m_model, QString::fromStdString(r.level), m_path->text(),
                         QString::fromStdString(r.format));
  if (r.external_data) cmd += QStringLiteral(" --external-data");
  return cmd;
}

void ExportModelDialog::updateCommand() {
  m_command->setText(
      tr("Same as: %1").arg(QStringLiteral("<code>%1</code>").arg(commandLine().toHtmlEscaped())));
  m_error->clear();
}

QString ExportModelDialog::errorText() const { return m_error->text(); }

void ExportModelDialog::startExport() {
  if (m_task->isRunning()) return;
  const QString out = m_path->text().trimmed();
  m_error->clear();
  if (out.isEmpty()) {
    m_error->setText(tr("Choose a file to write."));
    emit exportFinished(false);
    return;
  }
  const QFileInfo target(out), source(m_model);
  if (target.exists() && target.canonicalFilePath() == source.canonicalFilePath()) {
    m_error->setText(tr("%1 is the opened model; export to another file.").arg(out));
    emit exportFinished(false);
    return;
  }
  if (target.exists() && !m_force) {
    if (!m_ask(tr("Replace File?"), tr("%1 exists. Replace it?").arg(out))) {
      emit exportFinished(false);
      return;
    }
    m_force = true;
  }
  m_progress->setValue(0);
  m_progress->setFormat(QStringLiteral("%p%"));
  m_progress->show();
  m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
  m_task->start([req = request(), model = m_model.toStdString()](const JobControl& job) {
    return api::OptimizeModelFile(model, req, job);
  });
}

void ExportModelDialog::waitForExport() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
}

void ExportModelDialog::onDone(Expected<api::OptimizeReport> result) {
  m_progress->hide();
  m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
  if (!result.ok()) {
    m_error->setText(QString::fromStdString(result.status().message()));
    emit exportFinished(false);
    return;
  }
  m_exported = QString::fromStdString(result->written);
  emit exportFinished(true);
  accept();
}

}  // namespace widgets
}  // namespace onnxlens
