// Help → Optimizer Passes: every pass the optimizer has, in run order, with its level and what it
// does (the summaries `onnxlens-cli optimize --list` prints), and how to read the Optimize tab's
// step list.
#pragma once

#include <QDialog>

class QTableWidget;

namespace onnxlens {
namespace widgets {

class PassListDialog : public QDialog {
  Q_OBJECT

 public:
  explicit PassListDialog(QWidget* parent = nullptr);
  QTableWidget* table() const { return m_table; }
  /// How to read the step list (the counts, a click, the comparison), as shown above the table.
  static QString howToRead();

 private:
  QTableWidget* m_table;
};

}  // namespace widgets
}  // namespace onnxlens
