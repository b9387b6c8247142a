// The Profile tab.
#include "widgets/profile_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "api/slice_details.h"
#include "api/trace.h"
#include "common/file_util.h"
#include "widgets/locale_text.h"
#include "widgets/profile_charts.h"
#include "widgets/profile_dialog.h"
#include "widgets/provider_order_edit.h"
#include "widgets/stage_text.h"
#include "widgets/summary_table_model.h"
#include "widgets/throughput_chart.h"
#include "widgets/timeline_widget.h"

namespace onnxlens {
namespace widgets {

namespace {

using RunPtr = std::shared_ptr<ProfileView::Run>;

// A run of the document from a trace's events: summary, timeline and fused-kernel origins
// (computed in the worker).
RunPtr MakeRun(std::vector<profiling::TraceEvent> events, profiling::TraceMetadata metadata) {
  auto run = std::make_shared<ProfileView::Run>();
  run->events = std::move(events);
  run->metadata = std::move(metadata);
  run->summary = api::SummarizeTrace(run->events);
  run->timeline = std::make_shared<const api::Timeline>(api::BuildTimeline(run->events));
  run->origins = api::IndexOrigins(run->events);
  return run;
}

}  // namespace

namespace {

// Sorts by SummaryTableModel::GroupRole first (in either direction), then by the column: in the
// Range table nodes stay above thread-pool spans and session events.
class GroupedSortProxy : public QSortFilterProxyModel {
 public:
  using QSortFilterProxyModel::QSortFilterProxyModel;

 protected:
  bool lessThan(const QModelIndex& l, const QModelIndex& r) const override {
    const int gl = l.data(SummaryTableModel::GroupRole).toInt();
    const int gr = r.data(SummaryTableModel::GroupRole).toInt();
    if (gl != gr) return sortOrder() == Qt::AscendingOrder ? gl < gr : gl > gr;
    return QSortFilterProxyModel::lessThan(l, r);
  }
};

QTableView* makeTable(SummaryTableModel* model, QWidget* parent) {
  auto* proxy = new GroupedSortProxy(parent);
  proxy->setSourceModel(model);
  proxy->setSortRole(SummaryTableModel::SortRole);
  auto* t = new QTableView(parent);
  t->setModel(proxy);
  t->setSortingEnabled(true);
  t->sortByColumn(SummaryTableModel::TotalColumn, Qt::DescendingOrder);
  t->verticalHeader()->hide();
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  t->horizontalHeader()->setSectionResizeMode(SummaryTableModel::NameColumn, QHeaderView::Stretch);
  return t;
}

}  // namespace

ProfileView::ProfileView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(6, 4, 6, 2);
  m_profile = new QPushButton(tr("Profile…"), this);
  m_open = new QPushButton(tr("Open Trace…"), this);
  m_save = new QPushButton(tr("Save Trace…"), this);
  m_save->setToolTip(
      tr("Save the run shown as a Chrome trace (JSON) for Perfetto, chrome://tracing or "
         "onnxlens-cli trace-summary"));
  m_runChooser = new QComboBox(this);
  // Sized by a minimum length, not by the longest run label: with a long label (German ones are)
  // and the stage, progress bar and Cancel shown, the window grew wider than a 1280 px screen
  // while a profile ran, and stayed so (issue 21.20).
  m_runChooser->setMinimumContentsLength(14);
  m_runChooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_runChooser->setToolTip(tr("The profiles of this session; choose one to show it"));
  m_stage = new QLabel(this);
  // As wide as the widest stage of a profile, so that the bar does not jump as the stages change.
  m_stage->setMinimumWidth(StageText::widest(
      m_stage->fontMetrics(),
      {Stage::kReadingFile, Stage::kParsing, Stage::kChecking, Stage::kInferringShapes,
       Stage::kBuildingGraph, Stage::kCreatingSession, Stage::kWarmingUp, Stage::kProfiling}));
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(200);
  m_progress->setMinimumWidth(60);
  m_progress->setTextVisible(false);
  m_cancel = new QPushButton(tr("Cancel"), this);
  bar->addWidget(m_profile);
  bar->addWidget(m_open);
  bar->addWidget(m_save);
  bar->addWidget(m_runChooser, 1);
  m_search = new QLineEdit(this);
  m_search->setPlaceholderText(tr("Find slices (name or op)"));
  m_search->setClearButtonEnabled(true);
  m_search->setMaximumWidth(220);
  m_searchCount = new QLabel(this);
  bar->addWidget(m_search);
  bar->addWidget(m_searchCount);
  bar->addWidget(m_stage);
  bar->addWidget(m_progress);
  bar->addWidget(m_cancel);
  layout->addLayout(bar);
  m_mismatch = new QLabel(this);
  m_mismatch->setWordWrap(true);
  m_mismatch->setMargin(6);
  m_mismatch->setStyleSheet(
      QStringLiteral("background: #fff3cd; color: #5c4400; border-bottom: 1px solid #e0c060;"));
  m_mismatch->hide();
  layout->addWidget(m_mismatch);

