// Colours of execution providers for the graph's provider colouring and its legend: a stable
// palette by provider name (the same provider has the same colour in every view and every run),
// readable on the light and the dark graph background.
#pragma once

#include <QColor>
#include <QString>

namespace onnxlens {
namespace widgets {

/// The colour of provider `name`: fixed for the known ones (cpu blue, reference pink, dnnl teal),
/// else one of a set of distinct hues chosen by a stable hash of the name (never
/// qHash: it is seeded per process). `dark`: lighter, for the dark theme.
QColor providerColor(const QString& name, bool dark);

/// The colour of nodes no provider runs (a model with an op nobody implements).
QColor unplacedColor(bool dark);

}  // namespace widgets
}  // namespace onnxlens
