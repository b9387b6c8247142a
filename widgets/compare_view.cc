// Side-by-side comparison.
#include "widgets/compare_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>
#include <array>
#include <cmath>
#include <limits>

#include "api/partition.h"
#include "widgets/graph_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/provider_legend.h"
#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

namespace {

QString QStr(const std::string& s) { return QString::fromStdString(s); }

// The diff of a pane pair: by the optimizer's provenance (two steps of one trace; a later step on
// the left is compared forwards, then mirrored) or by matching (a file). Runs off the UI thread.
api::GraphDiff PaneDiff(const api::SnapshotGraph& l, const api::SnapshotGraph& r,
                        bool by_provenance, bool mirrored) {
  if (!by_provenance) return api::DiffByMatching(l, r);
  if (!mirrored) return api::DiffByProvenance(l, r);
  api::GraphDiff d = api::DiffByProvenance(r, l);
  auto flip = [](std::vector<api::DiffState>& v) {
    for (auto& s : v) {
      if (s == api::DiffState::kRemoved)
        s = api::DiffState::kAdded;
      else if (s == api::DiffState::kAdded)
        s = api::DiffState::kRemoved;
    }
  };
  flip(d.left);
  flip(d.right);
  api::GraphDiff m;
  m.left = std::move(d.right);
  m.right = std::move(d.left);
  m.left_to_right = std::move(d.right_to_left);
  m.right_to_left = std::move(d.left_to_right);
  m.unchanged = d.unchanged;
  m.modified = d.modified;
  m.removed = d.added;
  m.added = d.removed;
  m.fused = d.fused_origins;
  m.fused_origins = d.fused;
  return m;
}

QString swatch(api::DiffState s) {
  const QColor c = s == api::DiffState::kUnchanged ? QColor(0x9e, 0x9e, 0x9e) : diffColor(s);
  return QStringLiteral("<span style=\"color:%1\">■</span>").arg(c.name());
}

}  // namespace