  auto* split = m_split = new QSplitter(Qt::Vertical, this);
  auto* scroll = new QScrollArea(split);
  scroll->setWidgetResizable(true);
  m_timeline = new TimelineWidget(scroll);
  scroll->setWidget(m_timeline);
  m_tabs = new QTabWidget(split);
  // The slice details, the charts and the run comparison scroll when the tabs are short: their
  // minimum heights (a slice's dozen rows, a chart, seven statistics rows) used to become the
  // tabs' minimum, which the splitter then took from the timeline, down to ~110 px.
  auto scrolled = [this](QWidget* page) {
    auto* area = new QScrollArea(m_tabs);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(page);
    return area;
  };
  m_details = new QLabel;
  m_details->setWordWrap(true);
  m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse |
                                     Qt::LinksAccessibleByKeyboard);
  connect(m_details, &QLabel::linkActivated, this, [this](const QString& link) {
    if (link == QLatin1String("graph")) emit showInGraphRequested();
  });
  m_details->setMargin(8);
  m_range = new SummaryTableModel(this);
  m_byOp = new SummaryTableModel(this);
  m_byNode = new SummaryTableModel(this);
  m_byProvider = new SummaryTableModel(this);
  m_byThread = new SummaryTableModel(this);
  m_byThread->setShareOf(SummaryTableModel::ShareOf::ThreadBusy);
  m_detailsPage = scrolled(m_details);
  m_tabs->addTab(m_detailsPage, tr("Slice"));
  m_rangePage = new QWidget(m_tabs);
  auto* rangeLayout = new QVBoxLayout(m_rangePage);
  rangeLayout->setContentsMargins(0, 0, 0, 0);
  m_rangeInfo = new QLabel(m_rangePage);
  m_rangeInfo->setMargin(4);
  m_rangeInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_rangeGroup = new QComboBox(m_rangePage);
  m_rangeGroup->addItem(tr("by node"));
  m_rangeGroup->addItem(tr("by op type"));
  m_rangeGroup->setToolTip(tr("Group the range's slices by node (slice name) or by op type"));
  m_rangeTable = makeTable(m_range, m_rangePage);
  auto* rangeBar = new QHBoxLayout;
  rangeBar->addWidget(m_rangeInfo, 1);
  rangeBar->addWidget(m_rangeGroup);
  rangeLayout->addLayout(rangeBar);
  rangeLayout->addWidget(m_rangeTable, 1);
  m_tabs->addTab(m_rangePage, tr("Range"));
  m_tabs->addTab(makeTable(m_byOp, m_tabs), tr("Op Types"));
  auto* nodes = makeTable(m_byNode, m_tabs);
  m_tabs->addTab(nodes, tr("Nodes"));
  m_tabs->addTab(makeTable(m_byProvider, m_tabs), tr("Providers"));
  m_tabs->addTab(makeTable(m_byThread, m_tabs), tr("Threads"));
  m_charts = new ProfileCharts;
  m_chartsPage = scrolled(m_charts);
  m_tabs->addTab(m_chartsPage, tr("Charts"));
  m_comparison = new RunComparison;
  // Below the two runs compared: every run of the model at its size (throughput vs batch).
  m_throughput = new ThroughputChart;
  auto* comparisonPage = new QWidget;
  auto* comparisonLayout = new QVBoxLayout(comparisonPage);
  comparisonLayout->setContentsMargins(0, 0, 0, 0);
  comparisonLayout->addWidget(m_comparison, 1);
  comparisonLayout->addWidget(m_throughput);
  m_comparisonPage = scrolled(comparisonPage);
  m_tabs->addTab(m_comparisonPage, tr("Compare Runs"));
  split->addWidget(scroll);
  split->addWidget(m_tabs);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({420, 260});
  layout->addWidget(split, 1);
  // The user's split wins over the automatic one, in this session and the next.
  m_userShare = QSettings().value(QStringLiteral("profile/timelineShare"), 0.0).toDouble();
  connect(split, &QSplitter::splitterMoved, this, [this] {
    const QList<int> sizes = m_split->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (total <= 0) return;
    m_userShare = static_cast<double>(sizes.value(0)) / total;
    QSettings().setValue(QStringLiteral("profile/timelineShare"), m_userShare);
  });
  m_details->setText(
      tr("Profile the model (Profile…) or open a trace file. Click a slice for its "
         "details, Shift+drag for a range summary; the wheel or W / S zoom, a drag, "
         "Shift+wheel or A / D pan (the keys work while the pointer is over the timeline), 0 or "
         "Home shows the whole trace, F focuses, . and , step."));

