// The pass stepper: every optimizer step that changed the graph (pass, nodes removed / added /
// modified, nodes after, time), stepped with the keyboard (Alt+Right / Alt+Left, or the arrows in
// the list). Under the list, what the selected pass does (its one-line summary, as
// `optimize --list` prints it), its level and round, and what its counts mean. A pass is disabled
// and the optimization re-run in one click.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "api/optimize_trace.h"

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace onnxlens {
namespace widgets {

class StepListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    IndexColumn,
    PassColumn,
    ChangeColumn,  ///< "−80 +5 ∼3": nodes removed, added, modified
    NodesColumn,
    TimeColumn,
    ColumnCount
  };
  explicit StepListModel(QObject* parent = nullptr);
  void setSteps(std::vector<api::OptimizeStepReport> steps);
  /// The step verification blamed (shown red); 0 clears.
  void setCulprit(int step);
  const std::vector<api::OptimizeStepReport>& steps() const { return m_steps; }
  /// A pass's one-line summary (as `onnxlens-cli optimize --list` prints it); empty if unknown.
  static QString passSummary(const std::string& pass);
  /// "3 removed, 1 added, 2 modified" (only the counts that are not zero); "no node removed,
  /// added or modified" when all are zero (the pass changed initializers only).
  static QString changeText(const api::OptimizeStepReport& step);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<api::OptimizeStepReport> m_steps;
  int m_culprit = 0;
};

class PassStepper : public QWidget {
  Q_OBJECT

 public:
  explicit PassStepper(QWidget* parent = nullptr);

  void setTrace(std::shared_ptr<const api::OptimizeTrace> trace);
  StepListModel* model() const { return m_model; }
  QTableView* table() const { return m_table; }

  /// The selected step (1-based), 0 when none.
  int currentStep() const;
  void selectStep(int step);
  void stepForward();
  void stepBack();
  void setCulprit(int step);
  /// What the selected step's pass does, its level, its counts and what the panes show (rich
  /// text under the list).
  QString detailsText() const;
  /// False (the default): a step shows that pass's own change, the graph before it on the left
  /// and after it on the right. True: the original on the left, the graph after the step on the
  /// right (everything up to that step).
  bool againstOriginal() const;
  void setAgainstOriginal(bool on);
  /// Disables the selected step's pass and asks for a re-run (the one-click action).
  void disableSelectedPass();
  QStringList disabledPasses() const { return m_disabled; }
  /// The stepper's keys and mouse actions as (keys, what they do), for Help > Keyboard Shortcuts.
  static QList<QPair<QString, QString>> keyHelp();

 signals:
  /// A step was selected (stepping), or "against the original" toggled: show the graph after
  /// it, against the graph before it or the original (againstOriginal()).
  void stepSelected(int step);
  /// A step was double-clicked: that pass alone, before and after, whatever the mode.
  void stepPairRequested(int step);
  /// Re-run the optimization without these passes.
  void rerunRequested(const QStringList& disabled);

 private:
  void updateDisabledLabel();
  void updateDetails();

  StepListModel* m_model;
  QTableView* m_table;
  QLabel* m_details;
  QCheckBox* m_original;
  QPushButton* m_prev;
  QPushButton* m_next;
  QPushButton* m_disable;
  QLabel* m_disabledLabel;
  QPushButton* m_enableAll;
  QStringList m_disabled;
};

}  // namespace widgets
}  // namespace onnxlens
