// The provider colouring's legend above a graph: a swatch and the node count per provider, the
// boundary nodes, the provider order (a choice of the offered orders), and while the partition is
// computed a progress bar with Cancel. Used by the Graph tab and each pane of the Optimize tab.
#pragma once

#include <QStringList>
#include <QWidget>

#include "common/progress.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace onnxlens {
namespace widgets {

struct ProviderPaint;

class ProviderLegend : public QWidget {
  Q_OBJECT

 public:
  explicit ProviderLegend(QWidget* parent = nullptr);

  /// Shows the counts of `paint` (dark: the dark theme's swatches).
  void showPaint(const ProviderPaint& paint, bool dark);
  /// Shows a progress bar and Cancel (the partition is being computed).
  void showProgress(const onnxlens::Progress& progress);
  /// Shows a one-line message instead of counts (an error, a cancel).
  void showMessage(const QString& text);

  /// Selects `order` in the order chooser (adding it when it is not an offered one).
  void setOrder(const QStringList& order);
  QStringList order() const;
  /// The legend's text (counts), for tests and screenshots.
  QString text() const;
  QComboBox* orderChooser() const { return m_order; }

 signals:
  void orderChosen(const QStringList& order);
  void cancelRequested();

 private:
  QLabel* m_text;
  QComboBox* m_order;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
};

}  // namespace widgets
}  // namespace onnxlens
