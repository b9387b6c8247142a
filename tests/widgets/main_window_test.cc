// MainWindow: opens a model off the UI thread and shows its summary; bad files end in the error
// presenter (a dialog for users) while the window keeps running; drag and drop, recent files,
// screenshots, preferences.
#include "widgets/main_window.h"

#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "sample_model.h"
#include "test_paths.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/language.h"
#include "widgets/model_summary_panel.h"
#include "widgets/op_histogram_model.h"
#include "widgets/preferences_dialog.h"
#include "widgets/profile_view.h"
#include "widgets/recent_files.h"
#include "widgets/screenshot.h"
#include "widgets/timeline_widget.h"
#include "widgets/value_table_model.h"

namespace onnxlens::widgets {
namespace {

TEST(MainWindowTest, OpensAModelAndShowsItsSummary) {
  MainWindow w;
  QString failure;
  w.setErrorPresenter([&](const QString&, const QString& m) { failure = m; });
  w.openFile(Sample());
  w.waitForLoad();
  ASSERT_TRUE(failure.isEmpty()) << failure.toStdString();
  EXPECT_EQ(w.currentPath(), Sample());
  ModelSummaryPanel* s = w.summaryPanel();
  EXPECT_EQ(s->propertyText("Producer"), "onnxlens sample");
  EXPECT_EQ(s->propertyText("Nodes"), "18");
  EXPECT_EQ(s->propertyText("ONNX checker"), "passed");
  EXPECT_EQ(s->inputsModel()->rowCount(), 1);
  EXPECT_EQ(s->outputsModel()->rowCount(), 1);
  EXPECT_EQ(s->opModel()->rowCount(), 9);
  // The table is sorted by count, most frequent first.
  EXPECT_EQ(s->opProxy()->index(0, OpHistogramModel::CountColumn).data().toString(), "4");
  EXPECT_TRUE(w.windowTitle().startsWith("sample_cnn.onnx"));
  EXPECT_TRUE(RecentFiles::list().contains(QFileInfo(Sample()).absoluteFilePath()));
}

TEST(MainWindowTest, AFilterNarrowsTheOperatorTable) {
  MainWindow w;
  w.openFile(Sample());
  w.waitForLoad();
  w.summaryPanel()->opProxy()->setFilterFixedString("norm");
  ASSERT_EQ(w.summaryPanel()->opProxy()->rowCount(), 1);
  EXPECT_EQ(w.summaryPanel()->opProxy()->index(0, 0).data().toString(), "BatchNormalization");
}

TEST(MainWindowTest, EveryMalformedFileShowsAnErrorAndTheWindowKeepsRunning) {
  MainWindow w;
  w.openFile(Sample());
  w.waitForLoad();
  int errors = 0;
  for (const auto& e : std::filesystem::directory_iterator(testing::BadModelsDir())) {
    if (e.path().extension() != ".onnx") continue;
    QString title, message;
    w.setErrorPresenter([&](const QString& t, const QString& m) {
      title = t;
      message = m;
    });
    w.openFile(QString::fromStdString(e.path().string()));
    w.waitForLoad();
    EXPECT_EQ(title, "Cannot open model") << e.path();
    EXPECT_TRUE(message.contains(QString::fromStdString(e.path().filename().string())))
        << message.toStdString();
    // The status bar names the error's category (translated in widgets, not core's prose).
    const QString status = w.statusBar()->currentMessage();
    EXPECT_TRUE(status.startsWith(QStringLiteral("Could not open ")) &&
                (status.endsWith(QStringLiteral("Invalid model")) ||
                 status.endsWith(QStringLiteral("Not found")) ||
                 status.endsWith(QStringLiteral("Read or write error")) ||
                 status.endsWith(QStringLiteral("Not supported")) ||
                 status.endsWith(QStringLiteral("Out of range"))))
        << status.toStdString();
    ++errors;
  }
  EXPECT_GE(errors, 20);
  // The previously opened model stays on screen.
  EXPECT_EQ(w.currentPath(), Sample());
  EXPECT_EQ(w.summaryPanel()->propertyText("Nodes"), "18");
}

TEST(MainWindowTest, ModelsASessionRefusesOpenAndTheirProfileIsAnErrorNamingTheNode) {
  // tests/data/invalid: each opens for inspection (with the checker's warnings); profiling it
  // fails with the session's message, which names the node; the window keeps running.
  MainWindow w;
  int models = 0;
  for (const auto& e :
       std::filesystem::directory_iterator(testing::SourceDir() / "tests/data/invalid")) {
    SCOPED_TRACE(e.path().filename().string());
    QString title, message;
    w.setErrorPresenter([&](const QString& t, const QString& m) {
      title = t;
      message = m;
    });
    w.openFile(QString::fromStdString(e.path().string()));
    w.waitForLoad();
    EXPECT_TRUE(message.isEmpty()) << message.toStdString();
    EXPECT_EQ(w.currentPath(), QString::fromStdString(e.path().string()));
    EXPECT_FALSE(w.graphView()->model().items.empty());
    api::ProfileOptions o;
    o.runs = 1;
    w.profileView()->startProfile(o);
    w.profileView()->waitForIdle();
    QCoreApplication::processEvents();
    EXPECT_EQ(w.profileView()->runCount(), 0);
    EXPECT_TRUE(message.contains(QStringLiteral("node '"))) << message.toStdString();
    ++models;
  }
  EXPECT_GE(models, 13);
  w.openFile(Sample());
  w.waitForLoad();
  EXPECT_EQ(w.summaryPanel()->propertyText("Nodes"), "18");
}

TEST(MainWindowTest, AModelWithWarningsOpensAndTheStatusBarPointsToThem) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.openFile(QString::fromStdString(
      (testing::SourceDir() / "tests/data/warnings/warnings.onnx").string()));
  w.waitForLoad();
  // (Without a translator loaded, the plural form reads "warning(s)".)
  const QString status = w.statusBar()->currentMessage();
  EXPECT_TRUE(status.startsWith(QStringLiteral("Opened warnings.onnx with 4 warning")) &&
              status.endsWith(QStringLiteral("see the Summary tab")))
      << status.toStdString();
  QStringList lines;
  for (int i = 0; i < w.summaryPanel()->warningsList()->count(); ++i)
    lines << w.summaryPanel()->warningsList()->item(i)->text();
  const QString all = lines.join('\n');
  for (const char* want :
       {"output 'y' is declared float32[5,4] but shape inference gives float32[2,4]",
        "domain 'org.example'", "input is read by no node: 'unused'",
        "initializer is read by no node: 'spare'"})
    EXPECT_TRUE(all.contains(QString::fromUtf8(want))) << want << "\n" << all.toStdString();
  // A clean model: no count.
  w.openFile(Sample());
  w.waitForLoad();
  EXPECT_EQ(w.statusBar()->currentMessage(),
            QStringLiteral("Opened ") + QFileInfo(Sample()).fileName());
}

TEST(MainWindowTest, AcceptsDraggedFilesAndOpensADroppedOne) {
  MainWindow w;
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(Sample())});
  // Qt delivers a Drop only after its drag manager saw a real drag, so the drop itself goes
  // through the helper dropEvent calls.
  QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(&w, &enter);
  EXPECT_TRUE(enter.isAccepted());
  QMimeData text;
  text.setText("not a file");
  EXPECT_FALSE(w.openDropped(&text));
  ASSERT_TRUE(w.openDropped(&mime));
  w.waitForLoad();
  EXPECT_EQ(w.currentPath(), Sample());
}

