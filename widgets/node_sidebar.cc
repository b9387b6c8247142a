// Node sidebar.
#include "widgets/node_sidebar.h"

#include <QDesktopServices>
#include <QEvent>
#include <QLocale>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QUrl>
#include <QVBoxLayout>
#include <map>

#include "api/optimize_trace.h"
#include "api/trace.h"
#include "widgets/quantize_coloring.h"
#include "widgets/tensor_panel.h"

namespace onnxlens {
namespace widgets {

namespace {

QString QEscaped(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString Row(const QString& a, const QString& b, const QString& c = QString()) {
  QString r = "<tr><td><b>" + a + "</b></td><td>" + b + "</td>";
  if (!c.isNull()) r += "<td>" + c + "</td>";
  return r + "</tr>";
}

// Lists of inputs and outputs stop after this many rows: a node with 50,000 outputs made every
// click lay out a 50,000-row table (seconds of a frozen window).
constexpr size_t kMaxListed = 200;

QString NotListed(size_t more) {
  if (more == 0) return QString();
  return "<p style='color:gray'>" +
         NodeSidebar::tr("… and %1 more, not listed").arg(QLocale().toString(qulonglong{more})) +
         "</p>";
}

// A schema description (one paragraph of Markdown) as HTML: escaped, so "Tensor<T>" stays text,
// with its `code` spans, **strong** and *emphasis* and [links](target) rendered.
QString InlineMarkdown(const std::string& text) {
  QString html = QString::fromStdString(text).toHtmlEscaped();
  html.replace(QRegularExpression(QStringLiteral("`([^`]+)`")), QStringLiteral("<code>\\1</code>"));
  html.replace(QRegularExpression(QStringLiteral("\\*\\*([^*]+)\\*\\*")),
               QStringLiteral("<b>\\1</b>"));
  html.replace(QRegularExpression(QStringLiteral("(^|[\\s(])\\*([^*\\s][^*]*)\\*")),
               QStringLiteral("\\1<i>\\2</i>"));
  html.replace(QRegularExpression(QStringLiteral("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)")),
               QStringLiteral("\\1"));
  return html;
}

QString Link(const QString& target, const QString& text) {
  return "<a href='onnxlens:" + target + "'>" + text + "</a>";
}

// A tensor name that may wrap after its '/', '_' and '.' (a zero-width space there) rather than
// in the middle of a word ("BatchNormalizatio|n_output_0").
QString Breakable(const std::string& name) {
  QString t = QEscaped(name);
  for (const char* sep : {"/", "_", "."})
    t.replace(QLatin1String(sep), QLatin1String(sep) + QString(QChar(0x200B)));
  return t;
}

QString ValueCells(const api::SnapshotGraph& g, int v) {
  if (v < 0) return QStringLiteral("<i>—</i>");
  const api::SnapshotValue& val = g.values[v];
  QString name = "<code>" + Breakable(val.name) + "</code>";
  // An Identity of a weight (PyTorch's shared weights, folded into this node's rows): the
  // weight's values.
  int held = v;
  for (int hops = 0; hops < 16 && !g.values[held].data && g.values[held].producer >= 0; ++hops) {
    const api::SnapshotNode& p = g.nodes[g.values[held].producer];
    if (p.op_type != "Identity" || !p.domain.empty() || p.inputs.size() != 1 || p.inputs[0] < 0)
      break;
    held = p.inputs[0];
  }
  if (g.values[held].data) name = Link("tensor/" + QString::number(held), name);
  if (held != v)
    name += " <i>(" +
            NodeSidebar::tr("Identity of %1")
                .arg("<code>" + QEscaped(g.values[held].name) + "</code>") +
            ")</i>";
  QString type = QEscaped(val.type);
  if (val.initializer) type += " <i>(" + NodeSidebar::tr("initializer") + ")</i>";
  if (val.data_dropped) type += " <i>(" + NodeSidebar::tr("values not kept at this step") + ")</i>";
  // The type under the name: the name gets the pane's width and wraps only at its separators.
  return name + "<br>" + type;
}

}  // namespace

void NodeSidebar::setNodePanel(QWidget* panel, NodePanel show) {
  m_panel = panel;
  m_panelShow = std::move(show);
  panel->setParent(this);
  layout()->addWidget(panel);
  panel->hide();
}

NodeSidebar::NodeSidebar(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  m_pages = new QStackedWidget(this);
  m_text = new QTextBrowser(m_pages);
  m_text->setOpenLinks(false);
  m_tensor = new TensorPanel(m_pages);
  m_pages->addWidget(m_text);
  m_pages->addWidget(m_tensor);
  l->addWidget(m_pages);
  connect(m_text, &QTextBrowser::anchorClicked, this, &NodeSidebar::followLink);
  connect(m_tensor, &TensorPanel::backRequested, this,
          [this] { m_pages->setCurrentWidget(m_text); });
  showItem(nullptr, api::GraphViewModel{}, -1);
}

QString NodeSidebar::plainText() const {
  // Without the zero-width spaces that let long tensor names wrap at their separators.
  return (isShowingTensor() ? m_tensor->plainText() : m_text->toPlainText()).remove(QChar(0x200B));
}

bool NodeSidebar::isShowingTensor() const { return m_pages->currentWidget() == m_tensor; }

void NodeSidebar::followLink(const QUrl& url) {
  if (url.scheme() != QLatin1String("onnxlens")) {
    QDesktopServices::openUrl(url);
    return;
  }
  const QString kind = url.path().section('/', 0, 0);
  const QString arg = url.path().section('/', 1);
  if (kind == QLatin1String("tensor"))
    showTensor(m_graph, arg.toInt());
  else if (kind == QLatin1String("optype"))
    emit findRequested("\"" + arg + "\"");
  else if (kind == QLatin1String("graph"))
    emit openGraphRequested(arg.toInt());
  else if (kind == QLatin1String("timeline"))
    emit timelineRequested(QUrl::fromPercentEncoding(arg.toUtf8()));
  else if (kind == QLatin1String("node"))
    emit nodeRequested(arg.toInt());
}

void NodeSidebar::showNodes(std::shared_ptr<const api::GraphSnapshot> snapshot,
                            const api::GraphViewModel& model, const std::vector<int>& items) {
  std::vector<int> nodes;
  for (int item : items)
    if (item >= 0 && item < static_cast<int>(model.items.size()) &&
        model.items[item].kind == api::ViewItemKind::kNode)
      nodes.push_back(item);
  if (nodes.size() < 2 || !snapshot || model.graph < 0 ||
      model.graph >= static_cast<int>(snapshot->graphs.size())) {
    showItem(std::move(snapshot), model, nodes.empty() ? -1 : nodes.front());
    return;
  }
  m_snapshot = std::move(snapshot);
  m_graph = model.graph;
  m_pages->setCurrentWidget(m_text);
  if (m_panel) m_panel->hide();
  const api::SnapshotGraph& g = m_snapshot->graphs[m_graph];
  std::map<std::string, int> ops;
  for (int item : nodes) ++ops[g.nodes[model.items[item].index].op_type];
  QStringList counts;
  for (const auto& [op, n] : ops) counts << QStringLiteral("%1 × %2").arg(n).arg(QEscaped(op));
  QString html = "<h2>" + tr("%n node(s) selected", nullptr, static_cast<int>(nodes.size())) +
                 "</h2><p>" + counts.join(QStringLiteral(", ")) + "</p><table cellpadding=2>";
  constexpr size_t kListed = 200;  // a "select all" of a 50k-node graph lists the first ones
  for (size_t k = 0; k < nodes.size() && k < kListed; ++k) {
    const api::SnapshotNode& n = g.nodes[model.items[nodes[k]].index];
    html += "<tr><td><b>" + QEscaped(n.op_type) + "</b></td><td>" +
            Link(QStringLiteral("node/%1").arg(nodes[k]),
                 n.name.empty() ? tr("(unnamed)") : QEscaped(n.name)) +
            "</td></tr>";
  }
  html += "</table>";
  if (nodes.size() > kListed)
    html += "<p>" + tr("and %n more", nullptr, static_cast<int>(nodes.size() - kListed)) + "</p>";
  m_text->setHtml(html);
  recolorLinks();
}

void NodeSidebar::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) recolorLinks();
}

void NodeSidebar::recolorLinks() {
  // Links take the palette's link colour when their HTML is read: a page shown before a switch
  // to the dark theme kept dark blue links on dark grey.
  // (Our palette: on a change the children's palettes are updated after this widget's event.)
  const QColor link = palette().color(QPalette::Link);
  QTextDocument* doc = m_text->document();
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
    for (auto it = b.begin(); !it.atEnd(); ++it) {
      const QTextFragment f = it.fragment();
      if (!f.isValid() || !f.charFormat().isAnchor() || f.charFormat().foreground().color() == link)
        continue;
      QTextCursor c(doc);
      c.setPosition(f.position());
      c.setPosition(f.position() + f.length(), QTextCursor::KeepAnchor);
      QTextCharFormat format;
      format.setForeground(link);
      c.mergeCharFormat(format);
    }
  }
}

