// onnxlens: the desktop application. `onnxlens [MODEL]`; `onnxlens --screenshot OUT.png [MODEL]`
// renders the window offscreen, saves it and exits.
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QTimer>
#include <cstdio>
#include <cstdlib>

#include "widgets/compare_view.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/language.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/profile_view.h"
#include "widgets/screenshot.h"
#include "widgets/theme.h"
#include "widgets/timeline_widget.h"

namespace {

bool hasArg(int argc, char** argv, const char* name) {
  for (int i = 1; i < argc; ++i) {
    if (qstrcmp(argv[i], name) == 0) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // A screenshot needs no display: render offscreen unless a platform was chosen explicitly.
  if (hasArg(argc, argv, "--screenshot") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
  }
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("onnxlens"));
  QCoreApplication::setApplicationName(QStringLiteral("onnxlens"));
  QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
  Q_INIT_RESOURCE(translations);
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/onnxlens.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("onnxlens — a workbench for ONNX models"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("model"), QStringLiteral("The .onnx file to open."));
  QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QStringLiteral("Render the window offscreen to FILE (PNG) and exit."),
      QStringLiteral("FILE"));
  QCommandLineOption lang(QStringLiteral("lang"),
                          QStringLiteral("UI language for this run (en, de, zh_CN)."),
                          QStringLiteral("CODE"));
  QCommandLineOption size(QStringLiteral("size"),
                          QStringLiteral("Window size for --screenshot, WxH (default 1280x800)."),
                          QStringLiteral("WxH"), QStringLiteral("1280x800"));
  QCommandLineOption select(QStringLiteral("select"),
                            QStringLiteral("With --screenshot: select the first node whose op type "
                                           "or name is TEXT."),
                            QStringLiteral("TEXT"));
  parser.addOption(select);
  QCommandLineOption find(QStringLiteral("find"),
                          QStringLiteral("With --screenshot: search for QUERY and show the first "
                                         "hit."),
                          QStringLiteral("QUERY"));
  parser.addOption(find);
  QCommandLineOption graph(QStringLiteral("graph"),
                           QStringLiteral("With --screenshot: show subgraph body N (an index, or "
                                          "the path shown in the breadcrumb's tooltip, e.g. "
                                          "If_0/then_branch) instead of the main graph."),
                           QStringLiteral("N|PATH"));
  parser.addOption(graph);
  QCommandLineOption tensor(QStringLiteral("tensor"),
                            QStringLiteral("With --screenshot: show the sidebar page of the "
                                           "initializer or constant NAME."),
                            QStringLiteral("NAME"));
  parser.addOption(tensor);
  QCommandLineOption expand(QStringLiteral("expand"),
                            QStringLiteral("With --screenshot: open (all) or close (none) every "
                                           "name-scope group."),
                            QStringLiteral("all|none"));
  parser.addOption(expand);
  QCommandLineOption theme(QStringLiteral("theme"),
                           QStringLiteral("Theme for this run: system, light or dark."),
                           QStringLiteral("NAME"));
  parser.addOption(theme);
  QCommandLineOption view(QStringLiteral("view"),
                          QStringLiteral("Open on a view: graph, compare (levels side by side), "
                                         "steps (the comparison with the pass list), summary, "
                                         "timeline (profiles MODEL or reads --trace), charts, "
                                         "runs (unoptimized vs extended, compared) or heat."),
                          QStringLiteral("NAME"));
  parser.addOption(view);
  QCommandLineOption left(QStringLiteral("left"),
                          QStringLiteral("With --view compare: the left side (original, basic, "
                                         "extended, layout, step:N or a file)."),
                          QStringLiteral("SOURCE"));
  parser.addOption(left);
  QCommandLineOption right(QStringLiteral("right"),
                           QStringLiteral("With --view compare: the right side (as --left)."),
                           QStringLiteral("SOURCE"));
  parser.addOption(right);
  QCommandLineOption step(QStringLiteral("step"),
                          QStringLiteral("With --view steps: select pass step N (default 1)."),
                          QStringLiteral("N"));
  parser.addOption(step);
  QCommandLineOption format(QStringLiteral("format"),
                            QStringLiteral("With --view compare or steps: optimize for ort "
                                           "(default) or standard."),
                            QStringLiteral("ort|standard"));
  parser.addOption(format);
  QCommandLineOption trace(QStringLiteral("trace"),
                           QStringLiteral("With --view timeline: open the trace FILE (ours or ONNX "
                                          "Runtime's) instead of profiling the model."),
                           QStringLiteral("FILE"));
  parser.addOption(trace);
  QCommandLineOption range(QStringLiteral("range"),
                           QStringLiteral("With --view timeline: select run N (1 = the first) as "
                                          "the time range and show its summary."),
                           QStringLiteral("N"));
  parser.addOption(range);
  parser.addOption(screenshot);
  parser.addOption(lang);
  parser.addOption(size);
  parser.process(app);