  setDocument(new Document(this));
  m_task = new Task(this);
  connect(m_task, &BackgroundTaskBase::progress, this, [this](const Progress& p) {
    // A busy bar until the job tells how far it is (an empty box read as stuck).
    if (p.fraction > 0 && m_progress->maximum() == 0) m_progress->setRange(0, 1000);
    m_progress->setValue(static_cast<int>(p.fraction * 1000));
    if (m_work == Work::kProfile) m_stage->setText(progressText(p));
  });
  m_task->onFinished([this](Expected<std::shared_ptr<Run>> r) { onDone(std::move(r)); });
  connect(m_task, &BackgroundTaskBase::cancelled, this, [this] { setBusy(false); });
  connect(m_cancel, &QPushButton::clicked, this, &ProfileView::cancel);
  connect(m_profile, &QPushButton::clicked, this, [this] {
    ProfileDialog d(this);
    d.setOptions(dialogOptions());
    if (d.exec() == QDialog::Accepted) startProfile(d.options());
  });
  connect(m_open, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Trace"), QString(),
                                                      tr("Trace files (*.json);;All files (*)"));
    if (!path.isEmpty()) openTrace(path);
  });
  connect(m_save, &QPushButton::clicked, this, [this] {
    if (currentRun() < 0) return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Trace"), tr("trace.json"),
                                                      tr("Trace files (*.json);;All files (*)"));
    if (!path.isEmpty()) saveTrace(path);
  });
  connect(m_runChooser, QOverload<int>::of(&QComboBox::activated), this, &ProfileView::showRun);
  connect(m_rangeGroup, QOverload<int>::of(&QComboBox::currentIndexChanged), this, [this] {
    if (m_rangeT1 > m_rangeT0) showRange(m_rangeT0, m_rangeT1);
  });
  connect(m_search, &QLineEdit::returnPressed, this, [this] { findSlices(m_search->text()); });
  connect(m_timeline, &TimelineWidget::sliceSelected, this, &ProfileView::onSliceSelected);
  connect(m_timeline, &TimelineWidget::rangeSelected, this, &ProfileView::showRange);
  connect(nodes, &QTableView::doubleClicked, this, [this, nodes](const QModelIndex& index) {
    auto* proxy = static_cast<QSortFilterProxyModel*>(nodes->model());
    selectNode(m_byNode->name(proxy->mapToSource(index).row()));
  });
  m_lastOptions.level = "layout";  // all optimizations, as `profile` and ONNX Runtime by default
  m_lastOptions.runs = 10;
  m_lastOptions.warmup = 2;
  // The API's default order (a new provider is part of it without a GUI change).
  m_lastOptions.providers = toStdStrings(defaultProviderOrder());
  setBusy(false);
}

ProfileView::~ProfileView() = default;

api::ProfileOptions ProfileView::dialogOptions() const {
  api::ProfileOptions o = m_lastOptions;
  const auto spec = m_inputSpecs.find(m_path);
  o.dims = spec == m_inputSpecs.end() ? api::DimOverrides{} : spec->second.first;
  o.ranges = spec == m_inputSpecs.end() ? api::RangeOverrides{} : spec->second.second;
  return o;
}

void ProfileView::setModelPath(const QString& path) {
  m_path = path;
  m_profile->setEnabled(!path.isEmpty() && !isBusy());
}

void ProfileView::setBusy(bool busy) {
  m_stage->setVisible(busy);
  m_progress->setVisible(busy);
  m_cancel->setVisible(busy);
  m_profile->setEnabled(!busy && !m_path.isEmpty());
  m_open->setEnabled(!busy);
  m_save->setEnabled(!busy && currentRun() >= 0);
}

