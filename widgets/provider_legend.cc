// Provider legend.
#include "widgets/provider_legend.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>

#include "widgets/provider_colors.h"
#include "widgets/provider_order_edit.h"
#include "widgets/provider_paint.h"
#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

ProviderLegend::ProviderLegend(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(6, 2, 6, 2);
  m_text = new QLabel(this);
  m_text->setTextFormat(Qt::RichText);
  m_text->setWordWrap(true);
  // Long text wraps instead of widening the narrow panes of the Optimize tab.
  m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 100);
  m_progress->setMaximumWidth(160);
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_order = new QComboBox(this);
  m_order->setToolTip(
      tr("Execution provider order: each node goes to the first provider that "
         "accepts it"));
  m_order->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  for (const QStringList& order : offeredProviderOrders())
    m_order->addItem(providerOrderText(order), order);
  row->addWidget(m_text, 1);
  row->addWidget(m_progress);
  row->addWidget(m_cancel);
  row->addWidget(m_order);
  m_progress->hide();
  m_cancel->hide();
  connect(m_cancel, &QPushButton::clicked, this, &ProviderLegend::cancelRequested);
  connect(m_order, QOverload<int>::of(&QComboBox::activated), this,
          [this](int) { emit orderChosen(order()); });
}

void ProviderLegend::showPaint(const ProviderPaint& paint, bool dark) {
  m_progress->hide();
  m_cancel->hide();
  const QLocale locale;
  QStringList parts;
  auto swatch = [](const QColor& c) {
    return QStringLiteral("<span style=\"color:%1\">■</span>").arg(c.name());
  };
  for (size_t i = 0; i < paint.providers.size(); ++i) {
    const QString name = QString::fromStdString(paint.providers[i]);
    // Non-breaking inside an entry: a narrow pane wraps between entries, not after a swatch.
    QString part = QStringLiteral("%1&nbsp;<b>%2</b>&nbsp;%3")
                       .arg(swatch(providerColor(name, dark)), name.toHtmlEscaped(),
                            locale.toString(static_cast<qlonglong>(paint.counts[i])));
    // Constants are drawn as weight rows: say how many of the count the boxes do not show.
    if (i < paint.constants.size() && paint.constants[i] > 0)
      part += QStringLiteral("&nbsp;") +
              tr("(%Ln Constant(s))", nullptr, static_cast<int>(paint.constants[i]));
    parts << part;
  }
  if (paint.unplaced > 0)
    parts << QStringLiteral("%1&nbsp;%2")
                 .arg(swatch(unplacedColor(dark)),
                      tr("no provider: %1")
                          .arg(locale.toString(static_cast<qlonglong>(paint.unplaced))));
  if (paint.missing > 0)
    parts << tr("not in the partition: %1")
                 .arg(locale.toString(static_cast<qlonglong>(paint.missing)));
  parts << tr("⇄ %Ln boundary node(s)", nullptr, static_cast<int>(paint.boundaries));
  // Which model the colours are of: the Graph tab's is the file as loaded (level disabled), an
  // Optimize pane's the step or level it shows.
  const QString joined = parts.join(QStringLiteral(" &nbsp; "));
  const QString level = paint.report ? QString::fromStdString(paint.report->level) : QString();
  m_text->setText(
      level.isEmpty()
          ? tr("Providers: %1").arg(joined)
          : tr("Providers at level %1: %2").arg(StageText::level(level).toHtmlEscaped(), joined));
  m_text->setToolTip(
      tr("Node counts over the whole model, subgraphs included. ⇄ marks a "
         "reorder node, or a node reading a tensor another provider produced."));
}

void ProviderLegend::showProgress(const Progress& progress) {
  m_progress->setValue(qRound(progress.fraction * 100));
  m_progress->show();
  m_cancel->show();
  m_text->setText(progressText(progress));
  m_text->setToolTip(QString());
}

void ProviderLegend::showMessage(const QString& text) {
  m_progress->hide();
  m_cancel->hide();
  m_text->setText(text.toHtmlEscaped());
}

void ProviderLegend::setOrder(const QStringList& order) {
  int index = m_order->findData(order);
  if (index < 0) {
    m_order->addItem(providerOrderText(order), order);
    index = m_order->count() - 1;
  }
  m_order->setCurrentIndex(index);
}

QStringList ProviderLegend::order() const { return m_order->currentData().toStringList(); }

QString ProviderLegend::text() const { return m_text->text(); }

}  // namespace widgets
}  // namespace onnxlens
