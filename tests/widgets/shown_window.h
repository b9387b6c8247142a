// A main window as the widget tests use it: shown at 1280x800, every error presented failing the
// test, recent files left alone.
#pragma once

#include <gtest/gtest.h>

#include <QString>

#include "widgets/main_window.h"

namespace onnxlens::widgets {

inline void ShowForTest(MainWindow& w) {
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.setRecordsRecentFiles(false);
  w.resize(1280, 800);
  w.show();
}

}  // namespace onnxlens::widgets
