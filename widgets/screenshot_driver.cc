// Scripted screenshots: one function per view.
#include "widgets/screenshot_driver.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QLineEdit>
#include <QSpinBox>

#include "widgets/compare_view.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/memory_view.h"
#include "widgets/node_sidebar.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/profile_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/quantize_coloring.h"
#include "widgets/quantize_form.h"
#include "widgets/quantize_view.h"
#include "widgets/screenshot.h"
#include "widgets/timeline_widget.h"

namespace onnxlens {
namespace widgets {

ScreenshotDriver::ScreenshotDriver(MainWindow* window) : m_window(window) {
  m_window->setRecordsRecentFiles(false);  // a --screenshot run is not the user opening a file
  m_window->setErrorPresenter([this](const QString&, const QString& message) { fail(message); });
}

void ScreenshotDriver::fail(const QString& message) { m_errors << message; }

int ScreenshotDriver::run(const ScreenshotRequest& r) {
  m_errors.clear();
  if (r.size.isValid()) m_window->resize(r.size);
  const QString view = r.view;
  if (view == QLatin1String("timeline")) {
    timelineView(r);
  } else if (view == QLatin1String("charts")) {
    chartsView(r);
  } else if (view == QLatin1String("runs")) {
    runsView(r);
  } else if (view == QLatin1String("heat")) {
    heatView(r);
  } else if (!r.model.isEmpty() && open(r.model)) {
    if (view == QLatin1String("compare") || view == QLatin1String("optimize"))
      compareView(r);
    else if (view == QLatin1String("steps"))
      stepsView(r);
    else if (view == QLatin1String("providers"))
      providersView(r);
    else if (view == QLatin1String("quant"))
      quantView(r);
    else if (view == QLatin1String("quant-graph"))
      quantGraphView(r);
    else if (view == QLatin1String("memory"))
      memoryView(r);
    else
      graphView(r);
  }
  QString error;
  if (!saveScreenshot(m_window, r.output, &error)) fail(error);
  return m_errors.isEmpty() ? 0 : 1;
}

bool ScreenshotDriver::open(const QString& model) {
  const int before = m_errors.size();
  m_window->openFile(model);
  m_window->waitForLoad();
  return m_errors.size() == before;
}

void ScreenshotDriver::graphView(const ScreenshotRequest& r) {
  if (!r.view.isEmpty() && !m_window->showView(r.view))
    fail(QStringLiteral(
             "no view '%1' (graph, compare, steps, timeline, charts, runs, heat, providers, "
             "memory or summary)")
             .arg(r.view));
  graphOptions(r, true);
}

void ScreenshotDriver::memoryView(const ScreenshotRequest& r) {
  m_window->showView(QStringLiteral("memory"));
  MemoryView* view = m_window->memoryView();
  view->waitForPlan();
  QCoreApplication::processEvents();
  const auto plan = view->plan();
  if (!plan) {
    fail(QStringLiteral("no memory plan for %1").arg(r.model));
    return;
  }
  // The largest buffer alive at the peak, or the one --select names.
  const std::vector<int> alive = BuffersAliveAt(*plan, plan->peak_step);
  int pick = alive.empty() ? -1 : alive.front();
  if (!r.select.isEmpty()) {
    pick = -1;
    const std::string name = r.select.toStdString();
    for (size_t i = 0; i < plan->buffers.size() && pick < 0; ++i) {
      if (plan->buffers[i].tensor == name || plan->buffers[i].producer == name)
        pick = static_cast<int>(i);
    }
    if (pick < 0) fail(QStringLiteral("no buffer of '%1' in the memory plan").arg(r.select));
  }
  if (pick >= 0) view->selectBuffer(pick);
  m_window->showView(QStringLiteral("memory"));
}

void ScreenshotDriver::graphOptions(const ScreenshotRequest& r, bool select) {
  GraphView* g = m_window->graphView();
  if (!r.graph.isEmpty()) showSubgraph(r.graph);
  if (!r.expand.isEmpty()) {
    g->expandAll(r.expand == QLatin1String("all"));
    g->waitForLayout();
  }
  if (select && !r.select.isEmpty() && !g->selectByName(r.select))
    fail(QStringLiteral("no node '%1'").arg(r.select));
  g->waitForLayout();
  if (!r.find.isEmpty()) {
    m_window->findBar()->activate();
    m_window->findBar()->setQuery(r.find);
    m_window->findBar()->next();
    g->waitForLayout();
  }
  if (!r.tensor.isEmpty() && !m_window->sidebar()->showTensorNamed(r.tensor))
    fail(QStringLiteral("no initializer or constant '%1' in this graph").arg(r.tensor));
}

void ScreenshotDriver::showSubgraph(const QString& graph) {
  const auto snap = m_window->graphView()->snapshot();
  if (!snap) return;
  bool isIndex = false;
  int g = graph.toInt(&isIndex);
  if (!isIndex) {
    g = -1;
    for (size_t i = 0; i < snap->graphs.size(); ++i)
      if (QString::fromStdString(snap->graphs[i].path) == graph) g = static_cast<int>(i);
  }
  if (g < 0 || g >= static_cast<int>(snap->graphs.size()))
    fail(QStringLiteral("no subgraph '%1'").arg(graph));
  else
    m_window->openGraph(g);
  m_window->graphView()->waitForLayout();
}

bool ScreenshotDriver::optimize(const ScreenshotRequest& r, const QString& view) {
  OptimizeView* ov = m_window->optimizeView();
  m_window->show();  // the panes need their real size for the first view
  QCoreApplication::processEvents();
  if (!r.format.isEmpty()) ov->setFormat(r.format);
  m_window->showView(view);
  ov->waitForTrace();
  if (!ov->trace()) {
    fail(QStringLiteral("the model could not be optimized"));
    return false;
  }
  CompareView* cmp = ov->compare();
  QString error;
  if (!r.left.isEmpty() && !cmp->setSource(CompareView::kLeft, r.left, &error)) fail(error);
  if (!r.right.isEmpty() && !cmp->setSource(CompareView::kRight, r.right, &error)) fail(error);
  return true;
}

void ScreenshotDriver::compareView(const ScreenshotRequest& r) {
  if (optimize(r, r.view)) {
    m_window->optimizeView()->compare()->waitForLayout();
    if (!r.select.isEmpty()) selectOnRightSide(r.select);
  }
  graphOptions(r, false);
}

void ScreenshotDriver::stepsView(const ScreenshotRequest& r) {
  if (optimize(r, r.view)) {
    m_window->optimizeView()->stepper()->selectStep(r.step.isEmpty() ? 1 : r.step.toInt());
    m_window->optimizeView()->compare()->waitForLayout();
    if (!r.select.isEmpty()) selectOnRightSide(r.select);
  }
  graphOptions(r, false);
}

void ScreenshotDriver::selectOnRightSide(const QString& node) {
  CompareView* cmp = m_window->optimizeView()->compare();
  const auto right = cmp->snapshot(CompareView::kRight);
  int found = -1;
  for (size_t n = 0; right && n < right->graphs[0].nodes.size() && found < 0; ++n) {
    const auto& nd = right->graphs[0].nodes[n];
    if (QString::fromStdString(nd.op_type) == node || QString::fromStdString(nd.name) == node)
      found = static_cast<int>(n);
  }
  if (found < 0) {
    fail(QStringLiteral("no node '%1' on the right side").arg(node));
    return;
  }
  cmp->selectNode(CompareView::kRight, found);
  cmp->waitForLayout();
}

bool ScreenshotDriver::profile(const ScreenshotRequest& r, const QString& level, int runs,
                               bool unoptimizedFirst) {
  if (!r.model.isEmpty()) open(r.model);
  m_window->show();
  QCoreApplication::processEvents();
  m_window->showView(QStringLiteral("timeline"));
  ProfileView* pv = m_window->profileView();
  if (!r.trace.isEmpty()) {
    pv->openTrace(r.trace);
  } else if (!r.model.isEmpty()) {
    api::ProfileOptions o;
    o.level = level.toStdString();
    o.warmup = 1;
    o.runs = runs;
    if (unoptimizedFirst) {  // what the optimizer changed, op type by op type
      api::ProfileOptions before = o;
      before.level = "disabled";
      pv->startProfile(before);
      pv->waitForIdle();
    }
    pv->startProfile(o);
  } else {
    fail(QStringLiteral("--view %1 needs a MODEL or --trace FILE").arg(r.view));
  }
  pv->waitForIdle();
  if (pv->runCount() == 0) {
    fail(QStringLiteral("nothing was profiled"));
    return false;
  }
  return true;
}

void ScreenshotDriver::rangeAndSlice(const ScreenshotRequest& r, bool select) {
  if (!r.range.isEmpty()) selectRange(r.range);
  if (select && !r.select.isEmpty() && !m_window->profileView()->selectNode(r.select))
    fail(QStringLiteral("no kernel slice of node '%1'").arg(r.select));
}

void ScreenshotDriver::selectRange(const QString& run) {
  ProfileView* pv = m_window->profileView();
  const auto& tl = *pv->run(pv->currentRun()).timeline;
  const int n = run.toInt();
  if (n < 1 || n > static_cast<int>(tl.run_starts_us.size())) {
    fail(QStringLiteral("there is no run %1 in the trace").arg(run));
    return;
  }
  const double t0 = tl.run_starts_us[n - 1];
  const double t1 = n < static_cast<int>(tl.run_starts_us.size()) ? tl.run_starts_us[n] : tl.end_us;
  pv->timeline()->selectRange(t0, t1);
}

void ScreenshotDriver::timelineView(const ScreenshotRequest& r) {
  if (profile(r, QStringLiteral("extended"), 3, false)) rangeAndSlice(r, true);
}

void ScreenshotDriver::chartsView(const ScreenshotRequest& r) {
  if (!profile(r, QStringLiteral("extended"), 40, false)) return;  // a histogram wants runs
  m_window->profileView()->showCharts();
  rangeAndSlice(r, true);
}

void ScreenshotDriver::runsView(const ScreenshotRequest& r) {
  if (!profile(r, QStringLiteral("extended"), 20, true)) return;
  m_window->profileView()->showComparison();
  rangeAndSlice(r, true);
}

void ScreenshotDriver::heatView(const ScreenshotRequest& r) {
  // Heat colours the graph as loaded: profile it unoptimized so every node has its time.
  if (!profile(r, QStringLiteral("disabled"), 3, false)) return;
  rangeAndSlice(r, false);
  m_window->showView(QStringLiteral("heat"));
  m_window->graphView()->waitForLayout();
}

void ScreenshotDriver::providersView(const ScreenshotRequest& r) {
  m_window->showView(QStringLiteral("providers"));
  graphOptions(r, true);
  ProviderColoring* coloring = m_window->providerColoring();
  coloring->waitForFinished();
  if (!coloring->paint().report) return;  // the error is in errors()
  if (!r.select.isEmpty()) return;
  // No --select: show the first node the preferred provider declined, with its reason.
  GraphView* g = m_window->graphView();
  const auto& nodes = g->snapshot()->graphs[g->graphIndex()].nodes;
  const auto& of = g->model().item_of_node;
  for (size_t n = 0; n < nodes.size(); ++n) {
    const api::NodePlacementInfo* at = coloring->placement(nodes[n].id);
    if (!at || at->declined.empty() || of[n] < 0) continue;
    g->revealItem(of[n]);
    g->waitForLayout();
    break;
  }
}

bool ScreenshotDriver::quantize(const ScreenshotRequest& r) {
  QuantizeView* q = m_window->quantizeView();
  m_window->showView(QStringLiteral("quant"));
  QuantizeForm* form = q->form();
  form->modeBox()->setCurrentIndex(form->modeBox()->findData(QStringLiteral("static")));
  if (r.calib.isEmpty()) {
    form->sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
    form->randomSamples()->setValue(8);
  } else {
    form->sourceBox()->setCurrentIndex(QuantizeForm::FolderSource);
    form->folderEdit()->setText(r.calib);
  }
  const int before = m_errors.size();
  if (!q->quantize()) return false;
  q->waitForRun();
  QCoreApplication::processEvents();
  return m_errors.size() == before && m_window->document()->quantizeResult() != nullptr;
}

void ScreenshotDriver::quantView(const ScreenshotRequest& r) { quantize(r); }

void ScreenshotDriver::quantGraphView(const ScreenshotRequest& r) {
  if (!quantize(r)) return;
  m_window->showView(QStringLiteral("graph"));
  GraphView* g = m_window->graphView();
  g->waitForLayout();
  const int worst = m_window->quantizeColoring()->paint().worstItem;
  if (!r.select.isEmpty()) {
    graphOptions(r, true);
  } else if (worst >= 0) {
    g->revealItem(worst);
    g->waitForLayout();
  }
}

}  // namespace widgets
}  // namespace onnxlens