bool ProfileView::isBusy() const { return m_task->isRunning(); }

void ProfileView::cancel() { m_task->cancel(); }

void ProfileView::startProfile(const api::ProfileOptions& options) {
  if (m_path.isEmpty()) return;
  m_lastOptions = options;
  m_inputSpecs[m_path] = {options.dims, options.ranges};
  const QString threads =
      options.threads > 0 ? tr("%n thread(s)", nullptr, options.threads) : tr("all cores");
  const QString amount = options.duration_s > 0 ? tr("%1 s").arg(options.duration_s)
                                                : tr("%n run(s)", nullptr, options.runs);
  // The label names the provider order: Compare Runs tells two orders apart by it.
  QStringList providers;
  for (const std::string& p : options.providers) providers << QString::fromStdString(p);
  if (!providers.contains(QStringLiteral("reference"))) providers << QStringLiteral("reference");
  // Another model's run of the same file name (every corpus file is model.onnx): this run's label
  // names the folder too, so that Compare Runs' choosers tell the two apart.
  const QFileInfo file(m_path);
  QString name = file.fileName();
  for (int i = 0; i < runCount(); ++i)
    for (const auto& [key, value] : run(i).metadata)
      if (key == "model" && QFileInfo(QString::fromStdString(value)).fileName() == name &&
          QFileInfo(QString::fromStdString(value)).absoluteFilePath() != file.absoluteFilePath())
        name = file.dir().dirName() + QLatin1Char('/') + file.fileName();
  QString label = tr("%1 · level %2 · %3 · %4 · %5")
                      .arg(name, StageText::level(QString::fromStdString(options.level)), threads,
                           amount, providerOrderText(providers));
  // Runs with other dimensions (batch sizes) are told apart in Compare Runs by them.
  if (options.inputs_dir.empty() && !options.dims.empty())
    label += QStringLiteral(" · ") + QString::fromStdString(api::FormatDimOverrides(options.dims));
  m_stage->setText(stageText(Stage::kReadingFile));
  start(Work::kProfile, label,
        [model = m_path.toStdString(), options](const JobControl& job) -> Expected<RunPtr> {
          OL_ASSIGN_OR_RETURN(api::ProfileResult r, api::ProfileModelFile(model, options, job));
          return MakeRun(std::move(r.events), std::move(r.metadata));
        });
}

void ProfileView::openTrace(const QString& path) {
  m_stage->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
  start(Work::kOpen, QFileInfo(path).fileName(),
        [file = path.toStdString()](const JobControl& job) -> Expected<RunPtr> {
          OL_ASSIGN_OR_RETURN(profiling::Trace t, api::ReadTraceFile(file, job));
          return MakeRun(std::move(t.events), std::move(t.metadata));
        });
}

void ProfileView::saveTrace(const QString& path) {
  if (currentRun() < 0 || path.isEmpty()) return;
  m_stage->setText(tr("Saving %1…").arg(QFileInfo(path).fileName()));
  // The file dialog asked before replacing a file; the model open is never replaced (a trace
  // saved over it would destroy what the user profiles).
  WritePolicy policy;
  policy.force = true;
  if (!m_path.isEmpty()) policy.read.push_back({m_path.toStdString(), "the model open"});
  start(Work::kSave, QFileInfo(path).fileName(),
        [file = path.toStdString(), policy,
         source = m_doc->runPointer(currentRun())](const JobControl& job) -> Expected<RunPtr> {
          OL_RETURN_IF_ERROR(CheckWritePolicy(file, policy));
          OL_RETURN_IF_ERROR(api::WriteTraceFile(file, source->events, source->metadata, job));
          return RunPtr();
        });
}

void ProfileView::start(Work work, const QString& subject, Task::Work job) {
  m_work = work;
  m_subject = subject;
  m_progress->setRange(0, 0);
  m_progress->setValue(0);
  setBusy(true);
  m_task->start(std::move(job));
}

void ProfileView::waitForIdle() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
}

