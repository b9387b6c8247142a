// The export dialogs' shared part (see export_dialog.h).
#include "widgets/export_dialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
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

ExportDialog::ExportDialog(const QString& modelPath, const QString& title, QWidget* parent)
    : QDialog(parent), m_model(modelPath) {
  setWindowTitle(title);
  m_ask = [this](const QString& t, const QString& text) {
    return QMessageBox::question(this, t, text) == QMessageBox::Yes;
  };
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::finishLayout(QFormLayout* form, const QString& filter,
                                const QString& suggested) {
  auto* layout = new QVBoxLayout(this);
  setMinimumWidth(600);  // room for a path and the command under it
  m_path = new QLineEdit(suggested, this);
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

  connect(browse, &QPushButton::clicked, this, [this, filter] {
    const QString p = QFileDialog::getSaveFileName(this, windowTitle(), m_path->text(), filter);
    if (!p.isEmpty()) {
      m_path->setText(p);
      m_force = true;  // the file dialog asked about an existing file already
    }
  });
  connect(m_buttons, &QDialogButtonBox::accepted, this, &ExportDialog::startExport);
  m_task = new BackgroundTask<std::string>(this);
  m_task->onFinished([this](Expected<std::string> r) { onDone(std::move(r)); });
  // Cancel while exporting stops the export (files are written atomically: nothing is left half
  // written) and keeps the dialog open; otherwise it closes the dialog.
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
  connect(m_path, &QLineEdit::textChanged, this, [this] {
    m_force = false;
    updateCommand();
  });
  updateCommand();
}

void ExportDialog::setOutputPath(const QString& path) { m_path->setText(path); }

QString ExportDialog::outputPath() const { return m_path->text().trimmed(); }

void ExportDialog::updateCommand() {
  if (!m_command) return;  // options set up before finishLayout
  m_command->setText(
      tr("Same as: %1").arg(QStringLiteral("<code>%1</code>").arg(commandLine().toHtmlEscaped())));
  m_error->clear();
}

QString ExportDialog::errorText() const { return m_error->text(); }

void ExportDialog::startExport() {
  if (m_task->isRunning()) return;
  const QString out = outputPath();
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
  m_task->start(work());
}

void ExportDialog::waitForExport() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
}

void ExportDialog::onDone(Expected<std::string> result) {
  m_progress->hide();
  m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
  if (!result.ok()) {
    m_error->setText(QString::fromStdString(result.status().message()));
    emit exportFinished(false);
    return;
  }
  m_exported = QString::fromStdString(*result);
  emit exportFinished(true);
  accept();
}

}  // namespace widgets
}  // namespace onnxlens
