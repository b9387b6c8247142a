// Optimizer passes help.
#include "widgets/pass_list_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "api/optimize.h"

namespace onnxlens {
namespace widgets {

PassListDialog::PassListDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Optimizer Passes"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(howToRead(), this);
  intro->setWordWrap(true);
  intro->setTextFormat(Qt::RichText);
  layout->addWidget(intro);
  const std::vector<api::PassDescription> passes = api::ListOptimizerPasses();
  m_table = new QTableWidget(static_cast<int>(passes.size()), 3, this);
  m_table->setHorizontalHeaderLabels({tr("Level"), tr("Pass"), tr("What it does")});
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setWordWrap(true);
  for (size_t i = 0; i < passes.size(); ++i) {
    const api::PassDescription& p = passes[i];
    const int row = static_cast<int>(i);
    m_table->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(p.level)));
    m_table->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(p.name)));
    QString what = QString::fromStdString(p.summary);
    if (p.contrib) what += QStringLiteral(" ") + tr("(ONNX Runtime's com.microsoft ops)");
    auto* item = new QTableWidgetItem(what);
    item->setToolTip(what);
    m_table->setItem(row, 2, item);
  }
  m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
  m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(m_table, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(900, 620);
}

QString PassListDialog::howToRead() {
  return tr(
      "<p>The Optimize tab's <b>Passes</b> list has one row per step that changed the "
      "graph. <b>Change</b> counts the nodes that step removed (<b>−</b>), added "
      "(<b>+</b>) and modified (<b>∼</b>, same node with other attributes, inputs or "
      "weights); <b>Nodes</b> is the count after the step; <b>ms</b> the time the pass "
      "took.</p><p>A click on a step shows that pass's own change: the graph before it on "
      "the left, after it on the right. Tick <i>Against the original</i> to compare "
      "everything up to that step with the original model. Alt+Left / Alt+Right step "
      "through the list; <i>Disable &amp; Re-run</i> optimizes again without the "
      "pass.</p>");
}

}  // namespace widgets
}  // namespace onnxlens