  onnxlens::widgets::installTranslators(parser.value(lang));
  onnxlens::widgets::applyTheme(parser.value(theme));

  onnxlens::widgets::MainWindow window;
  const QStringList models = parser.positionalArguments();

  if (parser.isSet(screenshot)) {
    const QStringList wh = parser.value(size).split('x');
    if (wh.size() == 2) window.resize(wh[0].toInt(), wh[1].toInt());
    int status = 0;
    window.setErrorPresenter([&status](const QString&, const QString& message) {
      std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(message));
      status = 1;
    });
    const bool heat = parser.value(view) == QLatin1String("heat");
    const bool charts = parser.value(view) == QLatin1String("charts");
    const bool runs = parser.value(view) == QLatin1String("runs");
    if (parser.value(view) == QLatin1String("timeline") || heat || charts || runs) {
      // The Profile tab: profile the model (or read --trace), then show the timeline.
      auto fail = [&status](const QString& message) {
        std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(message));
        status = 1;
      };
      if (!models.isEmpty()) {
        window.openFile(models.first());
        window.waitForLoad();
      }
      window.show();
      QCoreApplication::processEvents();
      window.showView(QStringLiteral("timeline"));
      onnxlens::widgets::ProfileView* pv = window.profileView();
      if (parser.isSet(trace)) {
        pv->openTrace(parser.value(trace));
      } else if (!models.isEmpty()) {
        onnxlens::api::ProfileOptions o;
        // Heat colours the graph as loaded: profile it unoptimized so every node has its time.
        o.level = heat ? "disabled" : "extended";
        o.warmup = 1;
        o.runs = charts ? 40 : runs ? 20 : 3;  // a histogram wants a few runs
        if (runs) {                            // what the optimizer changed, op type by op type
          onnxlens::api::ProfileOptions before = o;
          before.level = "disabled";
          pv->startProfile(before);
          pv->waitForIdle();
        }
        pv->startProfile(o);
      } else {
        fail(QStringLiteral("--view timeline needs a MODEL or --trace FILE"));
      }
      pv->waitForIdle();
      if (pv->runCount() == 0) fail(QStringLiteral("nothing was profiled"));
      if (charts) pv->showCharts();
      if (runs) pv->showComparison();
      if (parser.isSet(range) && pv->runCount() > 0) {
        const auto& tl = *pv->run(pv->currentRun()).timeline;
        const int n = parser.value(range).toInt();
        if (n < 1 || n > static_cast<int>(tl.run_starts_us.size())) {
          fail(QStringLiteral("there is no run %1 in the trace").arg(parser.value(range)));
        } else {
          const double t0 = tl.run_starts_us[n - 1];
          const double t1 =
              n < static_cast<int>(tl.run_starts_us.size()) ? tl.run_starts_us[n] : tl.end_us;
          pv->timeline()->selectRange(t0, t1);
        }
      }
      if (heat && pv->runCount() > 0) {
        window.showView(QStringLiteral("heat"));
        window.graphView()->waitForLayout();
      }
      if (parser.isSet(select) && !heat && !pv->selectNode(parser.value(select)))
        fail(QStringLiteral("no kernel slice of node '%1'").arg(parser.value(select)));
      QString error;
      if (!onnxlens::widgets::saveScreenshot(&window, parser.value(screenshot), &error)) {
        std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(error));
        return 1;
      }
      return status;
    }
    if (!models.isEmpty()) {
      window.openFile(models.first());
      window.waitForLoad();
      auto fail = [&status](const QString& message) {
        std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(message));
        status = 1;
      };
      const auto snap = window.graphView()->snapshot();
      const QString viewName = parser.value(view);
      const bool optimizeView = viewName == QLatin1String("compare") ||
                                viewName == QLatin1String("steps") ||
                                viewName == QLatin1String("optimize");
      if (!viewName.isEmpty() && !optimizeView && !window.showView(viewName))
        fail(QStringLiteral(
                 "no view '%1' (graph, compare, steps, timeline, charts, runs, heat or summary)")
                 .arg(viewName));
      if (optimizeView) {
        window.show();  // the panes need their real size for the first view
        QCoreApplication::processEvents();
        if (parser.isSet(format)) window.optimizeView()->setFormat(parser.value(format));
        window.showView(viewName);
        window.optimizeView()->waitForTrace();
        if (!window.optimizeView()->trace()) {
          fail(QStringLiteral("the model could not be optimized"));
        } else {
          onnxlens::widgets::CompareView* cmp = window.optimizeView()->compare();
          QString error;
          using Side = onnxlens::widgets::CompareView::Side;
          if (parser.isSet(left) && !cmp->setSource(Side::kLeft, parser.value(left), &error))
            fail(error);
          if (parser.isSet(right) && !cmp->setSource(Side::kRight, parser.value(right), &error))
            fail(error);
          if (viewName == QLatin1String("steps")) {
            window.optimizeView()->stepper()->selectStep(
                parser.isSet(step) ? parser.value(step).toInt() : 1);
          }
          cmp->waitForLayout();
          if (parser.isSet(select)) {
            const auto right = cmp->snapshot(Side::kRight);
            int found = -1;
            for (size_t n = 0; right && n < right->graphs[0].nodes.size() && found < 0; ++n) {
              const auto& node = right->graphs[0].nodes[n];
              if (QString::fromStdString(node.op_type) == parser.value(select) ||
                  QString::fromStdString(node.name) == parser.value(select))
                found = static_cast<int>(n);
            }
            if (found < 0)
              fail(QStringLiteral("no node '%1' on the right side").arg(parser.value(select)));
            else
              cmp->selectNode(Side::kRight, found);
            cmp->waitForLayout();
          }
        }
      }
      if (parser.isSet(graph) && snap) {
        bool isIndex = false;
        int g = parser.value(graph).toInt(&isIndex);
        if (!isIndex) {
          g = -1;
          for (size_t i = 0; i < snap->graphs.size(); ++i)
            if (QString::fromStdString(snap->graphs[i].path) == parser.value(graph))
              g = static_cast<int>(i);
        }
        if (g < 0 || g >= static_cast<int>(snap->graphs.size()))
          fail(QStringLiteral("no subgraph '%1'").arg(parser.value(graph)));
        else
          window.openGraph(g);
        window.graphView()->waitForLayout();
      }
      if (parser.isSet(expand)) {
        window.graphView()->expandAll(parser.value(expand) == QLatin1String("all"));
        window.graphView()->waitForLayout();
      }
      if (parser.isSet(select) && !optimizeView &&
          !window.graphView()->selectByName(parser.value(select))) {
        std::fprintf(stderr, "onnxlens: error: no node '%s'\n", qPrintable(parser.value(select)));
        status = 1;
      }
      window.graphView()->waitForLayout();
      if (parser.isSet(find)) {
        window.findBar()->activate();
        window.findBar()->setQuery(parser.value(find));
        window.findBar()->next();
        window.graphView()->waitForLayout();
      }
      if (parser.isSet(tensor) && !window.sidebar()->showTensorNamed(parser.value(tensor)))
        fail(QStringLiteral("no initializer or constant '%1' in this graph")
                 .arg(parser.value(tensor)));
    }
    QString error;
    if (!onnxlens::widgets::saveScreenshot(&window, parser.value(screenshot), &error)) {
      std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(error));
      return 1;
    }
    return status;
  }

  window.show();
  if (!models.isEmpty()) {
    const QString model = models.first();
    QTimer::singleShot(0, &window, [&window, model] { window.openFile(model); });
  }
  return app.exec();
}
