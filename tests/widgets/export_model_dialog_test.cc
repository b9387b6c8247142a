// File → Export Optimized Model while it works: the bar shows the stages' progress, and Cancel
// stops the export and keeps the dialog open (Cancel when idle closes it).
#include "widgets/export_model_dialog.h"

#include <gtest/gtest.h>

#include <QDialogButtonBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>

#include "test_paths.h"

namespace onnxlens::widgets {
namespace {

QString Sample() { return QString::fromStdString(testing::SampleModel().string()); }

TEST(ExportModelDialogProgress, TheBarFollowsTheStagesToTheEnd) {
  QTemporaryDir tmp;
  ExportModelDialog d(Sample());
  d.setOutputPath(tmp.filePath(QStringLiteral("out.onnx")));
  auto* bar = d.findChild<QProgressBar*>();
  ASSERT_NE(bar, nullptr);
  d.startExport();
  d.waitForExport();
  ASSERT_FALSE(d.exportedPath().isEmpty()) << d.errorText().toStdString();
  // The last report came from writing the model (90%): a determinate bar, not a busy one.
  EXPECT_EQ(bar->maximum(), 1000);
  EXPECT_GE(bar->value(), 900);
}

TEST(ExportModelDialogProgress, CancelStopsTheExportAndKeepsTheDialogOpen) {
  QTemporaryDir tmp;
  ExportModelDialog d(Sample());
  d.setOutputPath(tmp.filePath(QStringLiteral("out.onnx")));
  int closed = 0, finished_ok = 0, finished_not = 0;
  QObject::connect(&d, &QDialog::finished, [&closed](int) { ++closed; });
  QObject::connect(&d, &ExportModelDialog::exportFinished,
                   [&](bool ok) { ++(ok ? finished_ok : finished_not); });
  auto* buttons = d.findChild<QDialogButtonBox*>();
  ASSERT_NE(buttons, nullptr);
  d.startExport();
  EXPECT_FALSE(buttons->button(QDialogButtonBox::Ok)->isEnabled());
  EXPECT_TRUE(buttons->button(QDialogButtonBox::Cancel)->isEnabled());
  buttons->button(QDialogButtonBox::Cancel)->click();
  d.waitForExport();
  EXPECT_EQ(closed, 0);
  EXPECT_EQ(finished_ok, 0);
  EXPECT_EQ(finished_not, 1);
  EXPECT_EQ(d.errorText(), ExportModelDialog::tr("Export cancelled."));
  EXPECT_TRUE(d.exportedPath().isEmpty());
  EXPECT_TRUE(buttons->button(QDialogButtonBox::Ok)->isEnabled());
  // Idle, Cancel closes the dialog.
  buttons->button(QDialogButtonBox::Cancel)->click();
  EXPECT_EQ(closed, 1);
}

}  // namespace
}  // namespace onnxlens::widgets
