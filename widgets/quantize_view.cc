// The Quantize tab (see quantize_view.h).
#include "widgets/quantize_view.h"

#include <algorithm>
#include <filesystem>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryFile>
#include <QVBoxLayout>
#include <unordered_map>

#include "api/model_info.h"
#include "api/trace.h"
#include "widgets/quantize_charts.h"
#include "widgets/quantize_form.h"
#include "widgets/quantize_models.h"
#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

namespace {

QTableView* makeQuantTable(QWidget* parent, QAbstractItemModel* model) {
  auto* t = new QTableView(parent);
  t->setModel(model);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setSelectionMode(QAbstractItemView::SingleSelection);
  t->verticalHeader()->hide();
  t->horizontalHeader()->setStretchLastSection(true);
  t->setAlternatingRowColors(true);
  return t;
}

QString bytes(uint64_t n) { return QLocale().formattedDataSize(static_cast<qint64>(n)); }

}  // namespace

QuantizeView::QuantizeView(QWidget* parent) : QWidget(parent) {
  auto* split = new QSplitter(Qt::Horizontal, this);
  auto* outer = new QHBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(split);

  auto* left = new QWidget(split);
  auto* leftLayout = new QVBoxLayout(left);
  auto* scroll = new QScrollArea(left);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  m_form = new QuantizeForm(scroll);
  scroll->setWidget(m_form);
  leftLayout->addWidget(scroll, 1);
  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(tr("Quantize"), left);
  m_run->setDefault(true);
  m_cancel = new QPushButton(tr("Cancel"), left);
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  buttons->addStretch();
  leftLayout->addLayout(buttons);
  m_progress = new QProgressBar(left);
  m_progress->setRange(0, 100);
  m_stage = new QLabel(left);
  m_stage->setObjectName(QStringLiteral("quantizeStage"));
  m_stage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  leftLayout->addWidget(m_progress);
  leftLayout->addWidget(m_stage);
  auto* worst = new QHBoxLayout;
  m_worstN = new QSpinBox(left);
  m_worstN->setRange(1, 50);
  m_worstN->setValue(3);
  m_excludeWorst = new QPushButton(tr("Exclude the N Worst and Re-run"), left);
  m_excludeWorst->setToolTip(
      tr("Leaves the nodes of the N layers with the lowest SQNR in float and quantizes again"));
  worst->addWidget(new QLabel(tr("N:"), left));
  worst->addWidget(m_worstN);
  worst->addWidget(m_excludeWorst, 1);
  leftLayout->addLayout(worst);
  auto* searchBox = new QGroupBox(tr("Automatic Search (mixed precision)"), left);
  auto* searchLayout = new QVBoxLayout(searchBox);
  auto* searchRow = new QHBoxLayout;
  m_metric = new QComboBox(searchBox);
  m_metric->addItem(tr("Cosine ≥"), QStringLiteral("cosine"));
  m_metric->addItem(tr("SQNR dB ≥"), QStringLiteral("sqnr"));
  m_target = new QDoubleSpinBox(searchBox);
  m_target->setDecimals(4);
  m_target->setRange(0.0001, 200);
  m_target->setValue(0.999);
  m_maxSteps = new QSpinBox(searchBox);
  m_maxSteps->setRange(1, 100);
  m_maxSteps->setValue(8);
  m_maxSteps->setPrefix(tr("trials "));
  m_search = new QPushButton(tr("Search"), searchBox);
  m_search->setToolTip(
      tr("Measures the error each node adds when it alone is quantized, then bisects on how many "
         "of the most harmful stay in float until the worst output reaches the target; each "
         "trial measures accuracy and P50"));
  searchRow->addWidget(m_metric);
  searchRow->addWidget(m_target);
  searchRow->addWidget(m_maxSteps);
  searchRow->addWidget(m_search);
  searchLayout->addLayout(searchRow);
  m_searchTabs = new QTabWidget(searchBox);
  m_steps = new SearchStepsModel(this);
  m_stepTable = makeQuantTable(m_searchTabs, m_steps);
  m_searchTabs->addTab(m_stepTable, tr("Trials"));
  m_sensitivity = new SensitivityModel(this);
  m_sensitivityTable = makeQuantTable(m_searchTabs, m_sensitivity);
  m_sensitivityTable->setToolTip(tr("Double-click a node to see it in the graph"));
  m_searchTabs->addTab(m_sensitivityTable, tr("Sensitivity"));
  // Node names are long and end in what tells them apart ("/features.3/conv/conv.1/Conv").
  m_stepTable->setTextElideMode(Qt::ElideLeft);
  m_sensitivityTable->setTextElideMode(Qt::ElideLeft);
  m_searchTabs->setMinimumHeight(120);
  m_searchTabs->setMaximumHeight(170);  // the options above keep most of the column
  searchLayout->addWidget(m_searchTabs);
  leftLayout->addWidget(searchBox);
  connect(m_metric, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    m_target->setValue(m_metric->currentData().toString() == QLatin1String("sqnr") ? 20 : 0.999);
  });
  connect(m_search, &QPushButton::clicked, this, [this] {
    search(m_metric->currentData().toString(), m_target->value(), m_maxSteps->value());
  });
  m_compare = new QPushButton(tr("Compare Graphs in the Optimize Tab"), left);
  m_export = new QPushButton(tr("Export Quantized Model…"), left);
  leftLayout->addWidget(m_compare);
  leftLayout->addWidget(m_export);

  auto* right = new QSplitter(Qt::Vertical, split);
  m_right = right;
  auto* top = new QWidget(right);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(4, 4, 4, 0);
  m_summary = new QLabel(tr("Choose the options and press Quantize."), top);
  m_summary->setWordWrap(true);
  m_summary->setTextFormat(Qt::RichText);
  m_outputs = new OutputMetricsModel(this);
  m_outputTable = makeQuantTable(top, m_outputs);
  m_outputTable->setMaximumHeight(90);
  topLayout->addWidget(m_summary);
  topLayout->addWidget(m_outputTable);
  auto* charts = new QSplitter(Qt::Horizontal, right);
  m_chart = new SqnrChart(charts);
  m_hist = new LayerHistogramView(charts);
  charts->setSizes({560, 420});
  m_layers = new LayerMetricsModel(this);
  m_layerTable = makeQuantTable(right, m_layers);
  right->addWidget(top);
  right->addWidget(charts);
  right->addWidget(m_layerTable);
  right->setStretchFactor(0, 0);
  right->setStretchFactor(1, 4);
  right->setStretchFactor(2, 1);
  right->setSizes({170, 480, 110});
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(1, 1);
  split->setSizes({390, 890});

  m_task = new BackgroundTask<QuantizeResult>(this);
  m_task->onFinished([this](Expected<QuantizeResult> r) { onResult(std::move(r)); });
  connect(m_task, &BackgroundTaskBase::progress, this, [this](const Progress& p) {
    m_progress->setValue(qRound(p.fraction * 100));
    m_stage->setText(progressText(p));
    m_stage->setToolTip(m_stage->text());
  });
  connect(m_task, &BackgroundTaskBase::finished, this, [this] { setRunning(false); });
  connect(m_task, &BackgroundTaskBase::cancelled, this, [this] {
    setRunning(false);
    if (!m_pendingPath.isEmpty()) QFile::remove(m_pendingPath);
    emit statusMessage(tr("Quantization cancelled"));
  });
  connect(m_run, &QPushButton::clicked, this, &QuantizeView::quantize);
  connect(m_cancel, &QPushButton::clicked, this, &QuantizeView::cancel);
  connect(m_excludeWorst, &QPushButton::clicked, this,
          [this] { excludeWorstAndRerun(m_worstN->value()); });
  connect(m_compare, &QPushButton::clicked, this, [this] {
    if (m_doc && m_doc->quantizeResult()) emit compareRequested(m_doc->quantizeResult()->path);
  });
  connect(m_export, &QPushButton::clicked, this, &QuantizeView::exportRequested);
  connect(m_chart, &SqnrChart::layerClicked, this, [this](int layer) {
    showLayer(layer);
    if (layer < m_layerNodes.size() && !m_layerNodes[layer].isEmpty())
      emit showInGraphRequested(m_layerNodes[layer]);
  });
  connect(m_layerTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid() && current.row() != m_layer) showLayer(current.row());
          });
  connect(m_sensitivityTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    const QString label = nodeLabel(m_sensitivity->nodeAt(index.row()));
    if (!label.isEmpty()) emit showInGraphRequested(label);
  });
  connect(m_layerTable, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    if (index.row() < m_layerNodes.size() && !m_layerNodes[index.row()].isEmpty())
      emit showInGraphRequested(m_layerNodes[index.row()]);
  });
  setRunning(false);
}

