// The onnxlens binary's command line (app/gui/main.cc): --help, --version and a bad option are
// answered without a display, before the QApplication exists (it aborts without one).
#include <gtest/gtest.h>

#include <QProcess>
#include <QProcessEnvironment>

namespace {

struct GuiRun {
  int exit_code = -1;
  QString out, err;
};

// The binary with no display at all: neither DISPLAY nor QT_QPA_PLATFORM (so Qt would pick xcb).
GuiRun RunWithoutDisplay(const QStringList& args) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove(QStringLiteral("DISPLAY"));
  env.remove(QStringLiteral("WAYLAND_DISPLAY"));
  env.remove(QStringLiteral("QT_QPA_PLATFORM"));
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(ONNXLENS_GUI), args);
  GuiRun r;
  if (!p.waitForFinished(30000)) return r;
  r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

// Issue 21.23: `onnxlens --help` without a display aborted with Qt's xcb error.
TEST(GuiMain, HelpVersionAndBadOptionsNeedNoDisplay) {
  const GuiRun help = RunWithoutDisplay({QStringLiteral("--help")});
  EXPECT_EQ(help.exit_code, 0) << help.err.toStdString();
  EXPECT_TRUE(help.out.contains(QStringLiteral("Usage:"))) << help.out.toStdString();
  EXPECT_TRUE(help.out.contains(QStringLiteral("--screenshot"))) << help.out.toStdString();
  EXPECT_FALSE(help.err.contains(QStringLiteral("xcb"))) << help.err.toStdString();
  const GuiRun shortHelp = RunWithoutDisplay({QStringLiteral("-h")});
  EXPECT_EQ(shortHelp.exit_code, 0);
  EXPECT_EQ(shortHelp.out, help.out);
  const GuiRun version = RunWithoutDisplay({QStringLiteral("--version")});
  EXPECT_EQ(version.exit_code, 0) << version.err.toStdString();
  EXPECT_TRUE(version.out.startsWith(QStringLiteral("onnxlens "))) << version.out.toStdString();
  const GuiRun bad = RunWithoutDisplay({QStringLiteral("--no-such-option")});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_TRUE(bad.err.contains(QStringLiteral("no-such-option"))) << bad.err.toStdString();
  EXPECT_FALSE(bad.err.contains(QStringLiteral("xcb"))) << bad.err.toStdString();
}

}  // namespace
