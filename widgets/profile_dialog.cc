// Profile dialog.
#include "widgets/profile_dialog.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <filesystem>

#include "widgets/input_spec_edit.h"
#include "widgets/provider_order_edit.h"

namespace onnxlens {
namespace widgets {

ProfileDialog::ProfileDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Profile"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_level = new QComboBox(this);
  m_level->addItem(tr("Disabled"), QStringLiteral("disabled"));
  m_level->addItem(tr("Basic"), QStringLiteral("basic"));
  m_level->addItem(tr("Extended"), QStringLiteral("extended"));
  m_level->addItem(tr("Layout (all)"), QStringLiteral("layout"));
  m_level->setCurrentIndex(3);  // all optimizations, as ProfileOptions and ONNX Runtime
  form->addRow(tr("Optimization level:"), m_level);
  m_providers = new ProviderOrderEdit(this);
  form->addRow(tr("Execution providers:"), m_providers);
  m_threads = new QSpinBox(this);
  m_threads->setRange(0, 256);
  m_threads->setSpecialValueText(tr("all cores"));
  form->addRow(tr("Threads:"), m_threads);
  m_executor = new QComboBox(this);
  m_executor->addItem(tr("Sequential"), QStringLiteral("sequential"));
  m_executor->addItem(tr("Parallel (independent nodes at once)"), QStringLiteral("parallel"));
  m_executor->setToolTip(
      tr("Parallel runs independent branches of the graph on several threads; the threads above "
         "are shared between them (one per branch on two cores)."));
  form->addRow(tr("Executor:"), m_executor);
  m_warmup = new QSpinBox(this);
  m_warmup->setRange(0, 1000);
  m_warmup->setValue(2);
  form->addRow(tr("Warm-up runs:"), m_warmup);
  m_byRuns = new QRadioButton(tr("Runs:"), this);
  m_runs = new QSpinBox(this);
  m_runs->setRange(1, 100000);
  m_runs->setValue(10);
  form->addRow(m_byRuns, m_runs);
  m_byDuration = new QRadioButton(tr("Duration (s):"), this);
  m_duration = new QDoubleSpinBox(this);
  m_duration->setRange(0.1, 3600);
  m_duration->setValue(5);
  form->addRow(m_byDuration, m_duration);
  m_byRuns->setChecked(true);
  m_random = new QRadioButton(tr("Random inputs, seed:"), this);
  m_seed = new QSpinBox(this);
  m_seed->setRange(0, 1 << 30);
  form->addRow(m_random, m_seed);
  m_spec = new InputSpecEdit(this, form);
  m_folder = new QRadioButton(tr("Inputs from a folder:"), this);
  m_path = new QLineEdit(this);
  m_path->setPlaceholderText(tr(".pb or .npy files"));
  auto* browse = new QPushButton(tr("Browse…"), this);
  auto* row = new QHBoxLayout;
  row->addWidget(m_path, 1);
  row->addWidget(browse);
  form->addRow(m_folder, row);
  m_random->setChecked(true);
  // Two independent choices: runs or duration, random or a folder (radio buttons sharing a parent
  // would otherwise be one exclusive group).
  auto* count = new QButtonGroup(this);
  count->addButton(m_byRuns);
  count->addButton(m_byDuration);
  auto* inputs = new QButtonGroup(this);
  inputs->addButton(m_random);
  inputs->addButton(m_folder);
  auto enable = [this] {
    m_runs->setEnabled(m_byRuns->isChecked());
    m_duration->setEnabled(m_byDuration->isChecked());
    m_seed->setEnabled(m_random->isChecked());
    m_spec->setEnabled(m_random->isChecked());
  };
  connect(count, QOverload<QAbstractButton*>::of(&QButtonGroup::buttonClicked), this, enable);
  connect(inputs, QOverload<QAbstractButton*>::of(&QButtonGroup::buttonClicked), this, enable);
  connect(m_byRuns, &QRadioButton::toggled, this, enable);
  connect(m_random, &QRadioButton::toggled, this, enable);
  enable();
  layout->addLayout(form);
  m_error = new QLabel(this);
  m_error->setStyleSheet(QStringLiteral("color: #c62828"));
  m_error->setWordWrap(true);
  m_error->hide();
  layout->addWidget(m_error);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Profile"));
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    const QString problem = validate();
    m_error->setText(problem);
    m_error->setVisible(!problem.isEmpty());
    if (problem.isEmpty()) accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Input Folder"), m_path->text());
    if (!dir.isEmpty()) {
      m_path->setText(dir);
      m_folder->setChecked(true);
    }
  });
}

QString ProfileDialog::validate() const {
  if (!m_folder->isChecked()) {
    api::DimOverrides dims;
    api::RangeOverrides ranges;
    QString error;
    return m_spec->read(&dims, &ranges, &error) ? QString() : error;
  }
  const QString dir = m_path->text().trimmed();
  if (dir.isEmpty()) return tr("Choose the folder of input files, or use random inputs.");
  std::error_code ec;
  if (!std::filesystem::is_directory(dir.toStdString(), ec))
    return tr("%1 is not a folder.").arg(dir);
  return {};
}

api::ProfileOptions ProfileDialog::options() const {
  api::ProfileOptions o;
  o.level = m_level->currentData().toString().toStdString();
  o.threads = m_threads->value();
  o.executor = m_executor->currentData().toString().toStdString();
  o.warmup = m_warmup->value();
  o.runs = m_runs->value();
  o.duration_s = m_byDuration->isChecked() ? m_duration->value() : 0;
  o.seed = static_cast<uint64_t>(m_seed->value());
  if (m_folder->isChecked())
    o.inputs_dir = m_path->text().trimmed().toStdString();
  else
    m_spec->read(&o.dims, &o.ranges, nullptr);  // validate() said why it does not parse
  o.providers = toStdStrings(m_providers->order());
  return o;
}

void ProfileDialog::setOptions(const api::ProfileOptions& o) {
  // "all" (ProfileOptions' default) is the layout level, the combo's last entry.
  const std::string code = o.level == "all" ? std::string("layout") : o.level;
  const int level = m_level->findData(QString::fromStdString(code));
  if (level >= 0) m_level->setCurrentIndex(level);
  m_threads->setValue(o.threads);
  const int executor = m_executor->findData(QString::fromStdString(o.executor));
  m_executor->setCurrentIndex(executor >= 0 ? executor : 0);
  m_warmup->setValue(o.warmup);
  m_runs->setValue(o.runs);
  (o.duration_s > 0 ? m_byDuration : m_byRuns)->setChecked(true);
  if (o.duration_s > 0) m_duration->setValue(o.duration_s);
  m_seed->setValue(static_cast<int>(o.seed));
  m_path->setText(QString::fromStdString(o.inputs_dir.string()));
  (o.inputs_dir.empty() ? m_random : m_folder)->setChecked(true);
  m_spec->set(o.dims, o.ranges);
  m_spec->setEnabled(o.inputs_dir.empty());
  QStringList providers;
  for (const std::string& p : o.providers) providers << QString::fromStdString(p);
  m_providers->setOrder(providers);
}

}  // namespace widgets
}  // namespace onnxlens
