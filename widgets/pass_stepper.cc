// Pass stepper.
#include "widgets/pass_stepper.h"

#include <QAction>
#include <QBrush>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <map>

#include "api/optimize.h"

#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

QString StepListModel::passSummary(const std::string& pass) {
  static const std::map<std::string, std::string> summaries = [] {
    std::map<std::string, std::string> m;
    for (const api::PassDescription& d : api::ListOptimizerPasses()) m[d.name] = d.summary;
    return m;
  }();
  const auto it = summaries.find(pass);
  return it == summaries.end() ? QString() : QString::fromStdString(it->second);
}

QString StepListModel::changeText(const api::OptimizeStepReport& s) {
  QStringList parts;
  if (s.removed) parts << tr("%n removed", nullptr, s.removed);
  if (s.added) parts << tr("%n added", nullptr, s.added);
  if (s.fused) parts << tr("%n fused", nullptr, s.fused);
  if (s.modified) parts << tr("%n modified", nullptr, s.modified);
  if (s.initializers_removed)
    parts << tr("%n unused initializer(s) removed", nullptr, s.initializers_removed);
  return parts.isEmpty() ? tr("no node removed, added or modified")
                         : parts.join(QStringLiteral(", "));
}

StepListModel::StepListModel(QObject* parent) : QAbstractTableModel(parent) {}

void StepListModel::setSteps(std::vector<api::OptimizeStepReport> steps) {
  beginResetModel();
  m_steps = std::move(steps);
  m_culprit = 0;
  endResetModel();
}

void StepListModel::setCulprit(int step) {
  m_culprit = step;
  if (!m_steps.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int StepListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_steps.size());
}

int StepListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant StepListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
  const api::OptimizeStepReport& s = m_steps[index.row()];
  const QLocale locale;
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case IndexColumn:
        return s.index;
      case PassColumn:
        return QString::fromStdString(s.pass);
      case ChangeColumn: {
        QStringList parts;
        if (s.removed) parts << QString(QChar(0x2212)) + QString::number(s.removed);
        if (s.added) parts << QStringLiteral("+") + QString::number(s.added);
        if (s.fused) parts << QString(QChar(0x2295)) + QString::number(s.fused);
        if (s.modified) parts << QString(QChar(0x223C)) + QString::number(s.modified);
        // A step that only dropped unread weights says so (the full count is in its tooltip).
        if (parts.isEmpty() && s.initializers_removed)
          parts << tr("%1 initializers")
                       .arg(QString(QChar(0x2212)) + QString::number(s.initializers_removed));
        return parts.join(QLatin1Char(' '));
      }
      case NodesColumn:
        return locale.toString(static_cast<qlonglong>(s.nodes_after));
      case TimeColumn:
        return locale.toString(s.millis, 'f', 2);
    }
  }
  if (role == Qt::TextAlignmentRole)
    return index.column() == PassColumn || index.column() == ChangeColumn
               ? int(Qt::AlignLeft | Qt::AlignVCenter)
               : int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::BackgroundRole && s.index == m_culprit)
    return QBrush(QColor(0xe5, 0x39, 0x35, 90));
  if (role == Qt::ToolTipRole) {
    // The pass's name, what it does, its level and round, and its counts in words.
    QString tip = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(s.pass).toHtmlEscaped());
    const QString summary = passSummary(s.pass);
    if (!summary.isEmpty()) tip += QStringLiteral(": ") + summary.toHtmlEscaped();
    tip += QStringLiteral("<br>") + tr("Level %1, round %2")
                                        .arg(StageText::level(QString::fromStdString(s.level)))
                                        .arg(s.round);
    tip += QStringLiteral("<br>") + tr("Nodes: %1").arg(changeText(s));
    if (s.index == m_culprit)
      tip += QStringLiteral("<br><b>") +
             tr("Verification: the outputs first differ after this step") + QStringLiteral("</b>");
    return tip;
  }
  return {};
}

