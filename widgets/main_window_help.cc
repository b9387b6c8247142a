// MainWindow's help: Help → Keyboard Shortcuts (made from the actions' own shortcuts) and
// Help → About.
#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QVBoxLayout>
#include <functional>

#include "widgets/main_window.h"
#include "widgets/pass_stepper.h"
#include "widgets/timeline_widget.h"

namespace onnxlens {
namespace widgets {

QList<QPair<QString, QString>> MainWindow::shortcutList() const {
  QList<QPair<QString, QString>> out;
  std::function<void(const QList<QAction*>&)> walk = [&](const QList<QAction*>& actions) {
    for (QAction* a : actions) {
      if (a->menu()) {
        walk(a->menu()->actions());
        continue;
      }
      if (a->shortcuts().isEmpty()) continue;
      QStringList keys;
      for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
      QString text = a->text();
      text.remove(QLatin1Char('&'));
      text.remove(QStringLiteral("…"));
      out.append({keys.join(QStringLiteral(", ")), text});
    }
  };
  out.append({QString(), tr("Everywhere")});
  out.append({tr("?"), tr("This list of keys (not while typing in a text field)")});
  out.append({QString(), tr("Menus")});
  for (QAction* a : menuBar()->actions()) walk({a});
  out.append({QString(), tr("Graph")});
  out.append({tr("Wheel, pinch"), tr("Zoom at the pointer")});
  out.append({tr("Drag"), tr("Pan")});
  out.append({tr("Click"), tr("Select a node; open or close a group")});
  out.append({tr("Double-click"), tr("Open the body of an If, Loop or Scan node")});
  out.append({tr("Up / Down"), tr("Go to the selected node's producer / consumer")});
  out.append({QStringLiteral("F"), tr("Zoom to the selected node (readable size)")});
  out.append({tr("Escape"), tr("Clear the selection; close the find bar")});
  out.append({tr("Backspace"), tr("From a subgraph body up to its parent graph")});
  out.append({tr("Enter / Shift+Enter"), tr("Next / previous find result")});
  out.append({QString(), tr("Optimize")});
  out += PassStepper::keyHelp();
  out.append({QString(), tr("Profile timeline")});
  out += TimelineWidget::keyHelp();
  return out;
}

void MainWindow::showShortcuts() {
  QString rows;
  for (const auto& [keys, what] : shortcutList()) {
    if (keys.isEmpty())
      rows += QStringLiteral(
                  "<tr><td colspan=2 style=\"padding-top:12px\"><span style=\"font-size:large; "
                  "font-weight:600\">%1</span></td></tr>")
                  .arg(what.toHtmlEscaped());
    else
      rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                  .arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
  }
  if (!m_shortcutsDialog) {
    // Not modal: it can stay open while the keys are tried.
    m_shortcutsDialog = new QDialog(this);
    m_shortcutsDialog->setWindowTitle(tr("Keyboard Shortcuts"));
    auto* layout = new QVBoxLayout(m_shortcutsDialog);
    auto* scroll = new QScrollArea(m_shortcutsDialog);
    scroll->setWidgetResizable(true);
    auto* label = new QLabel(scroll);
    label->setObjectName(QStringLiteral("shortcutsTable"));
    label->setTextFormat(Qt::RichText);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->setMargin(8);
    scroll->setWidget(label);
    layout->addWidget(scroll);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, m_shortcutsDialog);
    connect(close, &QDialogButtonBox::rejected, m_shortcutsDialog, &QDialog::hide);
    layout->addWidget(close);
    m_shortcutsDialog->resize(620, 640);
  }
  m_shortcutsDialog->findChild<QLabel*>(QStringLiteral("shortcutsTable"))
      ->setText(QStringLiteral("<table cellpadding=3>%1</table>").arg(rows));
  m_shortcutsDialog->show();
  m_shortcutsDialog->raise();
  m_shortcutsDialog->activateWindow();
}

QString MainWindow::aboutText() {
  return tr("<h3>onnxlens %1</h3><p>A workbench for ONNX models on its own runtime: inspect the "
            "graph, see what each optimization level and pass does to it, profile it, and "
            "export the optimized model. onnxlens-cli also runs, benchmarks and checks models "
            "against the ONNX backend tests.</p>")
      .arg(QCoreApplication::applicationVersion());
}

void MainWindow::showAbout() { QMessageBox::about(this, tr("About onnxlens"), aboutText()); }

}  // namespace widgets
}  // namespace onnxlens