QuantizeView::~QuantizeView() = default;

void QuantizeView::setDocument(Document* document) {
  m_doc = document;
  connect(m_doc, &Document::modelChanged, this, [this] {
    m_task->cancel();
    m_form->clearExcluded();
  });
  connect(m_doc, &Document::quantizeResultChanged, this, &QuantizeView::showResult);
  showResult();
}

api::CompareModelsRequest QuantizeView::compareRequest(const api::QuantizeRequest& q) {
  api::CompareModelsRequest c;
  c.threads = q.threads;
  if (!q.calib_dir.empty()) {
    c.inputs_dir = q.calib_dir;
  } else if (!q.images.empty()) {
    c.images = q.images;
  } else {
    c.random_samples = q.random_samples > 0 ? q.random_samples : 8;
    c.seed = q.seed + 1;  // held out: not the samples the ranges came from
    c.dims = q.dims;
    c.ranges = q.ranges;
  }
  return c;
}

Expected<QuantizeResult> QuantizeView::finish(const QString& model, QuantizeResult r,
                                              const JobControl& job) {
  // No snapshot of the quantized file is kept (twice the float graph's nodes: 100 MB at 50,000
  // nodes): the comparison names the nodes it needs (LayerAgreement::b_producer), and the
  // Optimize tab reads the file when asked to show it.
  OL_ASSIGN_OR_RETURN(api::CompareModelsReport compare,
                      api::CompareModelFiles(model.toStdString(), r.path.toStdString(),
                                             compareRequest(r.request), job));
  r.compare = std::make_shared<const api::CompareModelsReport>(std::move(compare));
  return r;
}

