// Verify panel.
#include "widgets/verify_panel.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "widgets/input_spec_edit.h"
#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

VerifyPanel::VerifyPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  auto* inputs = new QFormLayout;
  m_random = new QRadioButton(tr("Random inputs, seed"), this);
  m_seed = new QSpinBox(this);
  m_seed->setRange(0, 1 << 30);
  auto* randomRow = new QHBoxLayout;
  randomRow->addWidget(m_random);
  randomRow->addWidget(m_seed);
  randomRow->addStretch();
  m_folder = new QRadioButton(tr("Inputs from a folder (.pb / .npy)"), this);
  m_path = new QLineEdit(this);
  m_path->setPlaceholderText(tr("test_data_set_0"));
  m_browse = new QPushButton(tr("Browse…"), this);
  auto* folderRow = new QHBoxLayout;
  folderRow->addWidget(m_path, 1);
  folderRow->addWidget(m_browse);
  m_random->setChecked(true);
  inputs->addRow(randomRow);
  m_spec = new InputSpecEdit(this);
  inputs->addRow(m_spec);
  inputs->addRow(m_folder);
  inputs->addRow(folderRow);
  layout->addLayout(inputs);

  auto* runRow = new QHBoxLayout;
  m_run = new QPushButton(tr("Verify Outputs"), this);
  m_run->setToolTip(
      tr("Run the original and the right-hand graph on the same inputs and "
         "compare every output"));
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setTextVisible(false);
  m_cancel = new QPushButton(tr("Cancel"), this);
  runRow->addWidget(m_run);
  runRow->addWidget(m_progress, 1);
  runRow->addWidget(m_cancel);
  layout->addLayout(runRow);
  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
  layout->addWidget(m_status);
  m_table = new QTableWidget(0, 5, this);
  m_table->setHorizontalHeaderLabels(
      {tr("Output"), tr("Max abs error"), tr("Max rel error"), tr("Cosine"), tr("Result")});
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  layout->addWidget(m_table, 1);

  m_task = new BackgroundTask<api::VerifyReport>(this);
  connect(m_task, &BackgroundTaskBase::progress, this, [this](const Progress& p) {
    m_progress->setValue(static_cast<int>(p.fraction * 1000));
    m_status->setText(progressText(p));
  });
  m_task->onFinished([this](Expected<api::VerifyReport> r) { onFinished(std::move(r)); });
  connect(m_task, &BackgroundTaskBase::cancelled, this, [this] {
    setRunning(false);
    m_status->setText(tr("Verification cancelled."));
    emit finished(false);
  });
  connect(m_run, &QPushButton::clicked, this, &VerifyPanel::start);
  connect(m_cancel, &QPushButton::clicked, this, &VerifyPanel::cancel);
  connect(m_browse, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Input Folder"), m_path->text());
    if (!dir.isEmpty()) {
      m_path->setText(dir);
      m_folder->setChecked(true);
    }
  });
  connect(m_status, &QLabel::linkActivated, this,
          [this](const QString& link) { emit showStepRequested(link.mid(5).toInt()); });
  setRunning(false);
  m_status->setText(tr("Compares the original with the graph on the right."));
}

VerifyPanel::~VerifyPanel() = default;

void VerifyPanel::setTrace(std::shared_ptr<const api::OptimizeTrace> trace) {
  cancel();
  m_trace = std::move(trace);
  m_report = api::VerifyReport();
  m_table->setRowCount(0);
  m_run->setEnabled(m_trace != nullptr);
}

void VerifyPanel::setStep(int step) {
  m_step = step;
  m_run->setEnabled(m_trace && step >= 0);
  m_run->setToolTip(step >= 0 ? tr("Compare the original with the graph after step %1").arg(step)
                              : tr("Choose a level or a step on the right side to verify it"));
}

void VerifyPanel::setInputs(const QString& folder, int seed) {
  m_path->setText(folder);
  m_seed->setValue(seed);
  (folder.isEmpty() ? m_random : m_folder)->setChecked(true);
}

QString VerifyPanel::statusText() const { return m_status->text(); }

bool VerifyPanel::isRunning() const { return m_task->isRunning(); }

void VerifyPanel::setRunning(bool running) {
  m_progress->setVisible(running);
  m_cancel->setVisible(running);
  m_run->setEnabled(!running && m_trace && m_step >= 0);
}