QColor diffColor(api::DiffState state) {
  switch (state) {
    case api::DiffState::kRemoved:
      return QColor(0xe5, 0x39, 0x35, 200);
    case api::DiffState::kFused:
      return QColor(0xff, 0xa0, 0x00, 210);
    case api::DiffState::kAdded:
      return QColor(0x43, 0xa0, 0x47, 200);
    case api::DiffState::kModified:
      return QColor(0x8e, 0x24, 0xaa, 170);
    case api::DiffState::kUnchanged:
      break;
  }
  return QColor();
}

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  auto* split = new QSplitter(Qt::Horizontal, this);
  for (int s = 0; s < 2; ++s) {
    const Side side = static_cast<Side>(s);
    auto* pane = new QWidget(split);
    auto* v = new QVBoxLayout(pane);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto* head = new QHBoxLayout;
    head->setContentsMargins(4, 2, 4, 0);
    SideState& st = m_sides[s];
    st.combo = new QComboBox(pane);
    st.combo->setMinimumContentsLength(16);
    st.combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    st.combo->setToolTip(side == kLeft ? tr("What the left side shows")
                                       : tr("What the right side shows"));
    st.caption = new QLabel(pane);
    head->addWidget(st.combo, 1);  // the step's name whole where the pane allows
    head->addWidget(st.caption);
    v->addLayout(head);
    st.legend = new ProviderLegend(pane);
    v->addWidget(st.legend);
    st.view = new GraphView(pane);
    st.view->setMarkColor(QColor(0x1e, 0x88, 0xe5));
    v->addWidget(st.view, 1);
    st.placeholder = new QLabel(pane);
    st.placeholder->setAlignment(Qt::AlignCenter);
    st.placeholder->setWordWrap(true);
    st.placeholder->setEnabled(false);  // secondary text
    st.placeholder->hide();
    v->addWidget(st.placeholder, 1);
    st.providers = new ProviderColoring(st.view, st.legend, this);
    // The selection line names the provider of the selected node.
    connect(st.providers, &ProviderColoring::changed, this, [this] { updateInfo(); });
    split->addWidget(pane);
    connect(st.combo, QOverload<int>::of(&QComboBox::activated), this,
            [this, side](int) { onChosen(side); });
    connect(st.view, &GraphView::itemSelected, this,
            [this, side](int item) { onItemSelected(side, item); });
    auto follow = [this, side] { syncFrom(side); };
    connect(st.view->horizontalScrollBar(), &QScrollBar::valueChanged, this, follow);
    connect(st.view->verticalScrollBar(), &QScrollBar::valueChanged, this, follow);
    connect(st.view, &GraphView::zoomChanged, this, follow);
    // A side laid out anew follows the other one.
    connect(st.view, &GraphView::layoutFinished, this,
            [this, side] { syncFrom(side == kLeft ? kRight : kLeft); });
  }
  layout->addWidget(split, 1);
  m_legend = new QLabel(this);
  m_legend->setTextFormat(Qt::RichText);
  m_legend->setContentsMargins(6, 0, 6, 0);
  m_legend->setWordWrap(true);
  // Long text wraps instead of widening the window.
  m_legend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_info = new QLabel(this);
  m_info->setTextFormat(Qt::RichText);
  m_info->setWordWrap(true);
  m_info->setContentsMargins(6, 0, 6, 4);
  m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_info->setTextInteractionFlags(Qt::TextBrowserInteraction);
  connect(m_info, &QLabel::linkActivated, this, [this](const QString& link) {
    const QStringList parts = link.split(':');
    if (parts.size() == 2)
      selectNode(parts[0] == QLatin1String("L") ? kLeft : kRight, parts[1].toInt());
  });
  layout->addWidget(m_legend);
  layout->addWidget(m_info);
  m_diffTask = new BackgroundTask<api::GraphDiff>(this);
  m_diffTask->onFinished([this](Expected<api::GraphDiff> diff) {
    if (diff.ok()) m_diff = std::move(*diff);
    showDiff();
  });
  for (int s = 0; s < 2; ++s) {
    const Side side = static_cast<Side>(s);
    m_sides[s].loader = new BackgroundTask<std::shared_ptr<const api::GraphSnapshot>>(this);
    // A big graph's model is made off the UI thread: its diff colours follow when it is shown.
    connect(m_sides[s].view, &GraphView::modelRebuilt, this, [this, side] {
      if (!m_halosOwed[side] || !shows(side)) return;
      m_halosOwed[side] = false;
      applyHalos(side);
    });
  }
}

CompareView::~CompareView() = default;

void CompareView::setTrace(std::shared_ptr<const api::OptimizeTrace> trace) {
  m_trace = std::move(trace);
  const int last = m_trace ? static_cast<int>(m_trace->steps.size()) : 0;
  for (SideState& st : m_sides)
    if (st.step > last) st.step = last;
  // The right side's default is chosen before the choosers are filled: a chooser filled first
  // kept saying "Original" while its pane showed another graph. It is the highest level (`all`),
  // what run, bench and profile use by default, so Verify and Export start from it (issue 35.7).
  if (m_trace && m_sides[kLeft].step == 0 && m_sides[kRight].step == 0 &&
      m_sides[kRight].file.isEmpty()) {
    const int all = m_trace->StepOfLevel("layout");
    m_sides[kRight].step = all >= 0 ? all : last;
  }
  for (int s = 0; s < 2; ++s) rebuildChooser(static_cast<Side>(s));
  m_selected[kLeft] = m_selected[kRight] = -1;
  showSide(kLeft);
  showSide(kRight);
  recompute();  // once, of the new pair
  emit sidesChanged();
}

