// The Summary tab's panel: its inputs and outputs tables keep their rows in view however many
// properties the model form above them has.
#include "widgets/model_summary_panel.h"

#include <gtest/gtest.h>

#include <QHeaderView>
#include <QTableView>
#include <memory>

#include "api/model_info.h"

namespace onnxlens::widgets {
namespace {

std::shared_ptr<api::ModelInfo> ManyPropertiesInfo(int inputs, int outputs) {
  auto info = std::make_shared<api::ModelInfo>();
  info->path = "/tmp/model.onnx";
  info->ir_version = 8;
  info->opsets = {{"ai.onnx", 17}};
  // Metadata properties fill the form above the tables (a PyTorch or HF export has a dozen).
  for (int k = 0; k < 16; ++k)
    info->metadata.emplace_back("key_" + std::to_string(k), "value " + std::to_string(k));
  auto value = [](const std::string& name) {
    api::ValueSummary v;
    v.name = name;
    v.kind = "input";
    v.dtype = "int64";
    v.type = "int64[batch,sequence]";
    v.shape_label = "batch\u00d7sequence";
    return v;
  };
  for (int i = 0; i < inputs; ++i) info->inputs.push_back(value("input_" + std::to_string(i)));
  for (int i = 0; i < outputs; ++i) info->outputs.push_back(value("output_" + std::to_string(i)));
  return info;
}

int VisibleRows(QTableView* t) {
  return t->viewport()->height() / t->verticalHeader()->defaultSectionSize();
}

TEST(ModelSummaryPanel, InputAndOutputRowsStayInViewBesideManyProperties) {
  ModelSummaryPanel panel;
  panel.resize(1280, 640);
  panel.setModelInfo(ManyPropertiesInfo(3, 2));
  panel.show();
  QCoreApplication::processEvents();
  // The three inputs of a BERT export in full (the table showed 3 rows at most, fewer here).
  EXPECT_GE(VisibleRows(panel.inputsTable()), 3);
  EXPECT_GE(VisibleRows(panel.outputsTable()), 2);
}

TEST(ModelSummaryPanel, LongTablesKeepTheirFirstRowsInViewAndScroll) {
  ModelSummaryPanel panel;
  panel.resize(1280, 640);
  panel.setModelInfo(ManyPropertiesInfo(40, 1));
  panel.show();
  QCoreApplication::processEvents();
  EXPECT_GE(VisibleRows(panel.inputsTable()), ModelSummaryPanel::kRowsAlwaysVisible);
  EXPECT_GE(VisibleRows(panel.outputsTable()), 1);
  // A smaller model after a bigger one: the table gives the room back.
  panel.setModelInfo(ManyPropertiesInfo(1, 1));
  EXPECT_LT(panel.inputsTable()->minimumHeight(),
            ModelSummaryPanel::kRowsAlwaysVisible *
                panel.inputsTable()->verticalHeader()->defaultSectionSize());
}

}  // namespace
}  // namespace onnxlens::widgets
