// onnxlens: the desktop application. `onnxlens [MODEL]`; `onnxlens --screenshot OUT.png [MODEL]`
// renders the window offscreen (widgets/screenshot_driver.h), saves it and exits.
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
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

// The command line's options, in --help order: name, value name, help, default.
struct Flag {
  const char* name;
  const char* value;
  const char* help;
  const char* fallback;
};
const Flag kFlags[] = {
    {"select", "TEXT", "With --screenshot: select the first node whose op type or name is TEXT.",
     ""},
    {"find", "QUERY", "With --screenshot: search for QUERY and show the first hit.", ""},
    {"graph", "N|PATH",
     "With --screenshot: show subgraph body N (an index, or the path shown in the breadcrumb's "
     "tooltip, e.g. If_0/then_branch) instead of the main graph.",
     ""},
    {"tensor", "NAME",
     "With --screenshot: show the sidebar page of the initializer or constant NAME.", ""},
    {"expand", "all|none", "With --screenshot: open (all) or close (none) every name-scope group.",
     ""},
    {"theme", "NAME", "Theme for this run: system, light or dark.", ""},
    {"view", "NAME",
     "Open on a view: graph, compare (levels side by side), steps (the comparison with the pass "
     "list), summary, timeline (profiles MODEL or reads --trace), charts, runs (unoptimized vs "
     "extended, compared), memory (the memory plan's tensor lifetimes), heat or providers (the "
     "graph coloured by execution provider with "
     "a legend of counts; without --select the first node the preferred provider declined is "
     "selected, so the sidebar shows why), quant (the Quantize tab after a static quantization "
     "and comparison) or quant-graph (the graph coloured by layer SQNR, the worst node selected).",
     ""},
    {"calib", "DIR",
     "With --view quant or quant-graph: calibrate on DIR (test_data_set_N folders); without it, "
     "on 8 random samples (with the warning).",
     ""},
    {"left", "SOURCE",
     "With --view compare: the left side (original, basic, extended, layout, step:N or a file).",
     ""},
    {"right", "SOURCE", "With --view compare: the right side (as --left).", ""},
    {"step", "N", "With --view steps: select pass step N (default 1).", ""},
    {"format", "ort|standard",
     "With --view compare or steps: optimize for ort (default) or standard.", ""},
    {"trace", "FILE",
     "With --view timeline: open the trace FILE (ours or ONNX Runtime's) instead of profiling the "
     "model.",
     ""},
    {"range", "N",
     "With --view timeline: select run N (1 = the first) as the time range and show its summary.",
     ""},
    {"screenshot", "FILE", "Render the window offscreen to FILE (PNG) and exit.", ""},
    {"lang", "CODE", "UI language for this run (en, de, zh_CN).", ""},
    {"size", "WxH", "Window size for --screenshot, WxH (default 1280x800).", "1280x800"},
};

void addOptions(QCommandLineParser* parser) {
  parser->setApplicationDescription(QStringLiteral("onnxlens — a workbench for ONNX models"));
  parser->addHelpOption();
  parser->addVersionOption();
  parser->addPositionalArgument(QStringLiteral("model"), QStringLiteral("The .onnx file to open."));
  for (const Flag& f : kFlags)
    parser->addOption(QCommandLineOption(QString::fromUtf8(f.name), QString::fromUtf8(f.help),
                                         QString::fromUtf8(f.value),
                                         QString::fromUtf8(f.fallback)));
}

onnxlens::widgets::ScreenshotRequest screenshotRequest(const QCommandLineParser& parser) {
  auto value = [&parser](const char* name) { return parser.value(QString::fromUtf8(name)); };
  onnxlens::widgets::ScreenshotRequest r;
  r.output = value("screenshot");
  r.model = parser.positionalArguments().value(0);
  r.view = value("view");
  const QStringList wh = value("size").split('x');
  if (wh.size() == 2) r.size = QSize(wh[0].toInt(), wh[1].toInt());
  r.select = value("select");
  r.find = value("find");
  r.graph = value("graph");
  r.expand = value("expand");
  r.tensor = value("tensor");
  r.left = value("left");
  r.right = value("right");
  r.step = value("step");
  r.format = value("format");
  r.trace = value("trace");
  r.range = value("range");
  r.calib = value("calib");
  return r;
}

void setIdentity() {
  QCoreApplication::setOrganizationName(QStringLiteral("onnxlens"));
  QCoreApplication::setApplicationName(QStringLiteral("onnxlens"));
  QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
}

// --help, --version and a bad option need no display: they are answered with a QCoreApplication
// before the QApplication exists (which aborts without a display, as over ssh or in CI).
// Returns only when the command line is none of those.
void answerWithoutDisplay(int argc, char** argv) {
  QStringList args;
  for (int i = 0; i < argc; ++i) args << QString::fromLocal8Bit(argv[i]);
  QCommandLineParser pre;
  addOptions(&pre);
  const bool parsed = pre.parse(args);
  const bool asks = pre.isSet(QStringLiteral("help")) || pre.isSet(QStringLiteral("version")) ||
                    args.contains(QStringLiteral("--help-all"));
  if (parsed && !asks) return;
  QCoreApplication core(argc, argv);
  setIdentity();
  QCommandLineParser parser;
  addOptions(&parser);
  parser.process(core);  // prints the help, the version or the error, and exits
}

}  // namespace

int main(int argc, char** argv) {
  answerWithoutDisplay(argc, argv);
  // A screenshot needs no display: render offscreen unless a platform was chosen explicitly.
  if (hasArg(argc, argv, "--screenshot") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
  }
  QApplication app(argc, argv);
  setIdentity();
  Q_INIT_RESOURCE(translations);
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/onnxlens.svg")));

  QCommandLineParser parser;
  addOptions(&parser);
  parser.process(app);
  onnxlens::widgets::installTranslators(parser.value(QStringLiteral("lang")));
  onnxlens::widgets::applyTheme(parser.value(QStringLiteral("theme")));

  onnxlens::widgets::MainWindow window;
  if (parser.isSet(QStringLiteral("screenshot"))) {
    onnxlens::widgets::ScreenshotDriver driver(&window);
    const int status = driver.run(screenshotRequest(parser));
    for (const QString& e : driver.errors())
      std::fprintf(stderr, "onnxlens: error: %s\n", qPrintable(e));
    return status;
  }
  window.show();
  const QStringList models = parser.positionalArguments();
  if (!models.isEmpty()) {
    const QString model = models.first();
    QTimer::singleShot(0, &window, [&window, model] { window.openFile(model); });
  }
  return app.exec();
}
