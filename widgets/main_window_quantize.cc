// The main window's part of the Quantize tab: wiring the tab to the document, the graph's
// SQNR colouring and context menu (Exclude from Quantization), the sidebar's quantization facts
// and histograms, File → Export Quantized Model.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QStatusBar>

#include "widgets/compare_view.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"
#include "widgets/optimize_view.h"
#include "widgets/quantize_charts.h"
#include "widgets/quantize_coloring.h"
#include "widgets/quantize_form.h"
#include "widgets/quantize_view.h"

namespace onnxlens {
namespace widgets {

void MainWindow::connectQuantize() {
  m_quantize->setDocument(m_doc);
  connect(m_quantize, &QuantizeView::errorOccurred, this,
          [this](const QString& title, const QString& message) { m_presentError(title, message); });
  connect(m_quantize, &QuantizeView::statusMessage, this,
          [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  connect(m_quantize, &QuantizeView::exportRequested, this, &MainWindow::showExportQuantizedDialog);
  connect(m_quantize, &QuantizeView::showInGraphRequested, this, [this](const QString& label) {
    showView(QStringLiteral("graph"));
    selectProfiledNode(label, {});
  });
  connect(m_quantize, &QuantizeView::compareRequested, this, [this](const QString& path) {
    showView(QStringLiteral("optimize"));
    QString error;
    m_optimize->compare()->setSource(CompareView::kLeft, QStringLiteral("original"), &error);
    m_optimize->compare()->setFile(CompareView::kRight, path);
  });
  connect(m_doc, &Document::quantizeResultChanged, this, [this] {
    const bool have = m_doc->quantizeResult() != nullptr;
    m_exportQuantAction->setEnabled(have);
    m_sqnrAction->setEnabled(have);
    setQuantizeColoring(have);
    refreshSidebar();
  });
  // The node page of a compared node: its quantization facts and histograms.
  m_sidebar->setQuantizeFacts(
      [this](const api::SnapshotGraph& g, const api::SnapshotNode& n) -> QString {
        const auto r = m_doc->quantizeResult();
        return r && m_graph->graphIndex() == 0 ? quantizedNodeHtml(*r, g, n) : QString();
      });
  m_sidebarHist = new LayerHistogramView;
  m_sidebarHist->setMinimumHeight(330);
  m_sidebar->setNodePanel(m_sidebarHist,
                          [this](const api::SnapshotGraph& g, const api::SnapshotNode& n) {
                            const auto r = m_doc->quantizeResult();
                            if (!r || m_graph->graphIndex() != 0) return false;
                            const int layer = layerOfNode(*r, g, n);
                            if (layer < 0) return false;
                            const api::LayerAgreement& l = r->compare->layers[layer];
                            const api::QuantizedRange* calibrated = nullptr;
                            for (const api::QuantizedRange& q : r->quantize.ranges)
                              if (q.tensor == l.tensor) calibrated = &q;
                            m_sidebarHist->setLayer(l, calibrated);
                            return true;
                          });
  m_graph->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(m_graph, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
    const QPointF p = m_graph->mapToScene(pos);
    int hit = -1;
    for (int i = 0; i < static_cast<int>(m_graph->model().items.size()); ++i)
      if (m_graph->itemRect(i).contains(p)) hit = i;
    if (QMenu* menu = graphContextMenu(hit)) {
      menu->exec(m_graph->viewport()->mapToGlobal(pos));
      menu->deleteLater();
    }
  });
}

QMenu* MainWindow::graphContextMenu(int item) {
  const auto snapshot = m_graph->snapshot();
  if (!snapshot || item < 0 || item >= static_cast<int>(m_graph->model().items.size()))
    return nullptr;
  const api::ViewItem& it = m_graph->model().items[item];
  if (it.kind != api::ViewItemKind::kNode) return nullptr;
  const api::SnapshotNode& n = snapshot->graphs[m_graph->graphIndex()].nodes[it.index];
  auto* menu = new QMenu(this);
  QAction* exclude = menu->addAction(tr("Exclude from Quantization"));
  exclude->setEnabled(!n.name.empty() && m_graph->graphIndex() == 0);
  if (n.name.empty()) exclude->setToolTip(tr("The node has no name to exclude it by"));
  const QString name = QString::fromStdString(n.name);
  connect(exclude, &QAction::triggered, this, [this, name] {
    m_quantize->form()->excludeNodes({name});
    statusBar()->showMessage(tr("%1 will stay in float (Quantize tab → Excluded nodes)").arg(name),
                             8000);
  });
  return menu;
}

void MainWindow::setQuantizeColoring(bool on) {
  on = on && m_doc->quantizeResult() != nullptr;
  {
    QSignalBlocker block(m_sqnrAction);
    m_sqnrAction->setChecked(on);
  }
  m_sqnr->setEnabled(on);
  if (on && m_heat) {
    m_heat = false;
    QSignalBlocker block(m_heatAction);
    m_heatAction->setChecked(false);
  }
  applyHeat();
}

void MainWindow::showExportQuantizedDialog() {
  if (!m_doc->quantizeResult()) return;
  const QFileInfo model(m_path);
  const QString suggested =
      model.dir().filePath(model.completeBaseName() + QStringLiteral(".quant.onnx"));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Quantized Model"), suggested,
                                                    tr("ONNX models (*.onnx)"), nullptr,
                                                    QFileDialog::DontConfirmOverwrite);
  if (path.isEmpty()) return;
  QString error;
  if (!m_quantize->exportTo(path, m_ask, &error)) {
    if (!error.isEmpty()) m_presentError(tr("Cannot export the quantized model"), error);
    return;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
  if (m_ask(tr("Model Exported"), tr("Wrote %1. Open it?").arg(QDir::toNativeSeparators(path))))
    openFile(path);
}

}  // namespace widgets
}  // namespace onnxlens
