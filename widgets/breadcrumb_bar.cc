// Breadcrumb bar.
#include "widgets/breadcrumb_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <algorithm>

namespace onnxlens {
namespace widgets {

BreadcrumbBar::BreadcrumbBar(QWidget* parent) : QWidget(parent) {
  m_layout = new QHBoxLayout(this);
  m_layout->setContentsMargins(6, 2, 6, 2);
  m_layout->setSpacing(2);
  hide();
}

void BreadcrumbBar::setGraph(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph) {
  while (QLayoutItem* item = m_layout->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  m_chain.clear();
  m_labels.clear();
  if (!snapshot || graph <= 0 || graph >= static_cast<int>(snapshot->graphs.size())) {
    hide();
    return;
  }
  for (int g = graph; g >= 0; g = snapshot->graphs[g].parent_graph) m_chain.push_back(g);
  std::reverse(m_chain.begin(), m_chain.end());
  for (size_t i = 0; i < m_chain.size(); ++i) {
    const api::SnapshotGraph& g = snapshot->graphs[m_chain[i]];
    QString label = tr("main graph");
    if (i > 0) {
      const api::SnapshotNode& owner = snapshot->graphs[g.parent_graph].nodes[g.parent_node];
      label = QString::fromStdString(owner.name.empty() ? owner.op_type : owner.name) +
              QStringLiteral(" · ") +
              QString::fromStdString(g.attribute.empty() ? g.name : g.attribute);
    }
    m_labels << label;
    if (i > 0) m_layout->addWidget(new QLabel(QStringLiteral("›"), this));
    auto* b = new QToolButton(this);
    b->setText(label);
    b->setAutoRaise(true);
    b->setEnabled(i + 1 < m_chain.size());  // the last segment is where we are
    const int target = m_chain[i];
    connect(b, &QToolButton::clicked, this, [this, target] { emit graphRequested(target); });
    m_layout->addWidget(b);
  }
  m_layout->addStretch();
  auto* hint = new QLabel(tr("Backspace: up one level"), this);
  hint->setEnabled(false);
  m_layout->addWidget(hint);
  show();
}

QStringList BreadcrumbBar::segments() const { return m_labels; }

void BreadcrumbBar::activate(int index) {
  if (index >= 0 && index < static_cast<int>(m_chain.size())) emit graphRequested(m_chain[index]);
}

}  // namespace widgets
}  // namespace onnxlens
