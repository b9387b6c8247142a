// Model summary panel.
#include "widgets/model_summary_panel.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/locale_text.h"
#include "widgets/op_histogram_model.h"
#include "widgets/value_table_model.h"

namespace onnxlens {
namespace widgets {

namespace {

QTableView* makeSummaryTable(QAbstractItemModel* model, QWidget* parent) {
  auto* t = new QTableView(parent);
  t->setModel(model);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->verticalHeader()->hide();
  t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
  t->horizontalHeader()->setStretchLastSection(true);
  t->setAlternatingRowColors(true);
  t->setWordWrap(false);
  return t;
}

// Binary units named as such (KiB, MiB), as the CLI and the Profile tab write them: the
// traditional format said "MB" for 2^20 bytes.
QString bytesText(uint64_t bytes) {
  return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1, QLocale::DataSizeIecFormat);
}

QString countText(int64_t n) { return localeNumberText(api::FormatCount(n)); }

// A minimum height that shows `rows` rows (at most kRowsAlwaysVisible) below the header, room
// left for a horizontal scroll bar.
void keepRowsVisible(QTableView* t, int rows) {
  const int shown = std::clamp(rows, 1, ModelSummaryPanel::kRowsAlwaysVisible);
  t->setMinimumHeight(t->horizontalHeader()->sizeHint().height() +
                      shown * t->verticalHeader()->defaultSectionSize() + 2 * t->frameWidth() +
                      t->horizontalScrollBar()->sizeHint().height());
}

}  // namespace

ModelSummaryPanel::ModelSummaryPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  m_title = new QLabel(this);
  QFont f = m_title->font();
  f.setPointSizeF(f.pointSizeF() * 1.5);
  f.setBold(true);
  m_title->setFont(f);
  m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_subtitle = new QLabel(this);
  m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
  outer->addWidget(m_title);
  outer->addWidget(m_subtitle);

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  outer->addWidget(splitter, 1);

  // Left: properties and inputs/outputs, scrolled when the window is too short for both tables'
  // rows (they keep up to kRowsAlwaysVisible rows in view: a table of 2-4 visible rows among
  // many properties made the inputs of a three-input model scroll).
  auto* leftScroll = new QScrollArea(splitter);
  leftScroll->setWidgetResizable(true);
  leftScroll->setFrameShape(QFrame::NoFrame);
  leftScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  auto* left = new QWidget(leftScroll);
  leftScroll->setWidget(left);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  auto* propsBox = new QGroupBox(tr("Model"), left);
  m_form = new QFormLayout(propsBox);
  m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  leftLayout->addWidget(propsBox);