QColor NodeSidebar::linkColor() const {
  QTextDocument* doc = m_text->document();
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
    for (auto it = b.begin(); !it.atEnd(); ++it)
      if (it.fragment().charFormat().isAnchor())
        return it.fragment().charFormat().foreground().color();
  return QColor();
}

void NodeSidebar::showTensor(int graph, int value) {
  if (!m_snapshot || graph < 0 || graph >= static_cast<int>(m_snapshot->graphs.size())) return;
  const api::SnapshotGraph& g = m_snapshot->graphs[graph];
  if (value < 0 || value >= static_cast<int>(g.values.size()) || !g.values[value].data) return;
  m_tensor->setTensor(QString::fromStdString(g.values[value].name), g.values[value].data);
  m_pages->setCurrentWidget(m_tensor);
}

void NodeSidebar::showValue(int value) {
  if (!m_snapshot) return;
  const api::SnapshotGraph& g = m_snapshot->graphs[m_graph];
  if (value < 0 || value >= static_cast<int>(g.values.size())) return;
  const api::SnapshotValue& v = g.values[value];
  m_pages->setCurrentWidget(m_text);
  auto nodeName = [&](int n) {
    const auto& node = g.nodes[n];
    return QEscaped(node.op_type) +
           (node.name.empty() ? QString() : " <code>" + QEscaped(node.name) + "</code>");
  };
  QString html =
      "<h2>" + QEscaped(v.name) + "</h2><p>" + tr("Tensor") + "</p><table cellspacing='4'>";
  html += Row(tr("Type"), "<code>" + QEscaped(v.type) + "</code>");
  if (v.producer >= 0) html += Row(tr("Produced by"), nodeName(v.producer));
  if (v.graph_input) html += Row(tr("Produced by"), tr("graph input"));
  QStringList users;
  for (int c : v.consumers) users << nodeName(c);
  if (v.graph_output) users << tr("graph output");
  html += Row(tr("Consumers"), users.join("<br>"));
  html += "</table>";
  if (v.data)
    html += "<p>" + Link("tensor/" + QString::number(value), tr("Values and statistics")) + "</p>";
  else if (v.data_dropped)
    html += "<p><i>" +
            tr("The values of this tensor are not kept at this step: the optimization trace "
               "keeps at most %1 of the tensors its passes make.")
                .arg(QLocale().formattedDataSize(static_cast<qint64>(api::kTraceTensorBudget))) +
            "</i></p>";
  m_text->setHtml(html);
  recolorLinks();
}

