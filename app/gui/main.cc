// onnxlens: the desktop application. `onnxlens [MODEL]`; `onnxlens --screenshot OUT.png [MODEL]`
// renders the window offscreen, saves it and exits.
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>
#include <cstdio>

#include "widgets/language.h"
#include "widgets/main_window.h"
#include "widgets/screenshot_driver.h"
#include "widgets/theme.h"

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
    onnxlens::widgets::ScreenshotRequest r;
    r.output = parser.value(screenshot);
    r.model = models.value(0);
    r.view = parser.value(view);
    const QStringList wh = parser.value(size).split('x');
    if (wh.size() == 2) r.size = QSize(wh[0].toInt(), wh[1].toInt());
    r.select = parser.value(select);
    r.find = parser.value(find);
    r.graph = parser.value(graph);
    r.expand = parser.value(expand);
    r.tensor = parser.value(tensor);
    r.left = parser.value(left);
    r.right = parser.value(right);
    r.step = parser.value(step);
    r.format = parser.value(format);
    r.trace = parser.value(trace);
    r.range = parser.value(range);
    onnxlens::widgets::ScreenshotDriver driver(&window);
    const int status = driver.run(r);
    for (const QString& e : driver.errors())
      std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(e));
    return status;
  }

  window.show();
  if (!models.isEmpty()) {
    const QString model = models.first();
    QTimer::singleShot(0, &window, [&window, model] { window.openFile(model); });
  }
  return app.exec();
}