QVariant StepListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case ChangeColumn:
        return tr("Nodes removed (−), added (+), fused from several (⊕) and modified (∼)");
      case NodesColumn:
        return tr("Nodes after the step");
      case TimeColumn:
        return tr("Time the pass took, in milliseconds");
    }
    return {};
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case IndexColumn:
      return tr("Step");
    case PassColumn:
      return tr("Pass");
    case ChangeColumn:
      return tr("Change");
    case NodesColumn:
      return tr("Nodes");
    case TimeColumn:
      return tr("ms");
  }
  return {};
}

PassStepper::PassStepper(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  m_model = new StepListModel(this);
  m_table = new QTableView(this);
  m_table->setModel(m_model);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->verticalHeader()->hide();
  // The numbers take what they need, the pass name the rest; a name longer than that wraps at
  // its hyphens (rows grow) rather than being cut to "con…t-…", and the list never scrolls
  // sideways.
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setSectionResizeMode(StepListModel::PassColumn,
                                                    QHeaderView::Stretch);
  m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->setWordWrap(true);
  m_table->setTextElideMode(Qt::ElideNone);
  m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setToolTip(
      tr("A click shows what that pass alone changed: the graph before it on the left, after it "
         "on the right. Arrows or Alt+Left / Alt+Right step through the passes."));
  layout->addWidget(m_table, 1);

  m_details = new QLabel(this);
  m_details->setTextFormat(Qt::RichText);
  m_details->setWordWrap(true);
  m_details->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_details->setContentsMargins(2, 2, 2, 2);
  m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_details);

  auto* buttons = new QHBoxLayout;
  m_prev = new QPushButton(QStringLiteral("◀"), this);
  m_next = new QPushButton(QStringLiteral("▶"), this);
  m_prev->setToolTip(tr("Previous step (Alt+Left)"));
  m_next->setToolTip(tr("Next step (Alt+Right)"));
  m_original = new QCheckBox(tr("Against the original"), this);
  m_original->setToolTip(
      tr("Off: a step shows that pass's own change (the graph before it on the left). On: the "
         "original model on the left, everything up to the step on the right."));
  m_disable = new QPushButton(tr("Disable && Re-run"), this);
  m_disable->setToolTip(tr("Optimize again without the selected step's pass"));
  buttons->addWidget(m_prev);
  buttons->addWidget(m_next);
  buttons->addStretch();
  buttons->addWidget(m_disable);
  layout->addLayout(buttons);
  layout->addWidget(m_original);
  auto* disabledRow = new QHBoxLayout;
  m_disabledLabel = new QLabel(this);
  m_disabledLabel->setWordWrap(true);
  m_enableAll = new QPushButton(tr("Enable All"), this);
  disabledRow->addWidget(m_disabledLabel, 1);
  disabledRow->addWidget(m_enableAll);
  layout->addLayout(disabledRow);
  updateDisabledLabel();

  auto* forward = new QAction(tr("Next Step"), this);
  forward->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
  forward->setShortcutContext(Qt::WindowShortcut);
  auto* back = new QAction(tr("Previous Step"), this);
  back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
  back->setShortcutContext(Qt::WindowShortcut);
  addAction(forward);
  addAction(back);
  connect(forward, &QAction::triggered, this, &PassStepper::stepForward);
  connect(back, &QAction::triggered, this, &PassStepper::stepBack);
  connect(m_next, &QPushButton::clicked, this, &PassStepper::stepForward);
  connect(m_prev, &QPushButton::clicked, this, &PassStepper::stepBack);
  connect(m_disable, &QPushButton::clicked, this, &PassStepper::disableSelectedPass);
  connect(m_enableAll, &QPushButton::clicked, this, [this] {
    m_disabled.clear();
    updateDisabledLabel();
    emit rerunRequested(m_disabled);
  });
  connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            m_disable->setEnabled(current.isValid());
            updateDetails();
            if (current.isValid()) emit stepSelected(current.row() + 1);
          });
  connect(m_original, &QCheckBox::toggled, this, [this] {
    updateDetails();
    if (currentStep() > 0) emit stepSelected(currentStep());
  });
  connect(m_table, &QTableView::doubleClicked, this,
          [this](const QModelIndex& index) { emit stepPairRequested(index.row() + 1); });
  m_disable->setEnabled(false);
}