bool NodeSidebar::showTensorNamed(const QString& name) {
  if (!m_snapshot) return false;
  const auto& values = m_snapshot->graphs[m_graph].values;
  for (size_t v = 0; v < values.size(); ++v) {
    if (values[v].data && QString::fromStdString(values[v].name) == name) {
      showTensor(m_graph, static_cast<int>(v));
      return true;
    }
  }
  return false;
}

void NodeSidebar::showProperties(const api::SnapshotGraph& g, int graph) {
  QString html = "<h2>" + tr("Model") + "</h2><table cellspacing='4'>";
  for (const auto& [k, v] : m_snapshot->properties) {
    // The labels are fixed words from the snapshot; translate the known ones.
    static const std::map<std::string, const char*> labels = {
        {"format", QT_TR_NOOP("Format")},          {"producer", QT_TR_NOOP("Producer")},
        {"version", QT_TR_NOOP("Version")},        {"domain", QT_TR_NOOP("Domain")},
        {"imports", QT_TR_NOOP("Imports")},        {"graph", QT_TR_NOOP("Graph")},
        {"description", QT_TR_NOOP("Description")}};
    auto it = labels.find(k);
    const QString label = it != labels.end() ? tr(it->second) : QEscaped(k);
    html += Row(label, QEscaped(v));
  }
  html +=
      Row(tr("Nodes"), QLocale().toString(static_cast<qlonglong>(m_snapshot->node_count_total)));
  html += "</table>";
  html += "<h2>" + (graph == 0 ? tr("Graph") : tr("Subgraph")) + "</h2><table cellspacing='4'>";
  if (!g.name.empty()) html += Row(tr("Name"), "<code>" + QEscaped(g.name) + "</code>");
  if (!g.path.empty()) html += Row(tr("Path"), "<code>" + QEscaped(g.path) + "</code>");
  html += Row(tr("Nodes"), QLocale().toString(static_cast<qlonglong>(g.nodes.size())));
  int initializers = 0;
  for (const auto& v : g.values) initializers += v.initializer;
  html += Row(tr("Initializers"), QLocale().toString(initializers));
  html += "</table>";
  auto values = [&](const QString& title, const std::vector<int>& list) {
    html += "<h3>" + title + "</h3><table cellspacing='4'>";
    const size_t shown = std::min(list.size(), kMaxListed);
    for (size_t k = 0; k < shown; ++k) {
      const api::SnapshotValue& v = g.values[list[k]];
      html += Row("<code>" + QEscaped(v.name) + "</code>", QEscaped(v.type));
    }
    html += "</table>" + NotListed(list.size() - shown);
  };
  values(tr("Inputs"), g.inputs);
  values(tr("Outputs"), g.outputs);
  m_text->setHtml(html);
}

