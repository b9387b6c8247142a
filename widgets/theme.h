// Light and dark themes: the Fusion style with a light or a dark palette, or the platform's own
// look ("system"). The graph view follows the palette (see GraphColors).
#pragma once

#include <QString>

namespace onnxlens {
namespace widgets {

/// The setting: "system" (default), "light" or "dark".
QString themeSetting();
void setThemeSetting(const QString& theme);
/// Applies `theme` to the application (an empty string: the setting).
void applyTheme(const QString& theme = QString());

}  // namespace widgets
}  // namespace onnxlens