void ProfileView::onDone(Expected<std::shared_ptr<Run>> result) {
  setBusy(false);
  if (m_work == Work::kSave) {
    if (!result.ok())
      emit errorOccurred(tr("Cannot save the trace"),
                         QString::fromStdString(result.status().message()));
    else
      emit statusMessage(tr("Saved %1").arg(m_subject));
    return;
  }
  if (!result.ok()) {
    emit errorOccurred(
        m_work == Work::kProfile ? tr("Cannot profile the model") : tr("Cannot open the trace"),
        QString::fromStdString(result.status().message()));
    return;
  }
  const std::shared_ptr<Run> run = std::move(*result);
  run->label = m_subject;
  if (m_work == Work::kOpen) {  // a trace we saved names the provider order that made it
    for (const auto& [key, value] : run->metadata) {
      if (key == "providers")
        run->label += QStringLiteral(" · ") +
                      providerOrderText(QString::fromStdString(value).split(QLatin1Char(',')));
    }
  }
  if (m_work == Work::kProfile) {
    for (const auto& [key, value] : run->metadata) {
      if (key == "input_dims")
        emit statusMessage(tr("Random inputs with %1").arg(QString::fromStdString(value)));
    }
  }
  if (run->timeline->slice_count == 0) {
    emit errorOccurred(tr("Cannot open the trace"),
                       tr("%1 holds no complete (\"X\") events to show.").arg(m_subject));
    return;
  }
  m_doc->addRun(run);
}

void ProfileView::onRunAdded(int index) {
  m_runChooser->addItem(run(index).label);
  QStringList labels;
  std::vector<std::vector<double>> latencies;
  std::vector<profiling::TraceSummary> summaries;
  std::vector<ThroughputRun> sizes;
  std::vector<RunModel> models;
  for (int i = 0; i < runCount(); ++i) {
    labels << run(i).label;
    latencies.push_back(RunLatenciesMs(run(i).events));
    summaries.push_back(run(i).summary);
    ThroughputRun t;
    t.latencies_ms = latencies.back();
    for (const auto& [key, value] : run(i).metadata) {
      if (key == "level") t.level = value;
      if (key == "threads") t.threads = QString::fromStdString(value).toInt();
      if (key == "providers") t.providers = value;
      if (key == "input_dims" && !api::ParseDimOverrides(value, &t.dims).ok()) t.dims.clear();
    }
    sizes.push_back(std::move(t));
    RunModel m;
    for (const auto& [key, value] : run(i).metadata) {
      if (key == "model") m.path = QString::fromStdString(value);
      if (key == "model_fingerprint") m.fingerprint = QString::fromStdString(value);
    }
    models.push_back(m);
  }
  m_comparison->setRuns(labels, latencies, summaries, models);
  m_throughput->setRuns(sizes);
  m_fitOnShow = true;
}

void ProfileView::showRun(int index) { m_doc->setCurrentRun(index); }

void ProfileView::onCurrentRunChanged(int index) {
  m_save->setEnabled(!isBusy());
  m_runChooser->setCurrentIndex(index);
  const Run& r = run(index);
  m_timeline->setTimeline(r.timeline);
  // Start on the runs: loading and session creation can take far longer than all of them.
  if (!r.timeline->run_starts_us.empty()) {
    const double t0 = r.timeline->run_starts_us.front();
    const double pad = (r.timeline->end_us - t0) * 0.02;
    m_timeline->showRange(t0 - pad, r.timeline->end_us + pad);
  }
  m_byOp->setRows(r.summary.by_op);
  m_byNode->setRows(r.summary.by_node);
  m_byProvider->setRows(r.summary.by_provider);
  std::vector<profiling::SummaryRow> threadRows = r.summary.by_thread;
  for (auto& row : threadRows)
    row.key = StageText::thread(QString::fromStdString(row.key)).toStdString();
  m_byThread->setRows(threadRows);
  m_range->setRangeRows({}, 0);
  m_rangeT0 = m_rangeT1 = 0;
  m_rangeInfo->setText(tr("Shift+drag on the timeline to summarize a range."));
  m_charts->setRun(r.events, r.summary);
  m_query.clear();
  m_hits.clear();
  m_hit = -1;
  m_searchCount->clear();
  if (r.summary.runs == 0) {  // not a model's trace: what it holds
    m_details->setText(
        tr("%1 slices on %n thread(s) · %2 from the first to the last", nullptr,
           static_cast<int>(r.timeline->tracks.size()))
            .arg(QLocale().toString(static_cast<qlonglong>(r.timeline->slice_count)),
                 localeNumberText(api::FormatDuration(r.timeline->end_us - r.timeline->begin_us))));
  } else {
    m_details->setText(tr("%n run(s) · %1 per run · kernels %2 per run · %3 slices on %4 thread(s)",
                          nullptr, static_cast<int>(r.summary.runs))
                           .arg(localeNumberText(api::FormatDuration(
                                    r.summary.runs ? r.summary.run_us / r.summary.runs : 0)),
                                localeNumberText(api::FormatDuration(
                                    r.summary.runs ? r.summary.kernel_us / r.summary.runs : 0)))
                           .arg(QLocale().toString(static_cast<qlonglong>(r.timeline->slice_count)))
                           .arg(r.timeline->tracks.size()));
  }
  updateMismatch();
  if (m_fitOnShow) {
    m_fitOnShow = false;
    fitTimelineHeight();
  }
}

