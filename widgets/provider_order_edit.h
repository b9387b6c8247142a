// The execution provider order a session uses, as the user edits it: a list of the API's known
// providers (api::ExecutionProviderNames, so a new provider appears without GUI changes), each
// checked to be used, moved up and down for priority; the reference provider is always the last
// fallback. Also the orders the provider colouring offers, and how an order reads ("cpu › ref…").
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>
#include <string>
#include <vector>

class QListWidget;
class QPushButton;

namespace onnxlens {
namespace widgets {

/// The API's known providers in default priority order.
QStringList defaultProviderOrder();
/// The orders worth a one-click choice: the default, each provider first (the others in default
/// order), and the default without each provider but the reference fallback; no duplicates.
QList<QStringList> offeredProviderOrders();
/// "cpu › reference".
QString providerOrderText(const QStringList& order);
std::vector<std::string> toStdStrings(const QStringList& strings);

class ProviderOrderEdit : public QWidget {
  Q_OBJECT

 public:
  explicit ProviderOrderEdit(QWidget* parent = nullptr);

  /// The checked providers in list order (the reference provider last, always included).
  QStringList order() const;
  /// Checks `order`'s providers in that order (unknown names ignored), the others unchecked
  /// after them in default order.
  void setOrder(const QStringList& order);
  QListWidget* list() const { return m_list; }
  /// Moves row `row` one up (-1) or down (+1).
  void move(int row, int delta);

 signals:
  void orderChanged();

 private:
  void updateButtons();

  QListWidget* m_list;
  QPushButton* m_up;
  QPushButton* m_down;
  QPushButton* m_reset;
};

}  // namespace widgets
}  // namespace onnxlens