void CompareView::rebuildChooser(Side side) {
  QComboBox* c = m_sides[side].combo;
  QSignalBlocker block(c);
  c->clear();
  if (m_trace) {
    const auto count = [this](int step) {
      return tr("%n node(s)", nullptr,
                static_cast<int>(m_trace->snapshots[step]->node_count_total));
    };
    c->addItem(tr("Original (%1)").arg(count(0)), QStringLiteral("step:0"));
    const std::pair<const char*, QString> levels[] = {
        {"basic", tr("Basic")}, {"extended", tr("Extended")}, {"layout", tr("Layout")}};
    for (const auto& [name, label] : levels) {
      const int step = m_trace->StepOfLevel(name);
      if (step >= 0)
        c->addItem(tr("%1 (%2)").arg(label, count(step)), QStringLiteral("level:") + name);
    }
    c->insertSeparator(c->count());
    for (const api::OptimizeStepReport& s : m_trace->steps) {
      c->addItem(tr("After step %1: %2 (%3, %4)")
                     .arg(s.index)
                     .arg(QStr(s.pass), StageText::level(QStr(s.level)), count(s.index)),
                 QStringLiteral("step:%1").arg(s.index));
    }
    c->insertSeparator(c->count());
  }
  if (!m_sides[side].file.isEmpty())
    c->addItem(QFileInfo(m_sides[side].file).fileName(), QStringLiteral("file"));
  c->addItem(tr("Other file…"), QStringLiteral("pick"));
  // Select what the side shows: a level's entry when the step ends a level, else the step.
  int index = -1;
  for (int i = 0; i < c->count(); ++i) {
    const QString d = c->itemData(i).toString();
    if (m_sides[side].step < 0 ? d == QLatin1String("file")
                               : d == QStringLiteral("step:%1").arg(m_sides[side].step)) {
      index = i;
      break;
    }
  }
  if (m_trace && m_sides[side].step > 0) {
    for (int i = 0; i < c->count(); ++i) {
      const QString d = c->itemData(i).toString();
      if (d.startsWith(QLatin1String("level:")) &&
          m_trace->StepOfLevel(d.mid(6).toStdString()) == m_sides[side].step) {
        index = i;
        break;
      }
    }
  }
  c->setCurrentIndex(index);
}

void CompareView::onChosen(Side side) {
  const QString d = m_sides[side].combo->currentData().toString();
  if (d == QLatin1String("pick")) {
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with Model"), QString(),
                                                      tr("ONNX models (*.onnx);;All files (*)"));
    if (!path.isEmpty())
      setFile(side, path);
    else
      rebuildChooser(side);
    return;
  }
  if (d == QLatin1String("file")) return;
  QString error;
  if (!setSource(side, d.startsWith(QLatin1String("level:")) ? d.mid(6) : d, &error))
    emit loadFailed(error);
}

bool CompareView::setSource(Side side, const QString& source, QString* error) {
  if (source.startsWith(QLatin1String("step:"))) {
    bool ok = false;
    const int step = source.mid(5).toInt(&ok);
    if (!ok || !m_trace || step < 0 || step > static_cast<int>(m_trace->steps.size())) {
      *error = tr("There is no step %1 (the optimization made %2).")
                   .arg(source.mid(5))
                   .arg(m_trace ? static_cast<int>(m_trace->steps.size()) : 0);
      return false;
    }
    setStep(side, step);
    return true;
  }
  if (source == QLatin1String("original")) {
    setStep(side, 0);
    return true;
  }
  for (const char* level : {"basic", "extended", "layout"}) {
    if (source != QLatin1String(level)) continue;
    const int step = m_trace ? m_trace->StepOfLevel(level) : -1;
    if (step < 0) {
      *error = tr("The level %1 was not run.").arg(source);
      return false;
    }
    setStep(side, step);
    return true;
  }
  if (!QFileInfo(source).isFile()) {
    *error = tr("%1 is neither original, basic, extended, layout, step:N nor a file.").arg(source);
    return false;
  }
  setFile(side, source);
  return true;
}

void CompareView::setStep(Side side, int step) {
  m_sides[side].loader->cancel();
  m_sides[side].step = step;
  m_sides[side].file.clear();
  m_sides[side].fileSnapshot.reset();
  rebuildChooser(side);
  show(side);
}