void ProfileView::setDocument(Document* document) {
  if (m_doc) disconnect(m_doc, nullptr, this, nullptr);
  m_doc = document;
  connect(m_doc, &Document::runAdded, this, &ProfileView::onRunAdded);
  connect(m_doc, &Document::currentRunChanged, this, &ProfileView::onCurrentRunChanged);
  connect(m_doc, &Document::selectionChanged, this, &ProfileView::onSelectionChanged);
  connect(m_doc, &Document::modelChanged, this, [this] {
    setModelPath(m_doc->path());
    updateMismatch();
  });
}

void ProfileView::onSelectionChanged(const QString& node, const QStringList&, QObject* source) {
  if (source != this && !node.isEmpty()) selectNode(node);
}

QString ProfileView::argLabel(const QString& key) {
  // ONNX Runtime's kernel-event arguments by name; others as the trace names them.
  if (key == QLatin1String("op_name")) return tr("Op");
  if (key == QLatin1String("provider")) return tr("Provider");
  if (key == QLatin1String("node_index")) return tr("Node index");
  if (key == QLatin1String("origins")) return tr("Made from");
  if (key == QLatin1String("input_type_shape")) return tr("Inputs");
  if (key == QLatin1String("output_type_shape")) return tr("Outputs");
  if (key == QLatin1String("activation_size")) return tr("Input bytes");
  if (key == QLatin1String("parameter_size")) return tr("Weight bytes");
  if (key == QLatin1String("output_size")) return tr("Output bytes");
  return key;
}

QString ProfileView::formatBytes(int64_t bytes) {
  const QLocale locale;
  const QString exact = tr("%1 B").arg(locale.toString(static_cast<qlonglong>(bytes)));
  if (bytes < 1024) return exact;
  return QStringLiteral("%1 (%2)").arg(exact, locale.formattedDataSize(bytes));
}

void ProfileView::onSliceSelected(int track, int slice) {
  if (currentRun() < 0 || track < 0 || slice < 0) return;
  const Run& r = *m_doc->current();
  const api::TimelineSlice& s = r.timeline->tracks[track].slices[slice];
  const profiling::TraceEvent& e = r.events[s.event];
  const QString name = QString::fromStdString(r.timeline->names[s.name]);
  QString html = QStringLiteral("<b>%1</b><table cellpadding=2>").arg(name.toHtmlEscaped());
  auto row = [&html](const QString& k, const QString& v) {
    html +=
        QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
  };
  row(tr("Duration"), localeNumberText(api::FormatDuration(s.dur_us)));
  // The start to the resolution the view shows (a 3-digit "652 ms" hid the µs zoomed to).
  const double resolution = std::min(m_timeline->axis().us_per_px, std::max(s.dur_us, 1e-3));
  row(tr("Start"),
      localeNumberText(api::FormatTimestamp(s.start_us - r.timeline->begin_us, resolution)));
  row(tr("Thread"), StageText::thread(QString::fromStdString(r.timeline->tracks[track].name)));
  row(tr("Category"), QString::fromStdString(e.cat));
  for (const api::SliceArg& a : api::DescribeSliceArgs(e)) {
    QString value = QString::fromStdString(a.value);
    if (a.kind == api::SliceArgKind::kBytes) value = formatBytes(a.bytes);
    if (a.kind == api::SliceArgKind::kNodes) {
      QStringList names;
      for (size_t k = 0; k < a.nodes.size() && k < 8; ++k)
        names << QString::fromStdString(a.nodes[k]);
      value = tr("%n node(s): ", nullptr, static_cast<int>(a.nodes.size())) +
              names.join(QStringLiteral(", "));
      if (a.nodes.size() > 8)
        value +=
            QStringLiteral(" ") + tr("and %n more", nullptr, static_cast<int>(a.nodes.size() - 8));
    }
    row(argLabel(QString::fromStdString(a.key)), value);
  }
  html += QStringLiteral("</table>");
  // The node over the whole run: how often it ran and what it costs.
  if (s.op >= 0) {
    for (const auto& n : r.summary.by_node) {
      if (n.key != r.timeline->names[s.name]) continue;
      html += QStringLiteral("<p>%1</p>")
                  .arg(tr("This node in the run: %n call(s), mean %1, %2% of the kernel time",
                          nullptr, static_cast<int>(n.count))
                           .arg(localeNumberText(api::FormatDuration(n.mean_us)))
                           .arg(QLocale().toString(n.percent, 'f', 1))
                           .toHtmlEscaped());
      break;
    }
  }
  if (s.op >= 0)
    html += QStringLiteral("<p><a href=\"graph\">%1</a></p>").arg(tr("Show in the graph"));
  m_details->setText(html);
  m_tabs->setCurrentWidget(m_detailsPage);
  if (s.op >= 0) m_doc->select(name, toQStringList(r.origins.OriginsOf(name.toStdString())), this);
}

