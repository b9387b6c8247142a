// Provider colours.
#include "widgets/provider_colors.h"

#include <cstdint>

namespace onnxlens {
namespace widgets {

namespace {

// The graph already uses red, amber, green and violet halos (the Optimize tab's removed / fused /
// added / modified) and yellow to red (heat): provider outlines keep clear of those hues so that
// both read at once. Each is readable as a thick outline on white and on #1e1f22.
constexpr QRgb kHues[] = {0x00acc1, 0x6d4c41, 0x5e35b1, 0x546e7a, 0x9e9d24, 0xf06292, 0x26a69a};

QColor known(const QString& name) {
  if (name == QLatin1String("cpu")) return QColor(0x15, 0x65, 0xc0);        // deep blue
  if (name == QLatin1String("reference")) return QColor(0xc2, 0x18, 0x5b);  // deep pink
  if (name == QLatin1String("dnnl")) return QColor(0x00, 0x89, 0x7b);       // teal
  return QColor();
}

}  // namespace

QColor providerColor(const QString& name, bool dark) {
  QColor c = known(name);
  if (!c.isValid()) {
    uint32_t h = 2166136261u;  // FNV-1a: the same name gives the same colour in every run
    for (const QChar ch : name) h = (h ^ ch.unicode()) * 16777619u;
    c = QColor(kHues[h % (sizeof(kHues) / sizeof(kHues[0]))]);
  }
  return dark ? c.lighter(135) : c;
}

QColor unplacedColor(bool dark) {
  return dark ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
}

}  // namespace widgets
}  // namespace onnxlens