Expected<QuantizeResult> QuantizeView::run(const QString& model,
                                           const api::QuantizeRequest& request,
                                           const QString& output, const JobControl& job) {
  QuantizeResult r;
  r.request = request;
  r.request.output = output.toStdString();
  r.path = output;
  OL_ASSIGN_OR_RETURN(r.quantize,
                      api::QuantizeModelFile(model.toStdString(), r.request, job.Slice(0, 0.6)));
  return finish(model, std::move(r), job.Slice(0.6, 1.0));
}

bool QuantizeView::start(
    const api::QuantizeRequest& request,
    std::function<Expected<QuantizeResult>(const QString&, const QString&, const JobControl&)>
        work) {
  const QString output = m_doc->scratchFile(QStringLiteral("-quantized.onnx"));
  if (output.isEmpty()) {
    emit errorOccurred(tr("Cannot quantize"), tr("No temporary folder can be made."));
    return false;
  }
  m_pending = request;
  m_pendingPath = output;
  const QString model = m_doc->path();
  setRunning(true);
  m_progress->setValue(0);
  m_stage->setText(stageText(Stage::kCalibrating));
  m_task->start([model, output, work = std::move(work)](const JobControl& job) {
    return work(model, output, job);
  });
  return true;
}

bool QuantizeView::quantize() {
  if (!m_doc || m_doc->path().isEmpty()) return false;
  api::QuantizeRequest request;
  QString error;
  if (!m_form->request(&request, &error)) {
    emit errorOccurred(tr("Cannot quantize"), error);
    return false;
  }
  return start(request,
               [request](const QString& model, const QString& output, const JobControl& job) {
                 return run(model, request, output, job);
               });
}

