// Core's number texts in the interface language's number format.
#pragma once

#include <QLocale>
#include <QString>
#include <string>

namespace onnxlens {
namespace widgets {

/// A text core formats with a '.' decimal point ("1.25 ms", "2.1 s", "3.4 G", the timeline's
/// ruler) with the interface language's decimal point ("1,25 ms" in German): the tables and
/// charts beside it use QLocale's. Core's texts have no thousands separators.
inline QString localeNumberText(const std::string& text) {
  return QString::fromStdString(text).replace(QLatin1Char('.'), QLocale().decimalPoint());
}

}  // namespace widgets
}  // namespace onnxlens
