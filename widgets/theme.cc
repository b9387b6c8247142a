// Themes.
#include "widgets/theme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace onnxlens {
namespace widgets {

namespace {

QPalette darkPalette() {
  QPalette p;
  const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
  const QColor disabled(0x80, 0x80, 0x80), highlight(0x1e, 0x88, 0xe5);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, window);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
  p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xdb));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Light, window.lighter(130));
  p.setColor(QPalette::Midlight, window.lighter(115));
  p.setColor(QPalette::Mid, window.darker(120));
  p.setColor(QPalette::Dark, window.darker(150));
  p.setColor(QPalette::Shadow, Qt::black);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

}  // namespace

QString themeSetting() {
  const QString t = QSettings().value(QStringLiteral("appearance/theme")).toString();
  return t == QLatin1String("light") || t == QLatin1String("dark") ? t : QStringLiteral("system");
}

void setThemeSetting(const QString& theme) {
  QSettings().setValue(QStringLiteral("appearance/theme"), theme);
}

void applyTheme(const QString& theme) {
  static const QString platformStyle = QApplication::style()->objectName();
  static const QPalette platformPalette = QApplication::palette();
  const QString t = theme.isEmpty() ? themeSetting() : theme;
  if (t == QLatin1String("dark")) {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(darkPalette());
  } else if (t == QLatin1String("light")) {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(QApplication::style()->standardPalette());
  } else {
    QApplication::setStyle(QStyleFactory::create(platformStyle));
    QApplication::setPalette(platformPalette);
  }
}

}  // namespace widgets
}  // namespace onnxlens
