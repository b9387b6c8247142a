// Provider colours.
#include "widgets/provider_colors.h"

#include <cstdint>

namespace onnxlens {
namespace widgets {

namespace {

// Distinct from each other, from the op category headers' dark tones and from the selection
// blue; each readable as a thick border on white and on #1e1f22.
constexpr QRgb kHues[] = {0x8e24aa, 0x00acc1, 0xc0ca33, 0xd81b60, 0x6d4c41, 0x3949ab, 0xf4511e};

QColor known(const QString& name) {
  if (name == QLatin1String("cpu")) return QColor(0x19, 0x76, 0xd2);
  if (name == QLatin1String("reference")) return QColor(0xef, 0x6c, 0x00);
  if (name == QLatin1String("dnnl")) return QColor(0x2e, 0x7d, 0x32);
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