  m_inputsModel = new ValueTableModel(this);
  m_outputsModel = new ValueTableModel(this);
  auto valueTable = [](ValueTableModel* model, QWidget* parent) {
    QTableView* t = makeSummaryTable(model, parent);
    t->horizontalHeader()->setSectionResizeMode(ValueTableModel::NameColumn,
                                                QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(ValueTableModel::TypeColumn,
                                                QHeaderView::ResizeToContents);
    return t;
  };
  auto* inBox = new QGroupBox(tr("Inputs"), left);
  m_inputsTable = valueTable(m_inputsModel, inBox);
  (new QVBoxLayout(inBox))->addWidget(m_inputsTable);
  auto* outBox = new QGroupBox(tr("Outputs"), left);
  m_outputsTable = valueTable(m_outputsModel, outBox);
  (new QVBoxLayout(outBox))->addWidget(m_outputsTable);
  leftLayout->addWidget(inBox, 1);
  leftLayout->addWidget(outBox, 1);

  m_warningsBox = new QGroupBox(tr("Warnings"), left);
  m_warnings = new QListWidget(m_warningsBox);
  m_warnings->setWordWrap(true);
  (new QVBoxLayout(m_warningsBox))->addWidget(m_warnings);
  leftLayout->addWidget(m_warningsBox, 1);
  m_warningsBox->hide();

  // Right: the op histogram.
  auto* opBox = new QGroupBox(tr("Operators"), splitter);
  auto* opLayout = new QVBoxLayout(opBox);
  m_opFilter = new QLineEdit(opBox);
  m_opFilter->setPlaceholderText(tr("Filter operators"));
  m_opFilter->setClearButtonEnabled(true);
  opLayout->addWidget(m_opFilter);
  m_opModel = new OpHistogramModel(this);
  m_opProxy = new QSortFilterProxyModel(this);
  m_opProxy->setSourceModel(m_opModel);
  m_opProxy->setSortRole(OpHistogramModel::SortRole);
  m_opProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
  m_opProxy->setFilterKeyColumn(OpHistogramModel::OperatorColumn);
  m_opTable = makeSummaryTable(m_opProxy, opBox);
  m_opTable->setSortingEnabled(true);
  m_opTable->sortByColumn(OpHistogramModel::CountColumn, Qt::DescendingOrder);
  m_opTable->horizontalHeader()->setStretchLastSection(false);
  m_opTable->horizontalHeader()->setSectionResizeMode(OpHistogramModel::OperatorColumn,
                                                      QHeaderView::Stretch);
  m_opTable->horizontalHeader()->setSectionResizeMode(OpHistogramModel::CountColumn,
                                                      QHeaderView::ResizeToContents);
  m_opTable->horizontalHeader()->setSectionResizeMode(OpHistogramModel::ShareColumn,
                                                      QHeaderView::ResizeToContents);
  m_opTable->horizontalHeader()->setSectionResizeMode(OpHistogramModel::MacsColumn,
                                                      QHeaderView::ResizeToContents);
  m_opTable->horizontalHeader()->setSectionResizeMode(OpHistogramModel::FlopsColumn,
                                                      QHeaderView::ResizeToContents);
  opLayout->addWidget(m_opTable);
  auto* hint = new QLabel(tr("Double-click an operator to select its nodes in the graph."), opBox);
  hint->setWordWrap(true);
  hint->setEnabled(false);  // drawn as secondary text
  opLayout->addWidget(hint);
  connect(m_opTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    const QString op = m_opModel->op(m_opProxy->mapToSource(index).row());
    if (!op.isEmpty()) emit opTypeActivated(op);
  });
  connect(m_opFilter, &QLineEdit::textChanged, m_opProxy,
          &QSortFilterProxyModel::setFilterFixedString);

  splitter->addWidget(leftScroll);
  splitter->addWidget(opBox);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
}

void ModelSummaryPanel::addProperty(const QString& label, const QString& value) {
  auto* v = new QLabel(value, this);
  v->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->setWordWrap(true);
  v->setObjectName(label);
  m_form->addRow(label, v);
}

QString ModelSummaryPanel::propertyText(const QString& label) const {
  for (int r = 0; r < m_form->rowCount(); ++r) {
    auto* l = qobject_cast<QLabel*>(m_form->itemAt(r, QFormLayout::LabelRole)
                                        ? m_form->itemAt(r, QFormLayout::LabelRole)->widget()
                                        : nullptr);
    auto* v = qobject_cast<QLabel*>(m_form->itemAt(r, QFormLayout::FieldRole)
                                        ? m_form->itemAt(r, QFormLayout::FieldRole)->widget()
                                        : nullptr);
    if (l && v && l->text() == label) return v->text();
  }
  return {};
}

