// ProviderOrderEdit and the offered orders: built from the API's known providers, the reference
// provider always last and always included, moving and unchecking change the order.
#include "widgets/provider_order_edit.h"

#include <gtest/gtest.h>

#include <QListWidget>
#include <QSignalSpy>
#include <algorithm>

#include "api/partition.h"

namespace onnxlens::widgets {
namespace {

TEST(ProviderOrder, TheDefaultIsTheApisOrderAndEveryOfferedOrderIsDistinct) {
  QStringList known;
  for (const std::string& p : api::ExecutionProviderNames()) known << QString::fromStdString(p);
  EXPECT_EQ(defaultProviderOrder(), known);
  const QList<QStringList> offered = offeredProviderOrders();
  ASSERT_FALSE(offered.isEmpty());
  EXPECT_EQ(offered.front(), known);
  for (int i = 0; i < offered.size(); ++i) {
    for (int j = i + 1; j < offered.size(); ++j) EXPECT_NE(offered[i], offered[j]);
    EXPECT_FALSE(offered[i].isEmpty());
  }
  // Each provider can be put first with one click.
  for (const QString& p : known) {
    EXPECT_TRUE(std::any_of(offered.begin(), offered.end(), [&p](const QStringList& o) {
      return o.front() == p;
    })) << p.toStdString();
  }
  EXPECT_EQ(providerOrderText({QStringLiteral("cpu"), QStringLiteral("reference")}),
            QStringLiteral("cpu › reference"));
}

TEST(ProviderOrderEdit, StartsWithTheDefaultAndKeepsTheReferenceLast) {
  ProviderOrderEdit edit;
  EXPECT_EQ(edit.order(), defaultProviderOrder());
  edit.setOrder({QStringLiteral("reference"), QStringLiteral("cpu")});
  EXPECT_EQ(edit.order(), (QStringList{QStringLiteral("cpu"), QStringLiteral("reference")}));
  EXPECT_EQ(edit.list()->item(edit.list()->count() - 1)->data(Qt::UserRole).toString(),
            QStringLiteral("reference"));
}

TEST(ProviderOrderEdit, UncheckingAProviderLeavesItOut) {
  ProviderOrderEdit edit;
  QSignalSpy changed(&edit, &ProviderOrderEdit::orderChanged);
  edit.list()->item(0)->setCheckState(Qt::Unchecked);  // the first preferred one
  EXPECT_EQ(changed.count(), 1);
  QStringList expected = defaultProviderOrder();
  expected.removeFirst();
  EXPECT_EQ(edit.order(), expected);
  edit.setOrder({});  // nothing chosen: the reference provider alone
  EXPECT_EQ(edit.order(), QStringList{QStringLiteral("reference")});
}

TEST(ProviderOrderEdit, MovingNeverPassesTheReferenceProvider) {
  ProviderOrderEdit edit;
  const int last = edit.list()->count() - 1;
  edit.move(last, -1);  // the reference row does not move
  EXPECT_EQ(edit.order().last(), QStringLiteral("reference"));
  if (last >= 2) {  // two providers before the reference one: swap them
    const QStringList before = edit.order();
    edit.move(0, +1);
    EXPECT_EQ(edit.order()[0], before[1]);
    EXPECT_EQ(edit.order()[1], before[0]);
  }
  edit.move(last - 1, +1);  // not past the reference provider
  EXPECT_EQ(edit.order().last(), QStringLiteral("reference"));
}

}  // namespace
}  // namespace onnxlens::widgets
