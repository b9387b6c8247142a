// File → Export Report… (see export_report_dialog.h).
#include "widgets/export_report_dialog.h"

#include <QComboBox>
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
#include <QSpinBox>
#include <QVBoxLayout>

#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

namespace {

// A path field with a Browse… button (an open dialog for inputs, a save dialog for the output).
QHBoxLayout* PathRow(QWidget* owner, QLineEdit* field, const QString& title, const QString& filter,
                     bool save) {
  auto* browse = new QPushButton(ExportReportDialog::tr("Browse…"), owner);
  QObject::connect(browse, &QPushButton::clicked, owner, [=] {
    const QString p = save ? QFileDialog::getSaveFileName(owner, title, field->text(), filter)
                           : QFileDialog::getOpenFileName(owner, title, field->text(), filter);
    if (!p.isEmpty()) field->setText(p);
  });
  auto* row = new QHBoxLayout;
  row->addWidget(field, 1);
  row->addWidget(browse);
  return row;
}

}  // namespace

ExportReportDialog::ExportReportDialog(const QString& modelPath, QWidget* parent)
    : QDialog(parent), m_model(modelPath) {
  setWindowTitle(tr("Export Report"));
  m_ask = [this](const QString& title, const QString& text) {
    return QMessageBox::question(this, title, text) == QMessageBox::Yes;
  };
  auto* layout = new QVBoxLayout(this);
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
  form->addRow(tr("Quantized copy:"),
               PathRow(this, m_quantized, tr("Quantized Model"), models, false));
  m_vs = new QLineEdit(this);
  m_vs->setPlaceholderText(tr("optional: the diff of the two graphs"));
  form->addRow(tr("Compare with:"), PathRow(this, m_vs, tr("Other Model"), models, false));
  m_path = new QLineEdit(this);
  form->addRow(tr("File:"),
               PathRow(this, m_path, tr("Export Report"), tr("HTML files (*.html)"), true));
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
  m_progress->hide();
  layout->addWidget(m_progress);
  m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
  layout->addWidget(m_buttons);

  const QFileInfo info(modelPath);
  m_path->setText(
      info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".report.html")));
  connect(m_buttons, &QDialogButtonBox::accepted, this, &ExportReportDialog::startExport);
  m_task = new BackgroundTask<bool>(this);
  m_task->onFinished([this](Expected<bool> r) { onDone(std::move(r)); });
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
  connect(m_level, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
          &ExportReportDialog::updateCommand);
  connect(m_runs, QOverload<int>::of(&QSpinBox::valueChanged), this,
          &ExportReportDialog::updateCommand);
  for (QLineEdit* e : {m_quantized, m_vs})
    connect(e, &QLineEdit::textChanged, this, &ExportReportDialog::updateCommand);
  connect(m_path, &QLineEdit::textChanged, this, [this] {
    m_force = false;
    updateCommand();
  });
  updateCommand();
}

ExportReportDialog::~ExportReportDialog() = default;

void ExportReportDialog::setOutputPath(const QString& path) { m_path->setText(path); }
void ExportReportDialog::setQuantizedPath(const QString& path) { m_quantized->setText(path); }
void ExportReportDialog::setRuns(int runs) { m_runs->setValue(runs); }

api::ReportRequest ExportReportDialog::request() const {
  api::ReportRequest r;
  r.model = m_model.toStdString();
  r.level = m_level->currentData().toString().toStdString();
  r.runs = m_runs->value();
  r.quantized = m_quantized->text().trimmed().toStdString();
  r.vs = m_vs->text().trimmed().toStdString();
  r.output = m_path->text().trimmed().toStdString();
  r.force = m_force;
  return r;
}

QString ExportReportDialog::commandLine() const {
  const api::ReportRequest r = request();
  QString cmd = QStringLiteral("onnxlens-cli report %1 -o %2 --level %3 --runs %4")
                    .arg(m_model, m_path->text().trimmed(), QString::fromStdString(r.level))
                    .arg(r.runs);
  if (!r.quantized.empty()) cmd += QStringLiteral(" --quantized ") + m_quantized->text().trimmed();
  if (!r.vs.empty()) cmd += QStringLiteral(" --vs ") + m_vs->text().trimmed();
  return cmd;
}

void ExportReportDialog::updateCommand() {
  m_command->setText(
      tr("Same as: %1").arg(QStringLiteral("<code>%1</code>").arg(commandLine().toHtmlEscaped())));
  m_error->clear();
}

QString ExportReportDialog::errorText() const { return m_error->text(); }

void ExportReportDialog::startExport() {
  if (m_task->isRunning()) return;
  const QString out = m_path->text().trimmed();
  m_error->clear();
  if (out.isEmpty()) {
    m_error->setText(tr("Choose a file to write."));
    emit exportFinished(false);
    return;
  }
  if (QFileInfo::exists(out) && !m_force) {
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
  // Core refuses the model, the other inputs and a missing folder itself (the error names them).
  m_task->start([req = request()](const JobControl& job) -> Expected<bool> {
    OL_RETURN_IF_ERROR(api::WriteReport(req, job));
    return true;
  });
}

void ExportReportDialog::waitForExport() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
}

void ExportReportDialog::onDone(Expected<bool> result) {
  m_progress->hide();
  m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
  if (!result.ok()) {
    m_error->setText(QString::fromStdString(result.status().message()));
    emit exportFinished(false);
    return;
  }
  m_exported = m_path->text().trimmed();
  emit exportFinished(true);
  accept();
}

}  // namespace widgets
}  // namespace onnxlens
