// Find bar.
#include "widgets/find_bar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

#include "api/graph_find.h"
#include "widgets/find_results_model.h"
#include "widgets/graph_view.h"

namespace onnxlens {
namespace widgets {

FindBar::FindBar(GraphView* view, QWidget* parent) : QWidget(parent), m_view(view) {
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(4, 2, 4, 2);
  column->setSpacing(2);
  auto* l = new QHBoxLayout;
  column->addLayout(l);
  m_results = new FindResultsModel(this);
  m_list = new QListView(this);
  m_list->setModel(m_results);
  m_list->setMouseTracking(true);
  m_list->setUniformItemSizes(true);
  m_list->setMaximumHeight(140);
  m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_list->viewport()->installEventFilter(this);
  m_list->hide();
  column->addWidget(m_list);
  connect(m_list, &QListView::entered, this,
          [this](const QModelIndex& i) { m_view->setHoverItem(i.data(Qt::UserRole).toInt()); });
  connect(m_list, &QListView::clicked, this, [this](const QModelIndex& i) { go(i.row()); });
  m_edit = new QLineEdit(this);
  m_edit->setPlaceholderText(
      tr("Find: op, name, tensor, dtype or shape; \"exact\"; /regex/ — terms are AND-ed"));
  m_edit->setClearButtonEnabled(true);
  m_status = new QLabel(this);
  auto* prev = new QToolButton(this);
  prev->setText(QStringLiteral("▲"));
  prev->setToolTip(tr("Previous (Shift+Enter)"));
  auto* nextButton = new QToolButton(this);
  nextButton->setText(QStringLiteral("▼"));
  nextButton->setToolTip(tr("Next (Enter)"));
  auto* close = new QToolButton(this);
  close->setText(QStringLiteral("✕"));
  close->setToolTip(tr("Close (Escape)"));
  l->addWidget(m_edit, 1);
  l->addWidget(m_status);
  l->addWidget(prev);
  l->addWidget(nextButton);
  l->addWidget(close);
  connect(m_edit, &QLineEdit::textChanged, this, &FindBar::search);
  connect(m_edit, &QLineEdit::returnPressed, this, &FindBar::next);
  connect(prev, &QToolButton::clicked, this, &FindBar::previous);
  connect(nextButton, &QToolButton::clicked, this, &FindBar::next);
  connect(close, &QToolButton::clicked, this, &FindBar::dismiss);
  hide();
}

void FindBar::activate() {
  show();
  if (!m_hits.empty()) m_view->setMarkedItems(m_hits);
  m_edit->setFocus();
  m_edit->selectAll();
}

void FindBar::setQuery(const QString& query) { m_edit->setText(query); }

QString FindBar::statusText() const { return m_status->text(); }

void FindBar::search() {
  m_hits.clear();
  m_current = -1;
  m_status->setStyleSheet(QString());
  m_found.clear();
  auto publish = [this] {
    m_results->setResults(m_view->snapshot(), m_view->model(), m_hits, m_found);
    m_list->setVisible(!m_hits.empty());
    m_view->setMarkedItems(m_hits);
  };
  const auto snap = m_view->snapshot();
  if (!snap || m_edit->text().trimmed().isEmpty()) {
    m_status->clear();
    publish();
    return;
  }
  auto hits = api::FindInGraph(*snap, m_view->graphIndex(), m_edit->text().toStdString());
  if (!hits.ok()) {
    m_status->setStyleSheet(QStringLiteral("color: #c62828"));
    m_status->setText(QString::fromStdString(hits.status().message()));
    publish();
    return;
  }
  const api::GraphViewModel& m = m_view->model();
  const auto& g = snap->graphs[m.graph];
  // Items already hit by a node (a folded Constant is drawn in its consumer's item).
  std::vector<bool> nodeHit(m.items.size(), false);
  for (const api::FindHit& h : *hits) {
    if (h.initializer) {
      // The weight itself: shown in the node that reads it (its first consumer drawn).
      int item = -1;
      for (int c : g.values[h.index].consumers) {
        item = m.item_of_node[c];
        for (int hop = 0; item < 0 && hop < 8; ++hop) {  // folded Identity / Constant
          const auto& outs = g.nodes[c].outputs;
          if (outs.empty() || outs[0] < 0 || g.values[outs[0]].consumers.empty()) break;
          c = g.values[outs[0]].consumers.front();
          item = m.item_of_node[c];
        }
        if (item >= 0) break;
      }
      if (item >= 0) {
        m_hits.push_back(item);
        m_found.push_back(h);
      }
      continue;
    }
    if (h.is_node) {
      int item = m.item_of_node[h.index];
      if (item < 0) {  // a folded Constant: the node it is drawn in
        const auto& g = snap->graphs[m.graph];
        for (int v : g.nodes[h.index].outputs)
          for (int c : v >= 0 ? g.values[v].consumers : std::vector<int>{})
            if (item < 0) item = m.item_of_node[c];
      }
      if (item >= 0 && !nodeHit[item]) {
        nodeHit[item] = true;
        m_hits.push_back(item);
        m_found.push_back(h);
      }
      continue;
    }
    for (size_t i = 0; i < m.items.size(); ++i) {
      if (m.items[i].kind != api::ViewItemKind::kNode && m.items[i].index == h.index) {
        m_hits.push_back(static_cast<int>(i));
        m_found.push_back(h);
        break;
      }
    }
  }
  m_status->setText(m_hits.empty() ? tr("no match")
                                   : tr("%n match(es)", nullptr, static_cast<int>(m_hits.size())));
  publish();
}

void FindBar::go(int index) {
  if (m_hits.empty()) return;
  m_current = (index % static_cast<int>(m_hits.size()) + static_cast<int>(m_hits.size())) %
              static_cast<int>(m_hits.size());
  m_status->setText(tr("%1 of %2").arg(m_current + 1).arg(m_hits.size()));
  m_list->setCurrentIndex(m_results->index(m_current));
  const api::FindHit& h = m_found[m_current];
  // A weight: its node is revealed, then the weight's own page is asked for.
  if (h.initializer) emit tensorRequested(h.index);
  m_view->revealItem(m_hits[m_current]);
}

void FindBar::next() { go(m_current + 1); }

void FindBar::previous() { go(m_current < 0 ? -1 : m_current - 1); }

bool FindBar::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_list->viewport() && event->type() == QEvent::Leave) m_view->setHoverItem(-1);
  return QWidget::eventFilter(watched, event);
}

void FindBar::dismiss() {
  hide();
  // A closed bar leaves no marks behind.
  m_view->setMarkedItems({});
  m_view->setHoverItem(-1);
}

void FindBar::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) {
    dismiss();
    m_view->setFocus();
    return;
  }
  if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
      (event->modifiers() & Qt::ShiftModifier)) {
    previous();
    return;
  }
  QWidget::keyPressEvent(event);
}

}  // namespace widgets
}  // namespace onnxlens