void CompareView::setFile(Side side, const QString& path) {
  SideState& st = m_sides[side];
  st.step = -1;
  st.file = path;
  st.fileSnapshot.reset();
  rebuildChooser(side);
  st.caption->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
  setPlaceholder(side, tr("Loading %1…").arg(QFileInfo(path).fileName()));
  recompute();  // no diff against the graph that was there
  st.loader->onFinished([this, side, path](Expected<std::shared_ptr<const api::GraphSnapshot>> s) {
    onFileLoaded(side, path, std::move(s));
  });
  st.loader->start(
      [file = path.toStdString()](const JobControl&) { return api::SnapshotModelFile(file); });
}

void CompareView::onFileLoaded(Side side, const QString& path,
                               Expected<std::shared_ptr<const api::GraphSnapshot>> snapshot) {
  SideState& st = m_sides[side];
  if (st.file != path) return;  // another choice since
  if (!snapshot.ok()) {
    st.caption->setText(tr("Cannot open %1").arg(QFileInfo(path).fileName()));
    setPlaceholder(side, tr("Cannot open %1:\n%2")
                             .arg(QFileInfo(path).fileName(), QStr(snapshot.status().message())));
    emit loadFailed(QStr(snapshot.status().message()));
    return;
  }
  st.fileSnapshot = *snapshot;
  show(side);
}

std::shared_ptr<const api::GraphSnapshot> CompareView::snapshot(Side side) const {
  const SideState& st = m_sides[side];
  if (st.step < 0) return st.fileSnapshot;
  if (!m_trace || st.step >= static_cast<int>(m_trace->snapshots.size())) return nullptr;
  return m_trace->snapshots[st.step];
}

void CompareView::setProviderColoring(bool on) {
  for (SideState& st : m_sides) st.providers->setEnabled(on);
}

void CompareView::setPartitionCache(PartitionCache* cache) {
  for (SideState& st : m_sides) st.providers->setCache(cache);
}

void CompareView::updateProviderSource(Side side) {
  const SideState& st = m_sides[side];
  ProviderColoring::Source source;
  if (st.step < 0 && st.fileSnapshot) {
    source = ProviderColoring::fileSource(st.file);
  } else if (st.step >= 0 && m_trace && st.step <= static_cast<int>(m_trace->steps.size())) {
    // That step's model itself (replayed off the UI thread when it is neither the original nor
    // the last): its node ids are the ids of the step's snapshot.
    std::shared_ptr<const api::OptimizeTrace> trace = m_trace;
    const int step = st.step;
    const std::string level = step == 0 ? std::string("disabled") : trace->steps[step - 1].level;
    source.key =
        QStringLiteral("trace:%1:%2").arg(reinterpret_cast<quintptr>(trace.get())).arg(step);
    source.owner = trace;
    source.hasOwner = true;
    source.compute = [trace, step, level](const std::vector<std::string>& providers,
                                          const JobControl& job) -> Expected<api::PartitionReport> {
      OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> model,
                          trace->ModelAt(step, job.Slice(0, 0.5)));
      return api::PartitionLoadedModel(*model, providers, level, job.Slice(0.5, 1));
    };
  }
  st.providers->setSource(std::move(source));
}

void CompareView::setSteps(int left, int right) {
  for (Side side : {kLeft, kRight}) {
    SideState& st = m_sides[side];
    st.loader->cancel();
    st.step = side == kLeft ? left : right;
    st.file.clear();
    st.fileSnapshot.reset();
    rebuildChooser(side);
  }
  m_selected[kLeft] = m_selected[kRight] = -1;
  // A step back shows on the right what the left side shows now: that side goes first.
  const bool right_first = snapshot(kRight) && snapshot(kRight) == m_sides[kLeft].view->snapshot();
  showSide(right_first ? kRight : kLeft);
  showSide(right_first ? kLeft : kRight);
  recompute();
  emit sidesChanged();
}

void CompareView::show(Side side) {
  m_selected[kLeft] = m_selected[kRight] = -1;
  showSide(side);
  recompute();
  emit sidesChanged();
}

