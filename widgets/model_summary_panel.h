// The model summary panel: properties (compute and activation memory estimates included),
// inputs/outputs, the op histogram with MACs and FLOPs per op type (sortable, filterable; a
// double-click asks for that type's nodes in the graph) and the loader's warnings.
#pragma once

#include <QWidget>
#include <memory>

#include "api/model_info.h"

class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QGroupBox;
class QSortFilterProxyModel;
class QTableView;

namespace onnxlens {
namespace widgets {

class OpHistogramModel;
class ValueTableModel;

class ModelSummaryPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ModelSummaryPanel(QWidget* parent = nullptr);

  void setModelInfo(std::shared_ptr<const api::ModelInfo> info);
  std::shared_ptr<const api::ModelInfo> modelInfo() const { return m_info; }

  /// For tests: the text shown for a property ("Producer", ...), or empty.
  QString propertyText(const QString& label) const;
  QTableView* opTable() const { return m_opTable; }
  QSortFilterProxyModel* opProxy() const { return m_opProxy; }
  OpHistogramModel* opModel() const { return m_opModel; }
  /// The inputs and outputs tables keep this many rows in view (more scroll).
  static constexpr int kRowsAlwaysVisible = 6;
  ValueTableModel* inputsModel() const { return m_inputsModel; }
  QTableView* inputsTable() const { return m_inputsTable; }
  QTableView* outputsTable() const { return m_outputsTable; }
  ValueTableModel* outputsModel() const { return m_outputsModel; }
  QListWidget* warningsList() const { return m_warnings; }

 signals:
  /// An op type was double-clicked in the operator table: select its nodes in the graph.
  void opTypeActivated(const QString& op);

 private:
  void addProperty(const QString& label, const QString& value);

  std::shared_ptr<const api::ModelInfo> m_info;
  QLabel* m_title;
  QLabel* m_subtitle;
  QFormLayout* m_form;
  OpHistogramModel* m_opModel;
  QSortFilterProxyModel* m_opProxy;
  QTableView* m_opTable;
  QLineEdit* m_opFilter;
  ValueTableModel* m_inputsModel;
  ValueTableModel* m_outputsModel;
  QTableView* m_inputsTable;
  QTableView* m_outputsTable;
  QGroupBox* m_warningsBox;
  QListWidget* m_warnings;
};

}  // namespace widgets
}  // namespace onnxlens