TEST(MainWindowTest, ReloadReadsTheFileAgain) {
  MainWindow w;
  w.openFile(Sample());
  w.waitForLoad();
  int loads = 0;
  QObject::connect(&w, &MainWindow::modelLoaded, [&] { ++loads; });
  w.reload();
  w.waitForLoad();
  EXPECT_EQ(loads, 1);
}

TEST(MainWindowTest, ScreenshotWritesAPngOfTheWindow) {
  MainWindow w;
  w.resize(1000, 700);
  w.openFile(Sample());
  w.waitForLoad();
  QTemporaryDir dir;
  const QString png = dir.filePath("shot.png");
  QString error;
  ASSERT_TRUE(saveScreenshot(&w, png, &error)) << error.toStdString();
  QImage img(png);
  ASSERT_FALSE(img.isNull());
  EXPECT_EQ(img.size(), w.size());
  EXPECT_GE(img.width(), 1000);
}

TEST(MainWindowTest, PreferencesStoreTheLanguage) {
  PreferencesDialog d;
  const int de = d.languageCombo()->findData("de");
  ASSERT_GE(de, 0);
  d.languageCombo()->setCurrentIndex(de);
  d.accept();
  EXPECT_EQ(languageSetting(), "de");
  setLanguageSetting(QString());
}