void CompareView::showSide(Side side) {
  const auto snap = snapshot(side);
  if (snap) {
    setPlaceholder(side, QString());
    GraphView* other = m_sides[side == kLeft ? kRight : kLeft].view;
    if (other->snapshot() == snap && other->graphIndex() == 0)
      m_sides[side].view->setSnapshotFrom(*other, /*openAll=*/true);
    else
      m_sides[side].view->setSnapshot(snap, 0, /*openAll=*/true);
  }
  updateProviderSource(side);
  updateCaption(side);
}

void CompareView::setPlaceholder(Side side, const QString& text) {
  SideState& st = m_sides[side];
  st.placeholder->setText(text);
  st.placeholder->setVisible(!text.isEmpty());
  st.view->setVisible(text.isEmpty());
}

QString CompareView::placeholderText(Side side) const {
  const SideState& st = m_sides[side];
  return st.placeholder->isVisibleTo(const_cast<CompareView*>(this)) ? st.placeholder->text()
                                                                     : QString();
}

void CompareView::updateCaption(Side side) {
  const auto snap = snapshot(side);
  const SideState& st = m_sides[side];
  if (!snap) return;
  // A trace step's chooser entry names its node count; a file's caption says it.
  QString text;
  if (st.step < 0)
    text = tr("%n node(s)", nullptr, static_cast<int>(snap->node_count_total)) +
           QStringLiteral(" · ") + QFileInfo(st.file).fileName();
  st.caption->setText(text);
  st.caption->setToolTip(st.step < 0 ? st.file : QString());
}

void CompareView::recompute() {
  const auto l = snapshot(kLeft), r = snapshot(kRight);
  m_diffTask->drop();
  m_diff = api::GraphDiff();
  if (!l || !r || l->graphs.empty() || r->graphs.empty()) {
    m_legend->clear();
    for (SideState& st : m_sides) {  // no colours of a diff that no longer holds
      st.view->setItemHalos({}, false);
      st.view->setGroupHalos({});
    }
    emit diffReady();
    return;
  }
  const int a = m_sides[kLeft].step, b = m_sides[kRight].step;
  m_byProvenance = a >= 0 && b >= 0;
  auto make = [l, r, by_provenance = m_byProvenance, mirrored = a > b] {
    return PaneDiff(l->graphs[0], r->graphs[0], by_provenance, mirrored);
  };
  if (std::max(l->graphs[0].nodes.size(), r->graphs[0].nodes.size()) <= m_backgroundNodes) {
    m_diff = make();
    showDiff();
    return;
  }
  // A big pair (~0.1 s at 50,000 nodes) is compared off the UI thread; the old colours go.
  for (Side side : {kLeft, kRight}) {
    m_halosOwed[side] = false;
    m_sides[side].view->setItemHalos({}, false);
    m_sides[side].view->setGroupHalos({});
  }
  m_legend->setText(tr("Comparing the graphs…"));
  updateInfo();
  m_diffTask->start([make](const JobControl&) -> Expected<api::GraphDiff> { return make(); });
}

