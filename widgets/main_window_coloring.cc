// The main window's graph colourings: heat from the profile (View → Heat from Profile), the
// provider colouring (View → Colour by Provider), and selecting a profiled kernel's node.
#include <QAction>
#include <QLabel>
#include <QSignalBlocker>
#include <QStatusBar>

#include "api/trace.h"
#include "api/view_heat.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/op_colors.h"
#include "widgets/optimize_view.h"
#include "widgets/profile_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/quantize_coloring.h"

namespace onnxlens {
namespace widgets {

void MainWindow::setHeat(bool on) {
  if (on && m_profile->runCount() == 0) {
    m_presentError(tr("No profile"), tr("Profile the model first (Profile tab → Profile…)."));
    on = false;
  }
  m_heat = on;
  {
    QSignalBlocker block(m_heatAction);
    m_heatAction->setChecked(on);
  }
  if (on && m_sqnr->isEnabled()) {
    m_sqnr->setEnabled(false);
    QSignalBlocker block(m_sqnrAction);
    m_sqnrAction->setChecked(false);
  }
  const int hottest = applyHeat();
  if (!on || !m_graph->snapshot()) return;
  // Go to the hottest node, where the time goes, unless the user has a node selected already
  // (a slice clicked on the timeline): the selection stays, and so does the timeline.
  if (hottest >= 0 && m_graph->selectedItem() < 0) m_graph->revealItem(hottest);
}

void MainWindow::setProviderColoring(bool on) {
  {
    QSignalBlocker block(m_providerAction);
    m_providerAction->setChecked(on);
  }
  m_providers->setEnabled(on);
  m_optimize->setProviderColoring(on);
}

bool MainWindow::providerColoringShown() const { return m_providers->isEnabled(); }

void MainWindow::updateProviderSource() {
  ProviderColoring::Source source;
  // The graph shows the file as loaded: the partition a session would make at level disabled.
  if (!m_path.isEmpty()) source = ProviderColoring::fileSource(m_path);
  m_providers->setSource(std::move(source));
}

QString MainWindow::heatLegend() const { return m_heatLegend->text(); }

QString MainWindow::traceLabel(const api::SnapshotNode& n) {
  return QString::fromStdString(api::TraceNodeLabel(n.name, n.op_type, n.id));
}

void MainWindow::selectProfiledNode(const QString& node, const QStringList& origins) {
  const auto snapshot = m_graph->snapshot();
  if (!snapshot) return;
  // The kernel's own node when the graph shown has it; a fused kernel's origins are linked too.
  const auto& nodes = snapshot->graphs[m_graph->graphIndex()].nodes;
  int own = -1;
  std::vector<int> linked;
  for (size_t n = 0; n < nodes.size(); ++n) {
    const int item = m_graph->model().item_of_node[n];
    if (item < 0) continue;
    const QString label = traceLabel(nodes[n]);
    if (label == node) own = item;
    if (origins.contains(label)) linked.push_back(item);
  }
  if (own >= 0 && linked.size() <= 1) {
    m_graph->revealItem(own);
  } else if (!linked.empty()) {
    m_graph->showLinked(linked);
    statusBar()->showMessage(tr("%1 was made from %n node(s) of this graph, shown selected",
                                nullptr, static_cast<int>(linked.size()))
                                 .arg(node),
                             8000);
  }
}

api::ViewHeat MainWindow::viewHeat() const {
  return api::HeatOfView(m_graph->model(), m_graph->snapshot()->graphs[m_graph->graphIndex()],
                         m_doc->heatShares());
}

int MainWindow::applyHeat() {
  if (!m_heat || !m_graph->snapshot()) {
    m_heatLegend->hide();
    if (m_sqnr->apply()) return -1;
    m_graph->setItemHalos({}, false);
    m_graph->setGroupHalos({});
    m_heatLegend->hide();
    return -1;
  }
  const api::ViewHeat heat = viewHeat();
  const double hottest = heat.hottest;
  auto colour = [hottest](double share) {
    return share >= 0 && hottest > 0 ? heatColor(share / hottest) : QColor();
  };
  std::vector<QColor> halos, groupHalos;
  for (double share : heat.item_share) halos.push_back(colour(share));
  // A closed group shows its hottest node's colour, so the heat leads into the groups.
  for (double share : heat.group_share) groupHalos.push_back(colour(share));
  m_graph->setItemHalos(halos, true);
  m_graph->setGroupHalos(groupHalos);
  const int coloured = hottest > 0 ? heat.profiled : 0;
  const auto& nodes = m_graph->snapshot()->graphs[m_graph->graphIndex()].nodes;
  QString scale;
  for (int k = 0; k <= 4; ++k)
    scale += QStringLiteral("<span style=\"color:%1\">■</span>").arg(heatColor(k / 4.0).name());
  m_heatLegend->setText(
      tr("Heat: share of the kernel time, 0% %1 %2% (hottest node; a closed group shows its "
         "hottest node) · %3 of %4 nodes profiled")
          .arg(scale)
          .arg(hottest, 0, 'f', 1)
          .arg(coloured)
          .arg(nodes.size()));
  m_heatLegend->show();
  return heat.hottest_item;
}

}  // namespace widgets
}  // namespace onnxlens
