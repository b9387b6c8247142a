// The graph coloured by layer SQNR, and the node page's quantization facts (see
// quantize_coloring.h).
#include "widgets/quantize_coloring.h"

#include <QCoreApplication>
#include <QLabel>

#include "api/tensor_stats.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"

namespace onnxlens {
namespace widgets {

namespace {

QString QEsc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }
QString num(double v) { return QString::number(v, 'g', 6); }

}  // namespace

QuantizeColoring::QuantizeColoring(GraphView* graph, QLabel* legend, Document* document,
                                   QObject* parent)
    : QObject(parent), m_graph(graph), m_legend(legend), m_doc(document) {}

void QuantizeColoring::setEnabled(bool on) { m_on = on; }

bool QuantizeColoring::apply() {
  const auto result = m_doc->quantizeResult();
  const auto snapshot = m_graph->snapshot();
  if (!m_on || !result || !snapshot || m_graph->graphIndex() != 0) {
    m_legend->hide();
    m_paint = {};
    return false;
  }
  const api::SnapshotGraph& g = snapshot->graphs[0];
  m_range = layerSqnrRange(*result->compare);
  m_paint = paintSqnr(*result->compare, m_graph->model(), g, m_range);
  m_graph->setItemHalos(m_paint.items, true);
  m_graph->setGroupHalos(m_paint.groups);
  m_legend->setText(sqnrLegend(m_range, m_paint.coloured, static_cast<int>(g.nodes.size())));
  m_legend->show();
  return true;
}

QString QuantizeColoring::legendText() const { return m_legend->text(); }

int layerOfNode(const QuantizeResult& result, const api::SnapshotGraph& graph,
                const api::SnapshotNode& node) {
  int worst = -1;
  for (const std::string& name : comparedTensorsOf(graph, node)) {
    const auto& layers = result.compare->layers;
    for (size_t i = 0; i < layers.size(); ++i)
      if (layers[i].tensor == name && (worst < 0 || static_cast<int>(i) < worst))
        worst = static_cast<int>(i);  // worst first: the lowest index is the worst
  }
  return worst;
}

QString quantizedNodeHtml(const QuantizeResult& result, const api::SnapshotGraph& graph,
                          const api::SnapshotNode& node) {
  const int layer = layerOfNode(result, graph, node);
  if (layer < 0) return QString();
  const api::LayerAgreement& l = result.compare->layers[layer];
  QString html =
      "<h3>" + QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Quantization") +
      "</h3><table cellspacing='4'>";
  auto row = [&html](const QString& k, const QString& v) {
    html += "<tr><td><b>" + k + "</b></td><td>" + v + "</td></tr>";
  };
  row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Tensor"),
      "<code>" + QEsc(l.tensor) + "</code>");
  row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "SQNR"),
      sqnrText(l.stats.sqnr_db) + " dB");
  row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Cosine"),
      QString::number(l.stats.cosine, 'f', 6));
  row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Max |error|"),
      num(l.stats.max_abs));
  row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Data range"),
      QStringLiteral("[%1, %2]").arg(num(l.histograms.a_min), num(l.histograms.a_max)));
  for (const api::QuantizedRange& q : result.quantize.ranges)
    if (q.tensor == l.tensor)
      row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Calibration range"),
          QStringLiteral("[%1, %2]").arg(num(q.rmin), num(q.rmax)));
  // The quantization parameters of the tensor (the Q node of the quantized file standing for it).
  if (l.q_scale) html += "</table>" + qdqParamsHtml(*l.q_scale, l.q_zero_point.get()) + "<table>";
  return html + "</table>";
}

QString qdqNodeHtml(const api::SnapshotGraph& graph, const api::SnapshotNode& node) {
  if (node.op_type != "QuantizeLinear" && node.op_type != "DequantizeLinear") return QString();
  if (node.inputs.size() < 2 || node.inputs[1] < 0) return QString();
  const api::SnapshotValue& scaleValue = graph.values[node.inputs[1]];
  if (!scaleValue.data) return QString();
  const bool zero_point = node.inputs.size() > 2 && node.inputs[2] >= 0;
  return qdqParamsHtml(*scaleValue.data,
                       zero_point ? graph.values[node.inputs[2]].data.get() : nullptr);
}

QString qdqParamsHtml(const ir::Tensor& scaleTensor, const ir::Tensor* zeroPoint) {
  const api::TensorStats scale = api::ComputeTensorStats(scaleTensor, 4, 1);
  api::TensorStats zp;
  std::string zpType = "uint8";
  if (zeroPoint) {
    zp = api::ComputeTensorStats(*zeroPoint, 4, 1);
    zpType = zp.dtype;
  }
  double qmin = 0, qmax = 255;
  if (zpType == "int8") {
    qmin = -128;
    qmax = 127;
  } else if (zpType == "uint16") {
    qmax = 65535;
  } else if (zpType == "int16") {
    qmin = -32768;
    qmax = 32767;
  }
  QString html = "<h3>" +
                 QCoreApplication::translate("onnxlens::widgets::QuantizeColoring",
                                             "Quantization parameters") +
                 "</h3><table cellspacing='4'>";
  auto row = [&html](const QString& k, const QString& v) {
    html += "<tr><td><b>" + k + "</b></td><td>" + v + "</td></tr>";
  };
  row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Integer type"),
      QStringLiteral("%1 [%2, %3]").arg(QEsc(zpType)).arg(qmin).arg(qmax));
  if (scale.numel == 1) {
    const double s = scale.min, z = zp.numel == 1 ? zp.min : 0;
    row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Scale"), num(s));
    row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Zero point"), num(z));
    row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Range in float"),
        QStringLiteral("[%1, %2]").arg(num((qmin - z) * s), num((qmax - z) * s)));
  } else {
    row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Scale"),
        QCoreApplication::translate("onnxlens::widgets::QuantizeColoring",
                                    "%1 per-channel values in [%2, %3]")
            .arg(scale.numel)
            .arg(num(scale.min), num(scale.max)));
    if (zp.numel > 0)
      row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Zero point"),
          QStringLiteral("[%1, %2]").arg(num(zp.min), num(zp.max)));
    const double z = zp.numel > 0 ? zp.min : 0;
    row(QCoreApplication::translate("onnxlens::widgets::QuantizeColoring", "Widest range in float"),
        QStringLiteral("[%1, %2]").arg(num((qmin - z) * scale.max), num((qmax - z) * scale.max)));
  }
  return html + "</table>";
}

}  // namespace widgets
}  // namespace onnxlens
