// The Graph tab coloured by the layer-wise SQNR of the document's quantization (View → Colour by
// Quantization Error): each node producing a compared tensor gets its SQNR colour, a closed group
// its worst node's, and a legend above the graph gives the range in dB, which is the layer table's
// lowest and highest SQNR.
#pragma once

#include <QObject>

#include "widgets/document.h"
#include "widgets/quantize_models.h"

class QLabel;

namespace onnxlens {
namespace widgets {

class Document;
class GraphView;

class QuantizeColoring : public QObject {
  Q_OBJECT

 public:
  QuantizeColoring(GraphView* graph, QLabel* legend, Document* document, QObject* parent);
  void setEnabled(bool on);
  bool isEnabled() const { return m_on; }
  /// Paints the graph shown (when on and there is a quantization) and returns true; else hides
  /// the legend and returns false (the caller clears the halos).
  bool apply();
  const SqnrRange& range() const { return m_range; }
  const SqnrPaint& paint() const { return m_paint; }
  QString legendText() const;

 private:
  GraphView* m_graph;
  QLabel* m_legend;
  Document* m_doc;
  bool m_on = false;
  SqnrRange m_range;
  SqnrPaint m_paint;
};

/// The node page's Quantization section (HTML) for the node with trace label `label` when the
/// quantization compared a tensor it produces: SQNR, cosine, the calibration range against the
/// data's real range, and the scale / zero point of its Q/DQ pair in the quantized file; empty
/// otherwise.
QString quantizedNodeHtml(const QuantizeResult& result, const api::SnapshotGraph& graph,
                          const api::SnapshotNode& node);

/// For a QuantizeLinear / DequantizeLinear node (any model): its scale and zero point and the
/// integer range in float terms; empty for other nodes or when they are not constants.
QString qdqNodeHtml(const api::SnapshotGraph& graph, const api::SnapshotNode& node);

/// The same for a scale and a zero point (null: none) of a QuantizeLinear / DequantizeLinear pair.
QString qdqParamsHtml(const ir::Tensor& scale, const ir::Tensor* zeroPoint);

/// The layer of the quantization whose tensor `node` produces (-1: none).
int layerOfNode(const QuantizeResult& result, const api::SnapshotGraph& graph,
                const api::SnapshotNode& node);

}  // namespace widgets
}  // namespace onnxlens
