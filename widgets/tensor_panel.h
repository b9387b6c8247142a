// The sidebar's page for one tensor (an initializer or a Constant's value): name, type and shape,
// size, min / max / mean / std / sparsity / NaN / Inf, the first values, a histogram (Qt Charts)
// and "Save as .npy…" (written to a temporary file and renamed).
#pragma once

#include <QWidget>
#include <memory>

#include "api/tensor_stats.h"

class QLabel;
class QPushButton;
class QTextBrowser;

namespace QtCharts {
class QChartView;
}

namespace onnxlens {
namespace ir {
class Tensor;
}
namespace widgets {

class ChartView;

class TensorPanel : public QWidget {
  Q_OBJECT

 public:
  explicit TensorPanel(QWidget* parent = nullptr);
  ~TensorPanel() override;

  void setTensor(const QString& name, std::shared_ptr<const ir::Tensor> tensor);
  QString name() const { return m_name; }
  const api::TensorStats& stats() const { return m_stats; }
  /// The text shown, for tests.
  QString plainText() const;
  /// Bars in the histogram (0 when there is none), for tests.
  int histogramBins() const;

  /// Writes the tensor as .npy to `path` (temporary file + rename); false with `error` set.
  bool saveNpy(const QString& path, QString* error) const;

 signals:
  void backRequested();

 private:
  void saveClicked();

  QString m_name;
  std::shared_ptr<const ir::Tensor> m_tensor;
  api::TensorStats m_stats;
  QTextBrowser* m_text;
  ChartView* m_chart;
  QPushButton* m_save;
};

}  // namespace widgets
}  // namespace onnxlens