void CompareView::showDiff() {
  const auto l = snapshot(kLeft), r = snapshot(kRight);
  if (!l || !r) return;
  for (Side side : {kLeft, kRight}) {
    // A pane whose model is still being made (a big graph) wears its colours once it is shown.
    m_halosOwed[side] = !shows(side);
    if (!m_halosOwed[side]) applyHalos(side);
  }
  QString legend;
  if (m_diff.identical()) {
    // Same nodes, but a step may have dropped weights nothing read (dead-node-elimination after
    // a fusion): say so rather than "the same".
    const auto initializers = [](const api::GraphSnapshot& snap) {
      int n = 0;
      for (const api::SnapshotValue& v : snap.graphs[0].values) n += v.initializer ? 1 : 0;
      return n;
    };
    const int fewer = initializers(*l) - initializers(*r);
    if (fewer > 0)
      legend = tr("The two graphs have the same nodes; %n initializer(s) fewer on the right.",
                  nullptr, fewer);
    else if (fewer < 0)
      legend = tr("The two graphs have the same nodes; %n initializer(s) more on the right.",
                  nullptr, -fewer);
    else
      legend = tr("The two graphs are the same.");
  } else {
    legend =
        QStringLiteral("%1 %2 &nbsp; %3 %4 &nbsp; %5 %6 &nbsp; %7 %8 &nbsp; %9 %10")
            .arg(swatch(api::DiffState::kRemoved), tr("%n removed", nullptr, m_diff.removed),
                 swatch(api::DiffState::kFused),
                 tr("%1 fused from %2").arg(m_diff.fused).arg(m_diff.fused_origins),
                 swatch(api::DiffState::kAdded), tr("%n added", nullptr, m_diff.added),
                 swatch(api::DiffState::kModified), tr("%n modified", nullptr, m_diff.modified),
                 swatch(api::DiffState::kUnchanged), tr("%n unchanged", nullptr, m_diff.unchanged));
    legend += QStringLiteral(" &nbsp; <i>%1</i>")
                  .arg(m_byProvenance ? tr("matched by the optimizer's provenance")
                                      : tr("matched by node name, then by structure"));
  }
  m_legend->setText(legend);
  updateInfo();
  emit diffReady();
}

bool CompareView::isDiffing() const { return m_diffTask->isRunning(); }

void CompareView::whenDiffReady(QObject* context, std::function<void()> fn) {
  RunWhenNotBusy(
      this, &CompareView::diffReady, context, [this] { return isDiffing(); }, std::move(fn));
}

void CompareView::setBackgroundNodes(size_t nodes) {
  m_backgroundNodes = nodes;
  for (SideState& st : m_sides) st.view->setBackgroundModelNodes(nodes);
}

void CompareView::applyHalos(Side side) {
  GraphView* v = m_sides[side].view;
  const auto& states = side == kLeft ? m_diff.left : m_diff.right;
  const auto& items = v->model().items;
  std::vector<QColor> halos(items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != api::ViewItemKind::kNode) continue;
    const int node = items[i].index;
    if (node >= 0 && node < static_cast<int>(states.size())) halos[i] = diffColor(states[node]);
  }
  v->setItemHalos(m_diff.identical() ? std::vector<QColor>() : halos, !m_diff.identical());
  // A closed group (a big graph's panes open only the first view's groups) wears the colour
  // of the change most of its nodes went through, so that no change hides in a closed box.
  const auto& h = v->model().layout.hierarchy;
  std::vector<std::array<int, 5>> counts(h.groups.size(), std::array<int, 5>{});
  for (size_t i = 0; i < items.size() && !m_diff.identical(); ++i) {
    if (items[i].kind != api::ViewItemKind::kNode) continue;
    const int node = items[i].index;
    if (node < 0 || node >= static_cast<int>(states.size()) ||
        states[node] == api::DiffState::kUnchanged || i >= h.group_of_node.size())
      continue;
    for (int g = h.group_of_node[i]; g > 0; g = h.groups[g].parent)
      ++counts[g][static_cast<int>(states[node])];
  }
  std::vector<QColor> groupHalos(h.groups.size());
  for (size_t g = 0; g < h.groups.size(); ++g) {
    int best = -1;
    for (int k = 0; k < 5; ++k)
      if (counts[g][k] > 0 && (best < 0 || counts[g][k] > counts[g][best])) best = k;
    if (best >= 0) groupHalos[g] = diffColor(static_cast<api::DiffState>(best));
  }
  v->setGroupHalos(groupHalos);
}

bool CompareView::shows(Side side) const {
  const GraphView* v = m_sides[side].view;
  return !v->isMakingModel() && v->snapshot() && v->snapshot() == snapshot(side);
}

void CompareView::selectNode(Side side, int node) {
  GraphView* v = m_sides[side].view;
  v->whenModelReady(this, [this, v, side, node] {
    if (!shows(side)) return;
    const auto& of = v->model().item_of_node;
    if (node < 0 || node >= static_cast<int>(of.size()) || of[node] < 0) return;
    v->revealItem(of[node]);
  });
}