void VerifyPanel::start() {
  if (!m_trace || isRunning()) return;
  api::VerifyRequest req;
  if (m_folder->isChecked()) req.inputs_dir = m_path->text().toStdString();
  req.seed = static_cast<uint64_t>(m_seed->value());
  QString specError;
  if (!m_folder->isChecked() && !m_spec->read(&req.dims, &req.ranges, &specError)) {
    m_status->setText(tr("Cannot verify: %1").arg(specError));
    return;
  }
  const auto trace = m_trace;
  const int step = m_step;
  m_progress->setValue(0);
  m_table->setRowCount(0);
  setRunning(true);
  m_status->setText(stageText(Stage::kVerifyingReference));
  m_task->start([trace, step, req](const JobControl& job) {
    return api::VerifyTrace(*trace, step, req, job);
  });
}

void VerifyPanel::cancel() { m_task->cancel(); }

void VerifyPanel::waitForFinished() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
}

void VerifyPanel::onFinished(Expected<api::VerifyReport> result) {
  setRunning(false);
  if (!result.ok()) {
    m_status->setText(
        tr("Verification failed: %1").arg(QString::fromStdString(result.status().message())));
    emit finished(false);
    return;
  }
  m_report = std::move(*result);
  const QLocale locale;
  m_table->setRowCount(static_cast<int>(m_report.outputs.size()));
  for (size_t i = 0; i < m_report.outputs.size(); ++i) {
    const api::OutputCheck& o = m_report.outputs[i];
    const int r = static_cast<int>(i);
    auto cell = [&](int c, const QString& text, bool right = true) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(right ? int(Qt::AlignRight | Qt::AlignVCenter)
                                   : int(Qt::AlignLeft | Qt::AlignVCenter));
      if (!o.ok) item->setBackground(QColor(0xe5, 0x39, 0x35, 70));
      if (!o.reason.empty()) item->setToolTip(QString::fromStdString(o.reason));
      m_table->setItem(r, c, item);
    };
    cell(0, QString::fromStdString(o.name), false);
    cell(1, QString::number(o.max_abs_diff, 'g', 3));
    cell(2, QString::number(o.max_rel_diff, 'g', 3));
    cell(3, QString::number(o.cosine, 'f', 6));
    // Which tolerance decided: every element passes |Δ| ≤ atol + rtol·|reference| (as
    // numpy.allclose); a max relative error above rtol passed on the atol term (values near 0).
    const api::VerifyRequest tol;
    const bool byAtol = o.ok && o.max_rel_diff > tol.rtol;
    cell(4, !o.ok ? tr("differ") : byAtol ? tr("match (by atol)") : tr("match (by rtol)"), false);
    m_table->item(r, 4)->setToolTip(
        (o.reason.empty() ? QString() : QString::fromStdString(o.reason) + QStringLiteral("\n")) +
        (byAtol ? tr("The relative error exceeds rtol %1 only where the reference is near 0; "
                     "there the absolute tolerance atol %2 decides. Every element is within "
                     "atol + rtol × |reference|.")
                      .arg(tol.rtol)
                      .arg(tol.atol)
                : tr("Every element is within atol + rtol × |reference| (atol %1, rtol %2).")
                      .arg(tol.atol)
                      .arg(tol.rtol)));
  }
  if (m_report.ok) {
    const api::VerifyRequest tol;
    m_status->setText(tr("All %n output(s) match: every element within atol + rtol × "
                         "|reference| (atol %1, rtol %2, as numpy.allclose).",
                         nullptr, static_cast<int>(m_report.outputs.size()))
                          .arg(tol.atol)
                          .arg(tol.rtol));
  } else if (m_report.culprit_step > 0) {
    m_status->setText(tr("Outputs differ. Bisection (%1 runs): the first step that changes them "
                         "is <a href=\"step:%2\">step %2, %3</a>.")
                          .arg(m_report.runs)
                          .arg(m_report.culprit_step)
                          .arg(QString::fromStdString(m_report.culprit_pass).toHtmlEscaped()));
    emit culpritFound(m_report.culprit_step);
  } else {
    m_status->setText(tr("Outputs differ."));
  }
  emit finished(m_report.ok);
}

}  // namespace widgets
}  // namespace onnxlens
