// Document: what is open and the shared selection. Views follow a selection published by another
// view; what they publish while following is an echo the document ignores (no mirroring loops).
#include "widgets/document.h"

#include <gtest/gtest.h>

#include <QSignalSpy>

namespace onnxlens::widgets {
namespace {

TEST(Document, ASelectionReachesTheOtherViewsAndItsEchoIsIgnored) {
  Document doc;
  QObject graph, timeline;
  QStringList timelineSaw, graphSaw;
  // The timeline follows by selecting a kernel slice, which it publishes in turn (fused kernel).
  QObject::connect(&doc, &Document::selectionChanged,
                   [&](const QString& node, const QStringList&, QObject* source) {
                     if (source == &timeline) return;
                     timelineSaw << node;
                     doc.select(QStringLiteral("FusedConv_1"), {QStringLiteral("Conv_1")},
                                &timeline);
                   });
  QObject::connect(&doc, &Document::selectionChanged,
                   [&](const QString& node, const QStringList&, QObject* source) {
                     if (source != &graph) graphSaw << node;
                   });
  doc.select(QStringLiteral("Conv_1"), {}, &graph);
  EXPECT_EQ(timelineSaw, QStringList{QStringLiteral("Conv_1")});
  EXPECT_TRUE(graphSaw.isEmpty());  // the echo was not sent back to the graph
  EXPECT_EQ(doc.selectedNode(), QStringLiteral("Conv_1"));
  // A selection made in the timeline reaches the graph.
  doc.select(QStringLiteral("FusedConv_1"), {QStringLiteral("Conv_1")}, &timeline);
  EXPECT_EQ(graphSaw, QStringList{QStringLiteral("FusedConv_1")});
  EXPECT_EQ(doc.selectedOrigins(), QStringList{QStringLiteral("Conv_1")});
}

TEST(Document, RunsAreAddedAndTheNewestBecomesCurrent) {
  Document doc;
  QSignalSpy added(&doc, &Document::runAdded);
  QSignalSpy current(&doc, &Document::currentRunChanged);
  EXPECT_EQ(doc.current(), nullptr);
  auto run = std::make_shared<ProfileRun>();
  run->label = QStringLiteral("a");
  doc.addRun(run);
  doc.addRun(std::make_shared<ProfileRun>());
  EXPECT_EQ(doc.runCount(), 2);
  EXPECT_EQ(doc.currentRun(), 1);
  EXPECT_EQ(added.count(), 2);
  EXPECT_EQ(current.count(), 2);
  doc.setCurrentRun(0);
  EXPECT_EQ(doc.current()->label, QStringLiteral("a"));
  doc.setCurrentRun(7);  // no such run: unchanged
  EXPECT_EQ(doc.currentRun(), 0);
}

TEST(Document, ANewModelDropsTheTraceAndTheSelection) {
  Document doc;
  doc.setOptimizeTrace(std::make_shared<api::OptimizeTrace>());
  doc.select(QStringLiteral("n"), {}, nullptr);
  QSignalSpy model(&doc, &Document::modelChanged);
  doc.setModel(QStringLiteral("m.onnx"), std::make_shared<api::ModelInfo>());
  EXPECT_EQ(model.count(), 1);
  EXPECT_EQ(doc.path(), QStringLiteral("m.onnx"));
  EXPECT_EQ(doc.optimizeTrace(), nullptr);
  EXPECT_TRUE(doc.selectedNode().isEmpty());
  EXPECT_EQ(doc.snapshot(), nullptr);
}

}  // namespace
}  // namespace onnxlens::widgets