void ModelSummaryPanel::setModelInfo(std::shared_ptr<const api::ModelInfo> info) {
  m_info = std::move(info);
  while (m_form->rowCount() > 0) m_form->removeRow(0);
  if (!m_info) return;
  const api::ModelInfo& i = *m_info;
  const QLocale loc;
  m_title->setText(QFileInfo(QString::fromStdString(i.path)).fileName());
  m_subtitle->setText(tr("%1 — %2, loaded in %3 s")
                          .arg(QString::fromStdString(i.path), bytesText(i.file_bytes),
                               loc.toString(i.load_seconds, 'f', 2)));

  addProperty(tr("Producer"),
              QString::fromStdString(i.producer_name + " " + i.producer_version).trimmed());
  addProperty(tr("IR version"), QString::number(i.ir_version));
  QStringList opsets;
  for (const auto& [d, v] : i.opsets)
    opsets << QStringLiteral("%1 %2").arg(QString::fromStdString(d)).arg(v);
  addProperty(tr("Opsets"), opsets.join(QStringLiteral(", ")));
  if (!i.graph_name.empty()) addProperty(tr("Graph"), QString::fromStdString(i.graph_name));
  QString nodes = loc.toString(static_cast<qlonglong>(i.node_count));
  if (i.subgraph_count) {
    nodes = tr("%1 in the main graph, %2 in all (subgraphs: %3)")
                .arg(nodes, loc.toString(static_cast<qlonglong>(i.node_count_total)),
                     loc.toString(static_cast<qlonglong>(i.subgraph_count)));
  }
  addProperty(tr("Nodes"), nodes);
  addProperty(tr("Initializers"),
              tr("%1 (%2)").arg(loc.toString(static_cast<qlonglong>(i.initializer_count)),
                                bytesText(i.initializer_bytes)));
  addProperty(tr("Parameters"), loc.toString(static_cast<qlonglong>(i.parameter_count)));
  const api::ModelCost& cost = i.cost;
  QString compute = tr("%1 MACs · %2 FLOPs").arg(countText(cost.macs), countText(cost.flops));
  if (!cost.dims.empty()) {
    QStringList dims;
    for (const auto& [name, value] : cost.dims)
      dims << QString::fromStdString(name) + QLatin1Char('=') + QString::number(value);
    compute += QStringLiteral(" ") + tr("with %1").arg(dims.join(QLatin1Char(' ')));
  } else if (cost.symbolic_dims_as_one) {
    compute += QStringLiteral(" ") + tr("per batch item");
  }
  if (cost.uncounted_nodes)
    compute += QStringLiteral(" · ") +
               tr("%n node(s) not counted", nullptr, static_cast<int>(cost.uncounted_nodes));
  addProperty(tr("Compute"), compute);
  addProperty(tr("Activation memory"), tr("peak %1, %2 in all")
                                           .arg(bytesText(cost.activation_peak_bytes),
                                                bytesText(cost.activation_total_bytes)));
  if (QWidget* w = findChild<QLabel*>(tr("Compute")))
    w->setToolTip(
        tr("Estimated from the main graph's static shapes: multiply-accumulates of "
           "Conv, Gemm, MatMul and recurrent ops; FLOPs are 2 per MAC plus the "
           "element-wise arithmetic. Symbolic dimensions (batch) count as 1."));
  if (QWidget* w = findChild<QLabel*>(tr("Activation memory")))
    w->setToolTip(
        tr("Estimated: the most intermediate tensors alive at once when the nodes run "
           "in order and each tensor is freed after its last reader; 'in all' adds "
           "every one up. Weights are not included."));
  if (!i.functions.empty()) addProperty(tr("Functions"), QString::number(i.functions.size()));
  addProperty(tr("ONNX checker"), i.checker_passed ? tr("passed") : tr("failed (see warnings)"));
  if (!i.shape_inference_complete)
    addProperty(tr("Shape inference"), tr("incomplete (see warnings)"));
  for (const auto& [k, v] : i.metadata) {
    addProperty(QString::fromStdString(k), QString::fromStdString(v));
  }
  if (!i.doc_string.empty()) addProperty(tr("Documentation"), QString::fromStdString(i.doc_string));

  m_inputsModel->setValues(i.inputs);
  m_outputsModel->setValues(i.outputs);
  keepRowsVisible(m_inputsTable, static_cast<int>(i.inputs.size()));
  keepRowsVisible(m_outputsTable, static_cast<int>(i.outputs.size()));
  m_opModel->setHistogram(i.op_histogram);
  m_opModel->setCost(i.cost.by_op);

  m_warnings->clear();
  for (const auto& w : i.warnings) m_warnings->addItem(QString::fromStdString(w));
  m_warningsBox->setVisible(!i.warnings.empty());
}

}  // namespace widgets
}  // namespace onnxlens
