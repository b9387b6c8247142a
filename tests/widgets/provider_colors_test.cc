// providerColor: the same provider always has the same colour, the known providers have distinct
// ones, a provider the GUI has never heard of still gets one, the dark theme's are lighter.
#include "widgets/provider_colors.h"

#include <gtest/gtest.h>

#include <QSet>

namespace onnxlens::widgets {
namespace {

TEST(ProviderColors, StableDistinctAndLighterInTheDarkTheme) {
  const QStringList names = {"cpu", "reference", "dnnl", "some-future-provider"};
  QSet<QRgb> seen;
  for (const QString& n : names) {
    const QColor light = providerColor(n, false), dark = providerColor(n, true);
    ASSERT_TRUE(light.isValid()) << n.toStdString();
    EXPECT_EQ(light, providerColor(n, false));  // stable
    EXPECT_GT(dark.lightnessF(), light.lightnessF()) << n.toStdString();
    seen.insert(light.rgb());
  }
  EXPECT_EQ(seen.size(), names.size());
  EXPECT_NE(unplacedColor(false), providerColor("cpu", false));
}

}  // namespace
}  // namespace onnxlens::widgets