bool QuantizeView::search(const QString& metric, double target, int maxSteps) {
  if (!m_doc || m_doc->path().isEmpty()) return false;
  api::QuantSearchRequest sr;
  QString error;
  if (!m_form->request(&sr.quantize, &error)) {
    emit errorOccurred(tr("Cannot search"), error);
    return false;
  }
  if (sr.quantize.mode != "static") {
    emit errorOccurred(tr("Cannot search"), tr("The search quantizes statically: choose Static."));
    return false;
  }
  sr.metric = metric.toStdString();
  sr.target = target;
  sr.max_steps = maxSteps;
  sr.latency_runs = 5;
  m_steps->clear();
  m_sensitivity->setReport(nullptr);
  m_searchTabs->setCurrentWidget(m_stepTable);
  const quint64 generation = ++m_generation;
  QPointer<QuantizeView> self(this);
  // Steps arrive on the searching thread; each is listed on the UI thread while the run is
  // still the current one.
  auto onStep = [self, generation](const api::QuantSearchStep& step) {
    QMetaObject::invokeMethod(
        self.data(),
        [self, generation, step] {
          if (self && self->m_generation == generation) {
            self->m_steps->addStep(step);
            self->m_stepTable->resizeColumnsToContents();
          }
        },
        Qt::QueuedConnection);
  };
  return start(sr.quantize,
               [sr, onStep](const QString& model, const QString& output,
                            const JobControl& job) -> Expected<QuantizeResult> {
                 api::QuantSearchRequest request = sr;
                 request.quantize.output = output.toStdString();
                 OL_ASSIGN_OR_RETURN(api::QuantSearchReport report,
                                     api::SearchQuantization(model.toStdString(), request,
                                                             job.Slice(0, 0.8), onStep));
                 QuantizeResult r;
                 r.request = request.quantize;
                 for (const std::string& node : report.excluded)
                   r.request.exclude_nodes.push_back(node);
                 r.path = output;
                 r.quantize = report.quantize;
                 r.search = std::make_shared<const api::QuantSearchReport>(std::move(report));
                 return finish(model, std::move(r), job.Slice(0.8, 1.0));
               });
}

void QuantizeView::cancel() { m_task->cancel(); }
bool QuantizeView::isRunning() const { return m_task->isRunning(); }
void QuantizeView::waitForRun() { m_task->waitForFinished(); }

void QuantizeView::onResult(Expected<QuantizeResult> result) {
  if (!result.ok()) {
    QFile::remove(m_pendingPath);
    emit errorOccurred(tr("Cannot quantize"), QString::fromStdString(result.status().message()));
    return;
  }
  if (result->search) {
    QStringList found;
    for (const std::string& n : result->search->excluded) found << QString::fromStdString(n);
    m_form->excludeNodes(found);  // the next run keeps what the search left in float
    m_generation = 0;             // late steps of this run are already listed
  }
  m_doc->setQuantizeResult(std::make_shared<const QuantizeResult>(std::move(*result)));
  emit statusMessage(tr("Quantized into %1").arg(QDir::toNativeSeparators(m_pendingPath)));
}