void PassStepper::setTrace(std::shared_ptr<const api::OptimizeTrace> trace) {
  m_model->setSteps(trace ? trace->steps : std::vector<api::OptimizeStepReport>());
  if (trace) {
    m_disabled.clear();
    for (const auto& d : trace->request.disabled) m_disabled << QString::fromStdString(d);
  }
  updateDisabledLabel();
  m_disable->setEnabled(false);
  updateDetails();
}

bool PassStepper::againstOriginal() const { return m_original->isChecked(); }

void PassStepper::setAgainstOriginal(bool on) { m_original->setChecked(on); }

QString PassStepper::detailsText() const { return m_details->text(); }

void PassStepper::updateDetails() {
  const int step = currentStep();
  const QString legend =
      tr("Change: <b>−</b> nodes removed, <b>+</b> added, <b>⊕</b> fused from several, <b>∼</b> "
         "modified by the pass (as the panes colour it).");
  if (step < 1) {
    m_details->setText(m_model->rowCount() == 0
                           ? QString()
                           : tr("Select a pass to see what it alone changed.") +
                                 QStringLiteral("<br>") + legend);
    return;
  }
  const api::OptimizeStepReport& s = m_model->steps()[step - 1];
  const QString pass = QString::fromStdString(s.pass).toHtmlEscaped();
  QString text = QStringLiteral("<b>%1</b>").arg(pass);
  const QString summary = StepListModel::passSummary(s.pass);
  if (!summary.isEmpty()) text += QStringLiteral(": ") + summary.toHtmlEscaped();
  text += QStringLiteral("<br>") +
          tr("Step %1 · level %2, round %3 · nodes: %4")
              .arg(s.index)
              .arg(StageText::level(QString::fromStdString(s.level)).toHtmlEscaped())
              .arg(s.round)
              .arg(StepListModel::changeText(s));
  text += QStringLiteral("<br><i>") +
          (againstOriginal()
               ? tr("Left: the original model. Right: after step %1.").arg(s.index)
               : tr("Left: before step %1. Right: after it (this pass alone).").arg(s.index)) +
          QStringLiteral("</i>");
  m_details->setText(text);
}

int PassStepper::currentStep() const {
  const QModelIndex i = m_table->currentIndex();
  return i.isValid() ? i.row() + 1 : 0;
}

void PassStepper::selectStep(int step) {
  if (step < 1 || step > m_model->rowCount()) return;
  m_table->setCurrentIndex(m_model->index(step - 1, StepListModel::IndexColumn));
  m_table->scrollTo(m_table->currentIndex());
}

QList<QPair<QString, QString>> PassStepper::keyHelp() {
  return {
      {tr("Alt+Left / Alt+Right"), tr("Previous / next pass step (anywhere in the window)")},
      {tr("Up / Down"), tr("Previous / next pass step, in the pass list")},
      {tr("Click a pass"), tr("That pass alone: the graph before and after it")},
      {tr("'Against the original'"), tr("The original beside the graph after the selected step")}};
}

void PassStepper::stepForward() { selectStep(currentStep() + 1); }

void PassStepper::stepBack() { selectStep(std::max(1, currentStep() - 1)); }

void PassStepper::setCulprit(int step) { m_model->setCulprit(step); }

void PassStepper::disableSelectedPass() {
  const int step = currentStep();
  if (step < 1) return;
  const QString pass = QString::fromStdString(m_model->steps()[step - 1].pass);
  if (!m_disabled.contains(pass)) m_disabled << pass;
  updateDisabledLabel();
  emit rerunRequested(m_disabled);
}

void PassStepper::updateDisabledLabel() {
  m_disabledLabel->setText(m_disabled.isEmpty()
                               ? tr("Every pass enabled.")
                               : tr("Disabled: %1").arg(m_disabled.join(QStringLiteral(", "))));
  m_enableAll->setVisible(!m_disabled.isEmpty());
}

}  // namespace widgets
}  // namespace onnxlens