void CompareView::onItemSelected(Side side, int item) {
  GraphView* v = m_sides[side].view;
  const auto& items = v->model().items;
  const int node = item >= 0 && item < static_cast<int>(items.size()) &&
                           items[item].kind == api::ViewItemKind::kNode
                       ? items[item].index
                       : -1;
  const Side other = side == kLeft ? kRight : kLeft;
  m_selected[side] = node;
  m_selected[other] = -1;
  std::vector<int> linked;
  const auto& map = side == kLeft ? m_diff.left_to_right : m_diff.right_to_left;
  if (node >= 0 && node < static_cast<int>(map.size()) && shows(side) && shows(other)) {
    const auto& of = m_sides[other].view->model().item_of_node;
    for (int n : map[node])
      if (n < static_cast<int>(of.size()) && of[n] >= 0) linked.push_back(of[n]);
  }
  m_syncing = true;  // the other side scrolls to the counterparts itself
  m_sides[other].view->showLinked(linked);
  m_syncing = false;
  updateInfo();
  emit nodeSelected(side, item);
}

void CompareView::markNodes(Side side, const std::vector<int>& nodes) {
  // Node indices are the side's snapshot's: marked once its pane shows it.
  m_sides[side].view->whenModelReady(this, [this, side, nodes] {
    if (shows(side)) markShownNodes(side, nodes);
  });
}

void CompareView::markShownNodes(Side side, const std::vector<int>& nodes) {
  GraphView* v = m_sides[side].view;
  std::vector<int> items;
  for (int n : nodes) {
    if (n >= 0 && n < static_cast<int>(v->model().item_of_node.size()) &&
        v->model().item_of_node[n] >= 0)
      items.push_back(v->model().item_of_node[n]);
  }
  v->setMarkedItems(items);
  if (items.empty()) return;
  // Open the groups of the changes (of the first 50: a pass changing thousands of nodes would
  // open the whole graph) so that the rings can be seen.
  v->expandPathsTo(
      std::vector<int>(items.begin(), items.begin() + std::min<size_t>(items.size(), 50)));
  // Bring the first change into view once the side is laid out (it may still be laying out).
  auto scroll = [this, v, first = items.front()] {
    const QRectF r = v->itemRect(first);
    if (r.isNull()) return;
    m_syncing = true;
    v->centerOn(r.center());
    m_syncing = false;
    syncFrom(v == m_sides[kLeft].view ? kLeft : kRight);
  };
  if (!v->isLayingOut()) {
    scroll();
    return;
  }
  auto* once = new QObject(this);
  connect(v, &GraphView::layoutFinished, once, [once, scroll] {
    scroll();
    once->deleteLater();
  });
}

QString CompareView::selectionText() const { return m_info->text(); }

