// The find bar's results as a list model: one row per hit (op type or value name, node name,
// output shape, and why it matched: "via input B name"; a weight as itself), the op colour as
// decoration; Qt::UserRole is the view item index.
#pragma once

#include <QAbstractListModel>
#include <memory>
#include <vector>

#include "api/graph_find.h"
#include "api/graph_view_model.h"

namespace onnxlens {
namespace widgets {

class FindResultsModel : public QAbstractListModel {
  Q_OBJECT

 public:
  explicit FindResultsModel(QObject* parent = nullptr);

  /// `hits` are view item indices of `model` (a view model of `snapshot`); `found` says what
  /// each is and why it matched (parallel to `hits`, or empty).
  void setResults(std::shared_ptr<const api::GraphSnapshot> snapshot,
                  const api::GraphViewModel& model, std::vector<int> hits,
                  const std::vector<api::FindHit>& found = {});
  /// Why a hit matched, in words ("op type", "input B name /x/y"); empty for the own name.
  static QString reasonText(const api::SnapshotGraph& g, const api::FindHit& hit);

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role) const override;

 private:
  struct Row {
    int item;
    QString title, detail, why;
    QString color_key;
  };
  std::vector<Row> m_rows;
};

}  // namespace widgets
}  // namespace onnxlens
