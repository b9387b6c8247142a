// File → Export Report…: writes the page onnxlens-cli report writes, shows the same command, and
// never writes over the opened model.
#include "widgets/export_report_dialog.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "test_paths.h"

namespace onnxlens::widgets {
namespace {

QString ReportSampleModel() { return QString::fromStdString(testing::SampleModel().string()); }

QByteArray ReportFileBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(ExportReportDialog, WritesTheReportAndShowsTheSameCommand) {
  QTemporaryDir tmp;
  const QString out = tmp.filePath(QStringLiteral("report.html"));
  ExportReportDialog d(ReportSampleModel());
  d.setOutputPath(out);
  d.setRuns(2);
  EXPECT_TRUE(d.commandLine().startsWith(QStringLiteral("onnxlens-cli report ")));
  EXPECT_TRUE(d.commandLine().contains(QStringLiteral("--runs 2")));
  EXPECT_TRUE(d.commandLine().contains(QStringLiteral("-o ") + out));
  d.startExport();
  d.waitForExport();
  ASSERT_EQ(d.exportedPath(), out) << d.errorText().toStdString();
  const QByteArray html = ReportFileBytes(out);
  EXPECT_TRUE(html.startsWith("<!DOCTYPE html>"));
  EXPECT_TRUE(html.contains("id=\"profile\""));
}

TEST(ExportReportDialog, NeverWritesOverTheOpenedModel) {
  QTemporaryDir tmp;
  const QString model = tmp.filePath(QStringLiteral("m.onnx"));
  ASSERT_TRUE(QFile::copy(ReportSampleModel(), model));
  const QByteArray before = ReportFileBytes(model);
  ExportReportDialog d(model);
  d.setAsk([](const QString&, const QString&) { return true; });  // "replace it?" yes
  d.setOutputPath(model);
  d.startExport();
  d.waitForExport();
  EXPECT_TRUE(d.exportedPath().isEmpty());
  EXPECT_TRUE(d.errorText().contains(QStringLiteral("opened model")))
      << d.errorText().toStdString();
  EXPECT_EQ(ReportFileBytes(model), before);
}

}  // namespace
}  // namespace onnxlens::widgets