void CompareView::updateInfo() {
  int side = m_selected[kLeft] >= 0 ? kLeft : (m_selected[kRight] >= 0 ? kRight : -1);
  if (side < 0) {
    m_info->setText(tr("Select a node on either side to see its counterparts."));
    return;
  }
  const int node = m_selected[side];
  const auto snap = snapshot(static_cast<Side>(side)), other = snapshot(side ? kLeft : kRight);
  if (!snap || !other) return;
  const auto& states = side == kLeft ? m_diff.left : m_diff.right;
  const auto& map = side == kLeft ? m_diff.left_to_right : m_diff.right_to_left;
  if (node >= static_cast<int>(states.size())) return;
  const api::SnapshotNode& n = snap->graphs[0].nodes[node];
  auto describe = [](const api::SnapshotNode& x) {
    return QStringLiteral("<b>%1</b> %2")
        .arg(QStr(x.op_type).toHtmlEscaped(), QStr(x.name).toHtmlEscaped());
  };
  QString text = describe(n) + QStringLiteral(" — ");
  const api::DiffState st = states[node];
  const QString prefix = side == kLeft ? QStringLiteral("R:") : QStringLiteral("L:");
  QStringList links;
  constexpr int kShown = 8;  // the rest is counted: a fused attention block has ~20 origins
  for (int c : map[node]) {
    if (links.size() == kShown) {
      links << tr("and %n more", nullptr, static_cast<int>(map[node].size()) - kShown);
      break;
    }
    const api::SnapshotNode& x = other->graphs[0].nodes[c];
    links << QStringLiteral("<a href=\"%1%2\">%3</a> %4")
                 .arg(prefix)
                 .arg(c)
                 .arg(QStr(x.op_type).toHtmlEscaped(), QStr(x.name).toHtmlEscaped());
  }
  switch (st) {
    case api::DiffState::kUnchanged:
      text += tr("unchanged");
      break;
    case api::DiffState::kModified:
      text += tr("modified (attributes, op type, weights or inputs differ)");
      break;
    case api::DiffState::kFused:
      text += side == kRight ? tr("fused from %n node(s): ", nullptr, map[node].size())
                             : tr("fused into: ");
      break;
    case api::DiffState::kRemoved:
      text += tr("removed: nothing on the right stands for it");
      break;
    case api::DiffState::kAdded:
      text += m_byProvenance ? tr("added by the optimizer") : tr("only in the right model");
      break;
  }
  if (st == api::DiffState::kFused) text += links.join(QStringLiteral(", "));
  if (const api::NodePlacementInfo* at =
          m_sides[side].providers->placement(snap->graphs[0].nodes[node].id)) {
    QString where = at->provider.empty() ? tr("no execution provider runs it")
                                         : tr("runs on %1").arg(QStr(at->provider).toHtmlEscaped());
    for (const api::ProviderDecline& d : at->declined)
      where += QStringLiteral("; ") +
               tr("%1 declined: %2")
                   .arg(QStr(d.provider).toHtmlEscaped(), QStr(d.sentence).toHtmlEscaped());
    text += QStringLiteral(" · ") + where;
  }
  m_info->setText(text);
}

void CompareView::fitEachPane() {
  m_syncing = true;
  for (SideState& st : m_sides) st.view->fitToView();
  m_syncing = false;
}

void CompareView::syncFrom(Side side) {
  if (m_syncing) return;
  const Side other = side == kLeft ? kRight : kLeft;
  GraphView* src = m_sides[side].view;
  GraphView* dst = m_sides[other].view;
  const auto& map = side == kLeft ? m_diff.left_to_right : m_diff.right_to_left;
  const auto& items = src->model().items;
  if (items.empty() || dst->model().items.empty() || !shows(side) || !shows(other)) return;
  const QPointF c = src->mapToScene(src->viewport()->rect().center());
  double best = std::numeric_limits<double>::max();
  QPointF from, to;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != api::ViewItemKind::kNode) continue;
    const int node = items[i].index;
    if (node < 0 || node >= static_cast<int>(map.size()) || map[node].empty()) continue;
    const QRectF r = src->itemRect(static_cast<int>(i));
    if (r.isNull()) continue;
    const QPointF d = r.center() - c;
    const double dist = d.x() * d.x() + d.y() * d.y();
    if (dist >= best) continue;
    QRectF target;
    const auto& of = dst->model().item_of_node;
    for (int n : map[node])
      if (n < static_cast<int>(of.size()) && of[n] >= 0)
        target = target.united(dst->itemRect(of[n]));
    if (target.isNull()) continue;
    best = dist;
    from = r.center();
    to = target.center();
  }
  if (best == std::numeric_limits<double>::max()) return;
  m_syncing = true;
  if (std::abs(dst->zoom() - src->zoom()) > 1e-3) dst->setZoom(src->zoom());
  dst->centerOn(to + (c - from));
  m_syncing = false;
}

void CompareView::waitForLayout() {
  for (SideState& st : m_sides) st.loader->waitForFinished();
  QCoreApplication::processEvents();
  m_diffTask->waitForFinished();
  m_sides[kLeft].view->waitForLayout();
  m_sides[kRight].view->waitForLayout();
  QCoreApplication::processEvents();
}

}  // namespace widgets
}  // namespace onnxlens
