// Provider order editor.
#include "widgets/provider_order_edit.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "api/partition.h"

namespace onnxlens {
namespace widgets {

namespace {

const QString kReference = QStringLiteral("reference");

}  // namespace

QStringList defaultProviderOrder() {
  QStringList out;
  for (const std::string& name : api::ExecutionProviderNames()) out << QString::fromStdString(name);
  return out;
}

QList<QStringList> offeredProviderOrders() {
  const QStringList base = defaultProviderOrder();
  QList<QStringList> out{base};
  auto offer = [&out](const QStringList& order) {
    if (!order.isEmpty() && !out.contains(order)) out << order;
  };
  for (const QString& first : base) {
    QStringList order{first};
    for (const QString& p : base)
      if (p != first) order << p;
    offer(order);
  }
  for (const QString& without : base) {
    if (without == kReference) continue;
    QStringList order = base;
    order.removeAll(without);
    if (order != QStringList{kReference}) offer(order);
  }
  return out;
}

QString providerOrderText(const QStringList& order) { return order.join(QStringLiteral(" › ")); }

std::vector<std::string> toStdStrings(const QStringList& strings) {
  std::vector<std::string> out;
  out.reserve(strings.size());
  for (const QString& s : strings) out.push_back(s.toStdString());
  return out;
}

ProviderOrderEdit::ProviderOrderEdit(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  m_list = new QListWidget(this);
  m_list->setToolTip(
      tr("Execution providers in priority order: each node runs on the first checked provider "
         "that accepts it. The reference provider is always the last fallback."));
  m_list->setSelectionMode(QAbstractItemView::SingleSelection);
  row->addWidget(m_list, 1);
  auto* buttons = new QVBoxLayout;
  m_up = new QPushButton(tr("Up"), this);
  m_down = new QPushButton(tr("Down"), this);
  m_reset = new QPushButton(tr("Default"), this);
  buttons->addWidget(m_up);
  buttons->addWidget(m_down);
  buttons->addWidget(m_reset);
  buttons->addStretch();
  row->addLayout(buttons);
  connect(m_up, &QPushButton::clicked, this, [this] { move(m_list->currentRow(), -1); });
  connect(m_down, &QPushButton::clicked, this, [this] { move(m_list->currentRow(), +1); });
  connect(m_reset, &QPushButton::clicked, this, [this] { setOrder(defaultProviderOrder()); });
  connect(m_list, &QListWidget::currentRowChanged, this, [this] { updateButtons(); });
  connect(m_list, &QListWidget::itemChanged, this, [this] { emit orderChanged(); });
  m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setOrder(defaultProviderOrder());
  // As tall as its rows and as wide as its longest one: the known providers are few.
  const int frame = 2 * m_list->frameWidth();
  m_list->setFixedHeight(m_list->sizeHintForRow(0) * m_list->count() + frame + 4);
  m_list->setMinimumWidth(m_list->sizeHintForColumn(0) + frame + 8);
}

QStringList ProviderOrderEdit::order() const {
  QStringList out;
  for (int i = 0; i < m_list->count(); ++i) {
    const QListWidgetItem* it = m_list->item(i);
    const QString name = it->data(Qt::UserRole).toString();
    if (name != kReference && it->checkState() == Qt::Checked) out << name;
  }
  out << kReference;
  return out;
}

void ProviderOrderEdit::setOrder(const QStringList& order) {
  const QStringList known = defaultProviderOrder();
  QStringList rows;
  for (const QString& p : order)
    if (known.contains(p) && p != kReference && !rows.contains(p)) rows << p;
  const int checked = rows.size();
  for (const QString& p : known)
    if (p != kReference && !rows.contains(p)) rows << p;
  rows << kReference;
  {
    QSignalBlocker block(m_list);
    m_list->clear();
    for (int i = 0; i < rows.size(); ++i) {
      auto* it = new QListWidgetItem(rows[i], m_list);
      it->setData(Qt::UserRole, rows[i]);
      if (rows[i] == kReference) {
        // Always there, always last: the partitioner's fallback for every op.
        it->setFlags(it->flags() & ~Qt::ItemIsUserCheckable & ~Qt::ItemIsEnabled);
        it->setCheckState(Qt::Checked);
        it->setText(tr("%1 (always the last fallback)").arg(rows[i]));
      } else {
        it->setFlags(it->flags() | Qt::ItemIsUserCheckable);
        it->setCheckState(i < checked ? Qt::Checked : Qt::Unchecked);
      }
    }
  }
  updateButtons();
  emit orderChanged();
}

void ProviderOrderEdit::move(int row, int delta) {
  const int to = row + delta;
  const int last = m_list->count() - 1;  // the reference provider stays last
  if (row < 0 || row >= last || to < 0 || to >= last) return;
  {
    QSignalBlocker block(m_list);
    QListWidgetItem* it = m_list->takeItem(row);
    m_list->insertItem(to, it);
    m_list->setCurrentRow(to);
  }
  updateButtons();
  emit orderChanged();
}

void ProviderOrderEdit::updateButtons() {
  const int row = m_list->currentRow(), last = m_list->count() - 1;
  m_up->setEnabled(row > 0 && row < last);
  m_down->setEnabled(row >= 0 && row < last - 1);
}

}  // namespace widgets
}  // namespace onnxlens
