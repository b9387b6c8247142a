// OpHistogramModel: passes QAbstractItemModelTester, shows counts and shares, sorts numerically.
#include "widgets/op_histogram_model.h"

#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSortFilterProxyModel>

namespace onnxlens::widgets {
namespace {

TEST(OpHistogramModelTest, PassesTheModelTesterAndShowsShares) {
  OpHistogramModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  model.setHistogram({{"Conv", 3}, {"Relu", 1}, {"com.microsoft.FusedConv", 4}});
  ASSERT_EQ(model.rowCount(), 3);
  EXPECT_EQ(model.data(model.index(0, OpHistogramModel::CountColumn)).toString(), "3");
  EXPECT_EQ(model.data(model.index(0, OpHistogramModel::ShareColumn), OpHistogramModel::SortRole)
                .toDouble(),
            37.5);
  EXPECT_TRUE(model.data(model.index(0, 0), Qt::DecorationRole).value<QColor>().isValid());
  model.setHistogram({});
  EXPECT_EQ(model.rowCount(), 0);
}

TEST(OpHistogramModelTest, SortsCountsNumericallyNotAlphabetically) {
  OpHistogramModel model;
  model.setHistogram({{"A", 9}, {"B", 10}, {"C", 100}});
  QSortFilterProxyModel proxy;
  proxy.setSourceModel(&model);
  proxy.setSortRole(OpHistogramModel::SortRole);
  proxy.sort(OpHistogramModel::CountColumn, Qt::DescendingOrder);
  EXPECT_EQ(proxy.index(0, 0).data().toString(), "C");
  EXPECT_EQ(proxy.index(1, 0).data().toString(), "B");
  EXPECT_EQ(proxy.index(2, 0).data().toString(), "A");
}

}  // namespace
}  // namespace onnxlens::widgets