QString NodeSidebar::placementHtml(const api::NodePlacementInfo& at) {
  QString declines;
  for (const api::ProviderDecline& d : at.declined)
    declines += "<li><b>" + QEscaped(d.provider) + "</b> " +
                tr("declined (%1): %2").arg(QEscaped(d.reason), QEscaped(d.sentence)) + "</li>";
  if (at.provider.empty()) {
    return "<p style='color:#c62828'>" + tr("No execution provider runs this node.") + "</p>" +
           (declines.isEmpty() ? QString() : "<ul>" + declines + "</ul>");
  }
  QString html = "<p>" + tr("Runs on <b>%1</b>").arg(QEscaped(at.provider));
  if (declines.isEmpty())
    html += " " + tr("(the first preferred provider)") + "</p>";
  else
    html += "</p><p>" + tr("Not on the preferred provider:") + "</p><ul>" + declines + "</ul>";
  if (!at.fallback.empty())
    html += "<p>" +
            tr("When %1's kernel declines a case at run time (an input shape or type it does "
               "not handle), %2 runs it.")
                .arg(QEscaped(at.provider), QEscaped(at.fallback)) +
            "</p>";
  return html;
}

void NodeSidebar::showItem(std::shared_ptr<const api::GraphSnapshot> snapshot,
                           const api::GraphViewModel& model, int item) {
  m_snapshot = std::move(snapshot);
  m_graph = model.graph;
  m_pages->setCurrentWidget(m_text);
  if (m_panel) m_panel->hide();
  if (!m_snapshot || m_graph < 0 || m_graph >= static_cast<int>(m_snapshot->graphs.size())) {
    m_text->setHtml("<p style='color:gray'>" + tr("Open a model to see its properties.") + "</p>");
    return;
  }
  const api::SnapshotGraph& g = m_snapshot->graphs[m_graph];
  if (item < 0 || item >= static_cast<int>(model.items.size())) {
    showProperties(g, m_graph);
    return;
  }
  const api::ViewItem& it = model.items[item];
  QString html;
  if (it.kind != api::ViewItemKind::kNode) {
    const api::SnapshotValue& v = g.values[it.index];
    html += "<h2>" + QEscaped(v.name) + "</h2>";
    html += "<p>" +
            (it.kind == api::ViewItemKind::kInput ? tr("Graph input") : tr("Graph output")) +
            "</p><table cellspacing='4'>";
    html += Row(tr("Type"), "<code>" + QEscaped(v.type) + "</code>");
    if (v.producer >= 0) {
      const auto& p = g.nodes[v.producer];
      html += Row(tr("Produced by"), QEscaped(p.name.empty() ? p.op_type : p.name));
    }
    html += Row(tr("Consumers"), QString::number(v.consumers.size()));
    html += "</table>";
    m_text->setHtml(html);
    return;
  }
  const api::SnapshotNode& n = g.nodes[it.index];
  if (m_panel) m_panel->setVisible(m_panelShow(g, n));
  const auto doc = api::OperatorDoc(n.domain, n.op_type, n.opset);
  html += "<h2>" + QEscaped(n.op_type) + "</h2>";
  html += "<p>" + (n.domain.empty() ? QStringLiteral("ai.onnx") : QEscaped(n.domain)) + " · " +
          tr("opset %1").arg(n.opset);
  // An op ONNX defines only from a later opset (ai.onnx LayerNormalization before 17) is ONNX
  // Runtime's at this one.
  if (doc && doc->since_version > n.opset)
    html +=
        " · " + tr("ONNX Runtime's at this opset (ONNX: from version %1)").arg(doc->since_version);
  else if (doc)
    html += " · " + tr("since version %1").arg(doc->since_version);
  html += "</p>";
  if (!n.name.empty())
    html += "<p><b>" + tr("Name") + "</b> <code>" + QEscaped(n.name) + "</code></p>";
  int sameType = 0;
  for (const auto& other : g.nodes) sameType += other.op_type == n.op_type;
  html += "<p>" +
          Link("optype/" + QString::fromStdString(n.op_type).toHtmlEscaped(),
               tr("Select all %1 nodes (%2)").arg(QEscaped(n.op_type)).arg(sameType)) +
          "</p>";
  if (m_placement) {
    if (const api::NodePlacementInfo* at = m_placement(n.id))
      html += "<h3>" + tr("Execution Provider") + "</h3>" + placementHtml(*at);
  }
  if (m_facts) {
    const QString label = QString::fromStdString(api::TraceNodeLabel(n.name, n.op_type, n.id));
    const QString facts = m_facts(label);
    if (!facts.isEmpty()) {
      html += "<h3>" + tr("Profile") + "</h3><p>" + facts.toHtmlEscaped() + "<br>" +
              Link("timeline/" + QString::fromUtf8(QUrl::toPercentEncoding(label)),
                   tr("Show in the timeline")) +
              "</p>";
    }
  }
  if (m_quantFacts) html += m_quantFacts(g, n);
  html += qdqNodeHtml(g, n);
  if (!n.known)
    html += "<p style='color:#c62828'><b>" + tr("Unknown op") + "</b>: " +
            tr("neither ONNX's operator registry nor the onnxlens runtime knows %1 in domain %2; "
               "the model can be inspected but not run.")
                .arg(QEscaped(n.op_type),
                     n.domain.empty() ? QStringLiteral("ai.onnx") : QEscaped(n.domain)) +
            "</p>";
  else if (!doc)
    html += "<p style='color:#b05000'>" +
            tr("Not in ONNX's operator registry (custom or contrib op).") + "</p>";
  else if (doc->domain == "com.microsoft")
    html += "<p style='color:gray'>" +
            tr("An ONNX Runtime contrib op (com.microsoft), documented after ONNX Runtime's "
               "ContribOperators.md.") +
            "</p>";
  if (!n.attributes.empty()) {
    html += "<h3>" + tr("Attributes") + "</h3><table cellspacing='4'>";
    for (const auto& a : n.attributes)
      html += Row(QEscaped(a.name), "<code>" + QEscaped(a.value) + "</code>");
    html += "</table>";
  }
  auto params = [&](const QString& title, const std::vector<int>& values,
                    const std::vector<api::OpFormalParameter>* formal) {
    html += "<h3>" + title + "</h3><table cellspacing='4'>";
    const size_t shown = std::min(values.size(), kMaxListed);
    for (size_t k = 0; k < shown; ++k) {
      QString name = QString::number(k);
      if (formal && !formal->empty())
        name = QEscaped((*formal)[std::min(k, formal->size() - 1)].name);
      html += Row(name, ValueCells(g, values[k]));
    }
    html += "</table>" + NotListed(values.size() - shown);
  };
  params(tr("Inputs"), n.inputs, doc ? &doc->inputs : nullptr);
  params(tr("Outputs"), n.outputs, doc ? &doc->outputs : nullptr);
  if (!n.subgraphs.empty()) {
    html += "<h3>" + tr("Subgraphs") + "</h3><ul>";
    for (int b : n.subgraphs) {
      const api::SnapshotGraph& body = m_snapshot->graphs[b];
      html += "<li>" +
              Link("graph/" + QString::number(b),
                   "<code>" + QEscaped(body.attribute.empty() ? body.name : body.attribute) +
                       "</code>") +
              (body.name.empty() ? QString() : " <i>" + QEscaped(body.name) + "</i>") + " — " +
              tr("%n node(s)", nullptr, static_cast<int>(body.nodes.size())) + "</li>";
    }
    html += "</ul>";
  }
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
        tail += "<li><b>" + QEscaped(a.name) + "</b> <i>" + QEscaped(a.type) +
                (a.required ? ", " + tr("required") : QString()) +
                "</i>: " + InlineMarkdown(a.description) + "</li>";
      tail += "</ul>";
    }
    auto formal = [&](const QString& title, const std::vector<api::OpFormalParameter>& list) {
      if (list.empty()) return;
      tail += "<h4>" + title + "</h4><ul>";
      for (const auto& p : list) {
        QString kind = QEscaped(p.type);
        if (p.option == "optional") kind += ", " + tr("optional");
        if (p.option == "variadic") kind += ", " + tr("variadic");
        tail += "<li><b>" + QEscaped(p.name) + "</b> <i>" + kind + "</i>" +
                (p.description.empty() ? QString() : ": " + InlineMarkdown(p.description)) +
                "</li>";
      }
      tail += "</ul>";
    };
    formal(tr("Inputs"), doc->inputs);
    formal(tr("Outputs"), doc->outputs);
    if (!doc->type_constraints.empty()) {
      tail += "<h4>" + tr("Type constraints") + "</h4><ul>";
      for (const auto& c : doc->type_constraints) {
        QStringList allowed;
        for (const auto& t : c.allowed) allowed << QEscaped(t);
        tail += "<li><b>" + QEscaped(c.name) + "</b>: " + allowed.join(", ") + "</li>";
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
    // Without HTML: the schemas write "Tensor<T>", which read as a tag cut the doc there.
    QTextDocument md;
    md.setMarkdown(QString::fromStdString(doc->doc),
                   QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                   QTextDocument::MarkdownNoHTML));
    c.insertBlock();
    c.insertFragment(QTextDocumentFragment(&md));
    c.movePosition(QTextCursor::End);
    c.insertBlock();
    c.insertHtml(tail);
  }
  m_text->moveCursor(QTextCursor::Start);
  recolorLinks();
}

}  // namespace widgets
}  // namespace onnxlens
