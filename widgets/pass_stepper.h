// The pass stepper: every optimizer step that changed the graph (level, round, pass, nodes
// removed / added / modified, nodes after, time), stepped with the keyboard (Alt+Right / Alt+Left,
// or the arrows in the list); a double-click asks for that pass alone (before and after). A pass
// is disabled and the optimization re-run in one click.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "api/optimize_trace.h"

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
    LevelColumn,  ///< "extended · 1": level and round
    ColumnCount
  };
  explicit StepListModel(QObject* parent = nullptr);
  void setSteps(std::vector<api::OptimizeStepReport> steps);
  /// The step verification blamed (shown red); 0 clears.
  void setCulprit(int step);
  const std::vector<api::OptimizeStepReport>& steps() const { return m_steps; }

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
  /// Disables the selected step's pass and asks for a re-run (the one-click action).
  void disableSelectedPass();
  QStringList disabledPasses() const { return m_disabled; }
  /// The stepper's keys and mouse actions as (keys, what they do), for Help > Keyboard Shortcuts.
  static QList<QPair<QString, QString>> keyHelp();

 signals:
  /// A step was selected (stepping): show the graph after it.
  void stepSelected(int step);
  /// A step was double-clicked: show that pass alone, before and after.
  void stepPairRequested(int step);
  /// Re-run the optimization without these passes.
  void rerunRequested(const QStringList& disabled);

 private:
  void updateDisabledLabel();

  StepListModel* m_model;
  QTableView* m_table;
  QPushButton* m_prev;
  QPushButton* m_next;
  QPushButton* m_disable;
  QLabel* m_disabledLabel;
  QPushButton* m_enableAll;
  QStringList m_disabled;
};

}  // namespace widgets
}  // namespace onnxlens
