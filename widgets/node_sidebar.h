// The sidebar of the graph view: what the selected item is. For a node: op type, domain and
// opset, name, attributes, inputs and outputs (schema name, value, type and shape), provenance,
// and the operator's documentation from ONNX's schema registry (summary, attributes, inputs,
// outputs, type constraints). For a graph input or output: its name, type, producer, consumers.
#pragma once

#include <QWidget>
#include <memory>

#include "api/graph_view_model.h"

class QTextBrowser;

namespace onnxlens {
namespace widgets {

class NodeSidebar : public QWidget {
  Q_OBJECT

 public:
  explicit NodeSidebar(QWidget* parent = nullptr);

  /// Shows item `item` of `model` (a view model of `snapshot`); -1 clears.
  void showItem(std::shared_ptr<const api::GraphSnapshot> snapshot,
                const api::GraphViewModel& model, int item);
  /// The text shown, for tests.
  QString plainText() const;

 private:
  QTextBrowser* m_text;
};

}  // namespace widgets
}  // namespace onnxlens