// Issue 21.19: Keyboard Shortcuts listed only the graph's keys and needed the Help menu.
TEST(MainWindowTest, QuestionMarkOpensAllTheShortcutsFromAnyTab) {
  MainWindow w;
  w.openFile(Sample());
  w.waitForLoad();
  w.show();
  w.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
  const auto list = w.shortcutList();
  auto has = [&](const QString& keys, const QString& what = QString()) {
    for (const auto& [k, d] : list)
      if (k == keys && d.contains(what)) return true;
    return false;
  };
  EXPECT_TRUE(has(QStringLiteral("Alt+Left / Alt+Right"), QStringLiteral("pass step")));
  EXPECT_TRUE(has(QStringLiteral("Click a pass"), QStringLiteral("alone")));
  EXPECT_TRUE(has(QStringLiteral("W / S, wheel")));
  EXPECT_TRUE(has(QStringLiteral("0, Home"), QStringLiteral("whole trace")));
  EXPECT_TRUE(has(QStringLiteral(". / ,")));
  EXPECT_TRUE(has(QString(), QStringLiteral("Profile timeline")));  // a section title
  bool question = false;
  for (const auto& [k, d] : list) question |= k.split(QStringLiteral(", ")).contains("?");
  EXPECT_TRUE(question);

  // "?" opens the window from the graph and from the timeline; in a text field it is typed.
  ASSERT_EQ(w.shortcutsDialog(), nullptr);
  w.graphView()->setFocus();
  QTest::keyClick(w.graphView(), Qt::Key_Question, Qt::ShiftModifier);
  ASSERT_NE(w.shortcutsDialog(), nullptr);
  EXPECT_TRUE(w.shortcutsDialog()->isVisible());
  EXPECT_FALSE(w.shortcutsDialog()->isModal());
  auto* table = w.shortcutsDialog()->findChild<QLabel*>(QStringLiteral("shortcutsTable"));
  ASSERT_NE(table, nullptr);
  EXPECT_TRUE(table->text().contains(QStringLiteral("Alt+Left / Alt+Right")));
  EXPECT_TRUE(table->text().contains(QStringLiteral("Profile timeline")));
  w.shortcutsDialog()->hide();
  w.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
  w.profileView()->timeline()->setFocus();
  QTest::keyClick(w.profileView()->timeline(), Qt::Key_Question, Qt::ShiftModifier);
  EXPECT_TRUE(w.shortcutsDialog()->isVisible());
  w.shortcutsDialog()->hide();
  w.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
  QLineEdit* search = nullptr;
  for (QLineEdit* e : w.profileView()->findChildren<QLineEdit*>())
    if (e->isVisible()) search = e;
  ASSERT_NE(search, nullptr);
  search->setFocus();
  QTest::keyClick(search, Qt::Key_Question, Qt::ShiftModifier, 0);
  EXPECT_FALSE(w.shortcutsDialog()->isVisible());
  EXPECT_EQ(search->text(), QStringLiteral("?"));
}

// Issue 21.21: the Summary had no compute or activation figures, "MB" for 2^20 bytes, and a
// double-click on an op type did nothing.
TEST(MainWindowTest, SummaryShowsComputeAndMemoryAndADoubleClickSelectsAnOpType) {
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  w.openFile(Sample());
  w.waitForLoad();
  ModelSummaryPanel* s = w.summaryPanel();
  const api::ModelCost& cost = s->modelInfo()->cost;
  ASSERT_GT(cost.macs, 0);
  const QString compute = s->propertyText(QStringLiteral("Compute"));
  EXPECT_TRUE(compute.contains(QStringLiteral("MACs"))) << compute.toStdString();
  EXPECT_TRUE(compute.contains(QStringLiteral("per batch item"))) << compute.toStdString();
  const QString memory = s->propertyText(QStringLiteral("Activation memory"));
  EXPECT_TRUE(memory.startsWith(QStringLiteral("peak "))) << memory.toStdString();
  EXPECT_TRUE(memory.contains(QStringLiteral("KiB")) || memory.contains(QStringLiteral("MiB")))
      << memory.toStdString();
  EXPECT_TRUE(s->propertyText(QStringLiteral("Initializers")).contains(QStringLiteral("KiB")))
      << s->propertyText(QStringLiteral("Initializers")).toStdString();
  // The op table: MACs and FLOPs per type, Conv's non-zero.
  OpHistogramModel* ops = s->opModel();
  int conv = -1;
  for (int r = 0; r < ops->rowCount(); ++r)
    if (ops->op(r) == QStringLiteral("Conv")) conv = r;
  ASSERT_GE(conv, 0);
  EXPECT_GT(
      ops->index(conv, OpHistogramModel::MacsColumn).data(OpHistogramModel::SortRole).toLongLong(),
      0);
  EXPECT_EQ(ops->headerData(OpHistogramModel::FlopsColumn, Qt::Horizontal).toString(),
            QStringLiteral("FLOPs"));
  // A double-click on Conv: the Graph tab with every Conv node selected.
  ASSERT_TRUE(w.showView(QStringLiteral("summary")));
  QTableView* table = s->opTable();
  const QModelIndex proxyIndex = s->opProxy()->mapFromSource(ops->index(conv, 0));
  const QRect cell = table->visualRect(proxyIndex);
  ASSERT_TRUE(cell.isValid());
  QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
  QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
  EXPECT_EQ(w.currentView(), QStringLiteral("graph"));
  int convs = 0;
  for (const auto& [op, n] : s->modelInfo()->op_histogram)
    if (op == "Conv") convs = static_cast<int>(n);
  ASSERT_GT(convs, 1);
  EXPECT_EQ(static_cast<int>(w.graphView()->linkedItems().size()), convs);
  for (int item : w.graphView()->linkedItems())
    EXPECT_EQ(w.graphView()
                  ->snapshot()
                  ->graphs[0]
                  .nodes[w.graphView()->model().items[item].index]
                  .op_type,
              "Conv");
  EXPECT_EQ(w.selectOpType(QStringLiteral("NoSuchOp")), 0);
}