bool ProfileView::selectNode(const QString& node) {
  if (currentRun() < 0) return false;
  const Run& r = *m_doc->current();
  const api::Timeline& tl = *r.timeline;
  // A node of the graph as loaded that was fused: its kernel is the one made from it.
  const std::string n = r.origins.KernelOf(node.toStdString());
  // The slice selected is of this node already (the graph echoing a slice clicked in a later
  // run): it stays, instead of jumping to the node's first slice in run 1.
  const int st = m_timeline->selectedTrack(), ss = m_timeline->selectedSlice();
  if (st >= 0 && ss >= 0 && st < static_cast<int>(tl.tracks.size()) &&
      ss < static_cast<int>(tl.tracks[st].slices.size())) {
    const auto& cur = tl.tracks[st].slices[ss];
    if (cur.op >= 0 && tl.names[cur.name] == n) return true;
  }
  // Else the node's slice in the time shown, or its first.
  const double t0 = m_timeline->axis().start_us, t1 = m_timeline->axis().EndUs();
  int best_t = -1, best_i = -1;
  bool best_visible = false;
  for (size_t t = 0; t < tl.tracks.size(); ++t) {
    const auto& slices = tl.tracks[t].slices;
    for (size_t i = 0; i < slices.size(); ++i) {
      if (slices[i].op < 0 || tl.names[slices[i].name] != n) continue;
      const bool visible = slices[i].start_us < t1 && slices[i].start_us + slices[i].dur_us > t0;
      if (best_t < 0 || (visible && !best_visible)) {
        best_t = static_cast<int>(t);
        best_i = static_cast<int>(i);
        best_visible = visible;
      }
    }
  }
  if (best_t < 0) return false;
  m_timeline->selectSlice(best_t, best_i);
  m_timeline->focusSelection();
  return true;
}

void ProfileView::showRange(double t0, double t1) {
  if (currentRun() < 0) return;
  m_rangeT0 = t0;
  m_rangeT1 = t1;
  const api::Timeline& tl = *m_doc->current()->timeline;
  const auto rows = api::SummarizeRange(
      tl, t0, t1, {},
      m_rangeGroup->currentIndex() == 1 ? api::RangeGroup::kByOpType : api::RangeGroup::kByName);
  m_range->setRangeRows(rows, t1 - t0);
  qlonglong slices = 0;
  for (const auto& r : rows) slices += r.occurrences;
  m_rangeInfo->setText(tr("%1 – %2 · %3 long · %n slice(s)", nullptr, static_cast<int>(slices))
                           .arg(localeNumberText(api::FormatDuration(t0 - tl.begin_us)),
                                localeNumberText(api::FormatDuration(t1 - tl.begin_us)),
                                localeNumberText(api::FormatDuration(t1 - t0))));
  m_tabs->setCurrentWidget(m_rangePage);
}

void ProfileView::updateMismatch() {
  // A trace opened for another model used to show silently ("0 of 461 nodes profiled" in the
  // graph was the only sign): say so where the trace is shown.
  const auto info = m_doc->modelInfo();
  const Run* r = m_doc->current();
  if (!r || !info || !info->snapshot) {
    m_mismatch->hide();
    m_mismatch->clear();
    return;
  }
  const api::TraceModelMatch match = api::MatchTraceToModel(m_doc->heatShares(), *info->snapshot);
  if (!match.Mismatch()) {
    m_mismatch->hide();
    m_mismatch->clear();
    return;
  }
  m_mismatch->setText(
      tr("⚠ This trace does not look like a profile of %1: only %2 of the %3 nodes it profiled "
         "are nodes of this model. The graph's heat, its node pages and \"Show in the graph\" "
         "find nothing for the others.")
          .arg(QFileInfo(m_doc->path()).fileName())
          .arg(QLocale().toString(static_cast<qlonglong>(match.matched)))
          .arg(QLocale().toString(static_cast<qlonglong>(match.profiled))));
  m_mismatch->show();
}

