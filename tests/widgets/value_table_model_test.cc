// ValueTableModel: passes QAbstractItemModelTester; shapes as Netron writes them.
#include "widgets/value_table_model.h"

#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

namespace onnxlens::widgets {
namespace {

TEST(ValueTableModelTest, ShowsNameTypeAndShape) {
  ValueTableModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  api::ValueSummary v;
  v.name = "input";
  v.dtype = "float32";
  v.has_shape = true;
  v.shape = {{1, ""}, {3, ""}};
  v.shape_label = "1\u00d73";
  api::ValueSummary scalar;
  scalar.name = "sr";
  scalar.dtype = "int64";
  scalar.has_shape = true;
  model.setValues({v, scalar});
  ASSERT_EQ(model.rowCount(), 2);
  EXPECT_EQ(model.index(0, ValueTableModel::NameColumn).data().toString(), "input");
  EXPECT_EQ(model.index(0, ValueTableModel::TypeColumn).data().toString(), "float32");
  EXPECT_EQ(model.index(0, ValueTableModel::ShapeColumn).data().toString(),
            QString::fromUtf8("1\u00d73"));
  EXPECT_EQ(model.index(1, ValueTableModel::ShapeColumn).data().toString(), "scalar");
}

}  // namespace
}  // namespace onnxlens::widgets