// Issue 21.22: Open Recent listed several identical "model.onnx": the folder tells them apart.
TEST(MainWindowTest, OpenRecentTellsFilesOfTheSameNameApartByTheirFolder) {
  RecentFiles::clear();
  QTemporaryDir dir;
  ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("resnet18")));
  ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("squeezenet")));
  const QString a = dir.filePath(QStringLiteral("resnet18/model.onnx"));
  const QString b = dir.filePath(QStringLiteral("squeezenet/model.onnx"));
  ASSERT_TRUE(QFile::copy(Sample(), a));
  ASSERT_TRUE(QFile::copy(Sample(), b));
  MainWindow w;
  for (const QString& f : {a, b}) {
    w.openFile(f);
    w.waitForLoad();
  }
  const QStringList texts = w.recentMenuTexts();
  ASSERT_GE(texts.size(), 3);  // the two files, then "Clear List"
  EXPECT_TRUE(texts[0].endsWith(QStringLiteral("model.onnx — ") +
                                QDir::toNativeSeparators(dir.filePath("squeezenet")).right(47)))
      << texts[0].toStdString();
  EXPECT_TRUE(texts[1].contains(QStringLiteral("resnet18"))) << texts[1].toStdString();
  EXPECT_NE(texts[0].mid(3), texts[1].mid(3));  // past the "&1  " mnemonic
  EXPECT_TRUE(texts[0].startsWith(QStringLiteral("&1  model.onnx")));
  // The window title names the folder as well while another recent model.onnx exists (issue 39).
  EXPECT_EQ(w.windowTitle(), QStringLiteral("model.onnx (squeezenet) — onnxlens"));
  // The home folder is written ~; a long folder keeps its end.
  const QString home = QDir::homePath();
  EXPECT_EQ(RecentFiles::labels({home + QStringLiteral("/models/a.onnx")}).value(0),
            QStringLiteral("a.onnx — ~/models"));
  const QString deep = QStringLiteral("/data/") + QString(60, QLatin1Char('x')) + "/mobilenet";
  const QString label = RecentFiles::labels({deep + QStringLiteral("/model.onnx")}).value(0);
  EXPECT_TRUE(label.endsWith(QStringLiteral("xx/mobilenet"))) << label.toStdString();
  EXPECT_TRUE(label.contains(QStringLiteral("— …"))) << label.toStdString();
  RecentFiles::clear();
}

// Issue 21.24: the About box promised quantization, which is not implemented yet.
TEST(MainWindowTest, TheAboutBoxSaysOnlyWhatExists) {
  const QString about = MainWindow::aboutText();
  EXPECT_FALSE(about.contains(QStringLiteral("quantiz"), Qt::CaseInsensitive))
      << about.toStdString();
  for (const char* word : {"graph", "optimization", "profile", "export"})
    EXPECT_TRUE(about.contains(QLatin1String(word))) << word;
}

TEST(MainWindowTest, FindFromTheOptimizeTabShowsTheGraphsFindBarAndOnTheProfileTabItsSearch) {
  // Ctrl+F on the Optimize tab opened the Graph tab's find bar out of sight (issue 36's walk).
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  QApplication::setActiveWindow(&w);
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  QAction* find = nullptr;
  for (QAction* a : w.findChildren<QAction*>())
    if (a->shortcut() == QKeySequence(QKeySequence::Find)) find = a;
  ASSERT_TRUE(find);
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  ASSERT_FALSE(w.graphView()->isVisible());
  find->trigger();
  EXPECT_TRUE(w.graphView()->isVisible());
  EXPECT_TRUE(w.findBar()->isVisible());
  // The Profile tab: its own slice search takes the keyboard.
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
  find->trigger();
  auto* edit = qobject_cast<QLineEdit*>(QApplication::focusWidget());
  ASSERT_TRUE(edit);
  EXPECT_TRUE(w.profileView()->isAncestorOf(edit));
  EXPECT_FALSE(w.graphView()->isVisible());
}

}  // namespace
}  // namespace onnxlens::widgets