QString ProfileView::mismatchWarning() const { return m_mismatch->text(); }

QString ProfileView::rangeInfo() const { return m_rangeInfo->text(); }

void ProfileView::setRangeByOpType(bool byOpType) {
  m_rangeGroup->setCurrentIndex(byOpType ? 1 : 0);
}

void ProfileView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (m_fitPending) fitTimelineHeight();
}

void ProfileView::fitTimelineHeight() {
  // The timeline is what a profile is looked at for: it takes at least 60% of the height (75% when
  // its tracks need it), the tabs the rest; a share the user chose by moving the handle is kept.
  const int total = m_split->height();
  m_fitPending = !isVisible() || total < 200;
  if (m_fitPending) return;
  int want = std::clamp(m_timeline->minimumHeight() + 8, total * 3 / 5, total * 3 / 4);
  if (m_userShare > 0) want = static_cast<int>(total * std::clamp(m_userShare, 0.05, 0.95));
  m_split->setSizes({want, total - want});
}

QString ProfileView::detailsText() const { return m_details->text(); }

QHash<QString, double> ProfileView::nodeShares() const {
  QHash<QString, double> out;
  const Run* r = m_doc->current();
  if (!r) return out;
  for (const auto& [node, share] : api::HeatShares(r->summary, r->origins))
    out.insert(QString::fromStdString(node), share);
  return out;
}

QString ProfileView::nodeFacts(const QString& label) const {
  const Run* r = m_doc->current();
  if (!r) return {};
  const std::string kernel = r->origins.KernelOf(label.toStdString());
  for (const auto& row : r->summary.by_node) {
    if (row.key != kernel) continue;
    const QString cost =
        tr("%n call(s), mean %1, %2% of the kernel time", nullptr, static_cast<int>(row.count))
            .arg(localeNumberText(api::FormatDuration(row.mean_us)))
            .arg(QLocale().toString(row.percent, 'f', 1));
    if (kernel == label.toStdString()) return cost;
    // The node's own figure is the heat's (the kernel's time split evenly over the nodes it was
    // made from); the kernel's whole share follows, named as the kernel's.
    const auto shares = api::HeatShares(r->summary, r->origins);
    const auto share = shares.find(label.toStdString());
    return tr("%1% of the kernel time: an even share of %2, which it was fused into with %n "
              "other node(s); the kernel: %3",
              nullptr, static_cast<int>(r->origins.OriginsOf(kernel).size()) - 1)
        .arg(QLocale().toString(share == shares.end() ? 0.0 : share->second, 'f', 1),
             QString::fromStdString(kernel), cost);
  }
  return {};
}

void ProfileView::showOpsTable() { m_tabs->setCurrentIndex(2); }

void ProfileView::focusSearch() {
  m_search->setFocus();
  m_search->selectAll();
}

int ProfileView::findSlices(const QString& query) {
  if (currentRun() < 0) return 0;
  if (query != m_query) {
    m_query = query;
    m_hits = api::FindSlices(*m_doc->current()->timeline, query.toStdString());
    m_timeline->setHighlights(m_hits);
    m_hit = -1;
  }
  if (m_hits.empty()) {
    m_searchCount->setText(query.isEmpty() ? QString() : tr("no match"));
    return 0;
  }
  m_hit = (m_hit + 1) % static_cast<int>(m_hits.size());
  m_timeline->selectSlice(m_hits[m_hit].first, m_hits[m_hit].second);
  m_timeline->focusSelection();
  m_searchCount->setText(tr("%1 of %2").arg(m_hit + 1).arg(m_hits.size()));
  return static_cast<int>(m_hits.size());
}

void ProfileView::showCharts() { m_tabs->setCurrentWidget(m_chartsPage); }

void ProfileView::showComparison() { m_tabs->setCurrentWidget(m_comparisonPage); }

}  // namespace widgets
}  // namespace onnxlens
