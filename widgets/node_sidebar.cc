// Node sidebar.
#include "widgets/node_sidebar.h"

#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace onnxlens {
namespace widgets {

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString Row(const QString& a, const QString& b, const QString& c = QString()) {
  QString r = "<tr><td><b>" + a + "</b></td><td>" + b + "</td>";
  if (!c.isNull()) r += "<td>" + c + "</td>";
  return r + "</tr>";
}

QString ValueCells(const api::SnapshotGraph& g, int v) {
  if (v < 0) return QStringLiteral("<i>—</i>");
  const api::SnapshotValue& val = g.values[v];
  QString type = Q(val.type);
  if (val.initializer) type += " <i>(" + NodeSidebar::tr("initializer") + ")</i>";
  return "<code>" + Q(val.name) + "</code></td><td>" + type;
}

}  // namespace

NodeSidebar::NodeSidebar(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  m_text = new QTextBrowser(this);
  m_text->setOpenExternalLinks(true);
  l->addWidget(m_text);
  showItem(nullptr, api::GraphViewModel{}, -1);
}

QString NodeSidebar::plainText() const { return m_text->toPlainText(); }

void NodeSidebar::showItem(std::shared_ptr<const api::GraphSnapshot> snapshot,
                           const api::GraphViewModel& model, int item) {
  if (!snapshot || item < 0 || item >= static_cast<int>(model.items.size())) {
    m_text->setHtml("<p style='color:gray'>" + tr("Select a node to see its properties.") + "</p>");
    return;
  }
  const api::SnapshotGraph& g = snapshot->graphs[model.graph];
  const api::ViewItem& it = model.items[item];
  QString html;
  if (it.kind != api::ViewItemKind::kNode) {
    const api::SnapshotValue& v = g.values[it.index];
    html += "<h2>" + Q(v.name) + "</h2>";
    html += "<p>" +
            (it.kind == api::ViewItemKind::kInput ? tr("Graph input") : tr("Graph output")) +
            "</p><table cellspacing='4'>";
    html += Row(tr("Type"), "<code>" + Q(v.type) + "</code>");
    if (v.producer >= 0) {
      const auto& p = g.nodes[v.producer];
      html += Row(tr("Produced by"), Q(p.name.empty() ? p.op_type : p.name));
    }
    html += Row(tr("Consumers"), QString::number(v.consumers.size()));
    html += "</table>";
    m_text->setHtml(html);
    return;
  }
  const api::SnapshotNode& n = g.nodes[it.index];
  const auto doc = api::OperatorDoc(n.domain, n.op_type, n.opset);
  html += "<h2>" + Q(n.op_type) + "</h2>";
  html += "<p>" + (n.domain.empty() ? QStringLiteral("ai.onnx") : Q(n.domain)) + " · " +
          tr("opset %1").arg(n.opset);
  if (doc) html += " · " + tr("since version %1").arg(doc->since_version);
  html += "</p>";
  if (!n.name.empty()) html += "<p><b>" + tr("Name") + "</b> <code>" + Q(n.name) + "</code></p>";
  if (!doc)
    html += "<p style='color:#b05000'>" +
            tr("Not in ONNX's operator registry (custom or contrib op).") + "</p>";
  if (!n.attributes.empty()) {
    html += "<h3>" + tr("Attributes") + "</h3><table cellspacing='4'>";
    for (const auto& a : n.attributes) html += Row(Q(a.name), "<code>" + Q(a.value) + "</code>");
    html += "</table>";
  }
  auto params = [&](const QString& title, const std::vector<int>& values,
                    const std::vector<onnx_io::OpFormalParameter>* formal) {
    html += "<h3>" + title + "</h3><table cellspacing='4'>";
    for (size_t k = 0; k < values.size(); ++k) {
      QString name = QString::number(k);
      if (formal && !formal->empty()) name = Q((*formal)[std::min(k, formal->size() - 1)].name);
      html += Row(name, ValueCells(g, values[k]));
    }
    html += "</table>";
  };
  params(tr("Inputs"), n.inputs, doc ? &doc->inputs : nullptr);
  params(tr("Outputs"), n.outputs, doc ? &doc->outputs : nullptr);
  if (!n.origins.empty()) {
    QStringList ids;
    for (int64_t id : n.origins) ids << QString::number(id);
    html += "<p><b>" + tr("Replaces nodes") + "</b> " + ids.join(", ") + "</p>";
  }
  QString tail;
  if (doc) {
    html += "<h3>" + tr("Documentation") + "</h3>";
    if (!doc->attributes.empty()) {
      tail += "<h4>" + tr("Attributes") + "</h4><ul>";
      for (const auto& a : doc->attributes)
        tail += "<li><b>" + Q(a.name) + "</b> <i>" + Q(a.type) +
                (a.required ? ", " + tr("required") : QString()) + "</i>: " + Q(a.description) +
                "</li>";
      tail += "</ul>";
    }
    if (!doc->type_constraints.empty()) {
      tail += "<h4>" + tr("Type constraints") + "</h4><ul>";
      for (const auto& c : doc->type_constraints) {
        QStringList allowed;
        for (const auto& t : c.allowed) allowed << Q(t);
        tail += "<li><b>" + Q(c.name) + "</b>: " + allowed.join(", ") + "</li>";
      }
      tail += "</ul>";
    }
  }
  m_text->setHtml(html);
  if (doc) {
    // The schema's Markdown goes in through the cursor: a second HTML document inside the first
    // would end it.
    QTextCursor c(m_text->document());
    c.movePosition(QTextCursor::End);
    QTextDocument md;
    md.setMarkdown(QString::fromStdString(doc->doc));
    c.insertBlock();
    c.insertFragment(QTextDocumentFragment(&md));
    c.movePosition(QTextCursor::End);
    c.insertBlock();
    c.insertHtml(tail);
  }
  m_text->moveCursor(QTextCursor::Start);
}

}  // namespace widgets
}  // namespace onnxlens