int QuantizeView::excludeWorstAndRerun(int n) {
  if (!m_doc || !m_doc->quantizeResult()) return 0;
  const QuantizeResult& r = *m_doc->quantizeResult();
  // The quantized file's node producing the tensor: the node the quantizer knows by that name
  // (a Conv with its BatchNormalization folded stands for the BatchNormalization's output).
  const QStringList already = m_form->excludedNodes();
  QStringList add;
  for (const api::LayerAgreement& l : r.compare->layers) {
    if (add.size() >= n) break;
    if (l.stats.sqnr_db >= api::kExactSqnr || l.b_producer.empty()) continue;
    const QString node = QString::fromStdString(l.b_producer);
    if (!already.contains(node) && !add.contains(node)) add << node;
  }
  if (add.isEmpty()) return 0;
  m_form->excludeNodes(add);
  quantize();
  return add.size();
}

void QuantizeView::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_search->setEnabled(!running);
  m_cancel->setEnabled(running);
  m_progress->setVisible(running);
  m_stage->setVisible(running);
  const bool have = m_doc && m_doc->quantizeResult();
  m_excludeWorst->setEnabled(!running && have);
  m_compare->setEnabled(have);
  m_export->setEnabled(have);
}

void QuantizeView::showResult() {
  const auto r = m_doc ? m_doc->quantizeResult() : nullptr;
  m_layer = -1;
  m_layerNodes.clear();
  m_hist->clear();
  setRunning(isRunning());
  if (!r) {
    m_outputs->setReport(nullptr);
    m_layers->setReport(nullptr, {});
    m_chart->setReport(nullptr, {});
    m_summary->setText(tr("Choose the options and press Quantize."));
    return;
  }
  const api::CompareModelsReport& c = *r->compare;
  // Each layer's node in the float graph: its name for the table, its trace label for the graph.
  std::unordered_map<std::string, std::string> names;
  QStringList labels;
  const auto snapshot = m_doc->snapshot();
  std::unordered_map<std::string, int> producer;
  if (snapshot && !snapshot->graphs.empty())
    for (const api::SnapshotValue& v : snapshot->graphs[0].values)
      if (v.producer >= 0) producer[v.name] = v.producer;
  for (const api::LayerAgreement& l : c.layers) {
    auto it = producer.find(l.tensor);
    if (it == producer.end()) {
      m_layerNodes << QString();
      labels << QString::fromStdString(l.tensor);
      continue;
    }
    const api::SnapshotNode& n = snapshot->graphs[0].nodes[it->second];
    const std::string label = api::TraceNodeLabel(n.name, n.op_type, n.id);
    names[l.tensor] = label;
    m_layerNodes << QString::fromStdString(label);
    labels << QString::fromStdString(label);
  }
  if (r->search && m_steps->rowCount() != static_cast<int>(r->search->steps.size())) {
    m_steps->clear();
    for (const api::QuantSearchStep& step : r->search->steps) m_steps->addStep(step);
  }
  if (r->search) {
    m_sensitivity->setReport(r->search);
    m_stepTable->resizeColumnsToContents();
    m_sensitivityTable->resizeColumnsToContents();
    // The numbers first; the node column takes what is left, elided at its start.
    for (QTableView* t : {m_stepTable, m_sensitivityTable}) {
      const int last = t->model()->columnCount() - 1;
      t->setColumnWidth(last, std::min(t->columnWidth(last), 260));
    }
  }
  auto report = r->compare;
  m_outputs->setReport(report);
  m_layers->setReport(report, std::move(names));
  m_chart->setReport(report, labels);
  m_outputTable->resizeColumnsToContents();
  // Every output row in view, with room for the horizontal scroll bar.
  int rows = m_outputTable->horizontalHeader()->height() + 2 * m_outputTable->frameWidth() +
             m_outputTable->horizontalScrollBar()->sizeHint().height();
  for (int i = 0; i < std::min(m_outputs->rowCount(), 4); ++i) rows += m_outputTable->rowHeight(i);
  m_outputTable->setMaximumHeight(std::max(rows, 60));
  m_layerTable->resizeColumnsToContents();
  const api::QuantizeReport& q = r->quantize;
  // Figures in the interface language's format (German 0,27 as its byte sizes already were).
  const auto num = [](double v) { return QLocale().toString(v, 'f', 2); };
  QString text = tr("<b>%1</b> quantization, %2 calibration sample(s) · %3 Q/DQ pairs")
                     .arg(q.mode == "dynamic" ? tr("dynamic") : tr("static"))
                     .arg(q.calibration_samples)
                     .arg(q.quantize_nodes) +
                 QStringLiteral("<br>") +
                 tr("Size: float %1 → quantized %2 (%3×)")
                     .arg(bytes(c.bytes_a), bytes(c.bytes_b))
                     .arg(num(c.bytes_a ? static_cast<double>(c.bytes_b) / c.bytes_a : 0.0));
  if (c.latency_runs > 0) {
    text += QStringLiteral(" · ") + tr("P50: float %1 ms → quantized %2 ms (%3×)")
                                        .arg(num(c.p50_ms_a))
                                        .arg(num(c.p50_ms_b))
                                        .arg(num(c.p50_ms_a > 0 ? c.p50_ms_b / c.p50_ms_a : 0.0));
    // Every latency with its spread, and a warning when the runs cannot be compared (issue 35.6).
    text += QStringLiteral("<br>") +
            tr("P10–P90: float %1–%2 ms, quantized %3–%4 ms (%5 runs each, alternated)")
                .arg(num(c.latency_a.p10))
                .arg(num(c.latency_a.p90))
                .arg(num(c.latency_b.p10))
                .arg(num(c.latency_b.p90))
                .arg(c.latency_runs);
    // What the times are of (issue 39: every figure names its level and threads).
    if (!c.latency_level.empty())
      text += QStringLiteral(" · ") +
              tr("level %1, %n thread(s)", nullptr, std::max(1, c.latency_noise.threads))
                  .arg(QString::fromStdString(c.latency_level));
    const api::LatencyNoise& n = c.latency_noise;
    QStringList why;
    if (n.noisy)
      why << tr("noisy: spread %1% — close other programs or use 1 thread")
                 .arg(n.spread_percent, 0, 'f', 0);
    if (n.loaded)
      why << tr("machine loaded: %1 of %2 cores busy with other programs")
                 .arg(n.busy_cores)
                 .arg(n.cores);
    if (!why.isEmpty())
      text += QStringLiteral("<br><span style=\"color:#b71c1c\"><b>%1</b> %2</span>")
                  .arg(tr("Latency not reliable:"), why.join(QStringLiteral("; ")));
  }
  text +=
      QStringLiteral("<br>") + tr("Compared on %n sample(s)", nullptr, static_cast<int>(c.samples));
  if (c.random_inputs) text += QStringLiteral(" ") + tr("(random, held out)");
  if (q.random_calibration || !q.warnings.empty()) {
    // Random calibration in the interface language (the report's sentence is the CLI's,
    // English and long enough to be clipped here); the other warnings as the report has them.
    QStringList warnings;
    if (q.random_calibration)
      warnings << tr("calibrated on random data: the ranges are not representative");
    for (const std::string& w : q.warnings)
      if (!q.random_calibration || w.rfind("CALIBRATED ON RANDOM DATA", 0) != 0)
        warnings << QString::fromStdString(w).toHtmlEscaped();
    text += QStringLiteral("<br><span style=\"color:#b71c1c\"><b>%1</b> %2</span>")
                .arg(tr("Warning:"), warnings.join(QStringLiteral("; ")));
  }
  if (!q.notes.empty())  // the one note: no VNNI and full-range weights
    text += QStringLiteral("<br>") +
            tr("This CPU has no VNNI: full-range int8 weights run at about float speed here; "
               "“7-bit weights” runs about twice as fast.");
  if (r->search) {
    const api::QuantSearchReport& sr = *r->search;
    text += QStringLiteral("<br>") +
            (sr.reached ? tr("Search: target %1 %2 reached with %n node(s) in float", nullptr,
                             static_cast<int>(sr.excluded.size()))
                        : tr("Search: target %1 %2 not reached; %n node(s) in float", nullptr,
                             static_cast<int>(sr.excluded.size())))
                .arg(sr.metric == "cosine" ? tr("cosine") : tr("SQNR dB"))
                .arg(sr.target);
  }
  m_summary->setText(text);
  fitSummary();
  if (!c.layers.empty()) showLayer(0);
}

