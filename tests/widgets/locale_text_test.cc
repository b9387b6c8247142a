// Core's number texts in the interface language's decimal point (the timeline's ruler said
// "1.0 s" beside tables with "40,84" in German).
#include "widgets/locale_text.h"

#include <gtest/gtest.h>

#include "api/timeline.h"

namespace onnxlens::widgets {
namespace {

TEST(LocaleNumberText, TakesTheDefaultLocalesDecimalPoint) {
  const QLocale before;
  QLocale::setDefault(QLocale(QLocale::German));
  EXPECT_EQ(localeNumberText(api::FormatDuration(1250)), QStringLiteral("1,25 ms"));
  EXPECT_EQ(localeNumberText("450 ns"), QStringLiteral("450 ns"));
  QLocale::setDefault(QLocale(QLocale::English));
  EXPECT_EQ(localeNumberText(api::FormatDuration(1250)), QStringLiteral("1.25 ms"));
  QLocale::setDefault(before);
}

}  // namespace
}  // namespace onnxlens::widgets
