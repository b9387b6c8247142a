// gtest main for widget tests: an offscreen QApplication and a private settings directory.
#include <gtest/gtest.h>

#include <QApplication>
#include <QTemporaryDir>
#include <cstdlib>

int main(int argc, char** argv) {
  QTemporaryDir config;
  qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("onnxlens-tests"));
  QCoreApplication::setApplicationName(QStringLiteral("onnxlens-tests"));
  Q_INIT_RESOURCE(translations);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