QString QuantizeView::nodeLabel(const QString& name) const {
  const auto snapshot = m_doc ? m_doc->snapshot() : nullptr;
  if (!snapshot || snapshot->graphs.empty() || name.isEmpty()) return {};
  const std::string wanted = name.toStdString();
  for (const api::SnapshotNode& n : snapshot->graphs[0].nodes)
    if (n.name == wanted)
      return QString::fromStdString(api::TraceNodeLabel(n.name, n.op_type, n.id));
  return {};
}

void QuantizeView::showLayer(int layer) {
  const auto r = m_doc ? m_doc->quantizeResult() : nullptr;
  if (!r || layer < 0 || layer >= static_cast<int>(r->compare->layers.size())) return;
  m_layer = layer;
  const api::LayerAgreement& l = r->compare->layers[layer];
  const api::QuantizedRange* calibrated = nullptr;
  for (const api::QuantizedRange& q : r->quantize.ranges)
    if (q.tensor == l.tensor) calibrated = &q;
  m_hist->setLayer(l, calibrated);
  m_layerTable->selectRow(layer);
}

bool QuantizeView::exportTo(const QString& path,
                            const std::function<bool(const QString&, const QString&)>& ask,
                            QString* error) {
  error->clear();
  const auto r = m_doc ? m_doc->quantizeResult() : nullptr;
  if (!r) {
    *error = tr("Quantize the model first.");
    return false;
  }
  const QFileInfo target(path), model(m_doc->path());
  if (target.absoluteFilePath() == model.absoluteFilePath() ||
      (target.exists() && target.canonicalFilePath() == model.canonicalFilePath())) {
    *error = tr("%1 is the model opened; choose another file.").arg(QDir::toNativeSeparators(path));
    return false;
  }
  if (target.exists() &&
      !ask(tr("Replace File"), tr("%1 exists. Replace it?").arg(QDir::toNativeSeparators(path))))
    return false;
  // A copy under a fresh name beside the target, then one rename over it: the user's file is
  // replaced only once the copy is whole, and no other file of theirs is touched.
  QTemporaryFile reserve(path + QStringLiteral(".XXXXXX.part"));
  reserve.setAutoRemove(false);
  if (!reserve.open()) {
    *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(path));
    return false;
  }
  const std::filesystem::path temp = reserve.fileName().toStdString();
  reserve.close();
  std::error_code ec;
  std::filesystem::copy_file(r->path.toStdString(), temp,
                             std::filesystem::copy_options::overwrite_existing, ec);
  if (!ec) std::filesystem::rename(temp, path.toStdString(), ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(path));
    return false;
  }
  return true;
}

QString QuantizeView::summaryText() const { return m_summary->text(); }

void QuantizeView::fitSummary() {
  QList<int> sizes = m_right->sizes();
  if (sizes.size() < 2 || m_summary->width() <= 0) return;
  const QMargins m = m_summary->parentWidget()->layout()->contentsMargins();
  const int want = m_summary->heightForWidth(m_summary->width()) + m_outputTable->maximumHeight() +
                   m.top() + m.bottom() + m_summary->parentWidget()->layout()->spacing();
  if (sizes[0] >= want) return;
  const int grow = std::min(want - sizes[0], std::max(0, sizes[1] - 120));  // charts keep 120 px
  sizes[0] += grow;
  sizes[1] -= grow;
  m_right->setSizes(sizes);
}

}  // namespace widgets
}  // namespace onnxlens
