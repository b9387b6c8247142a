// The Profile dialog: the two choices (runs or duration, random or a folder) are independent, the
// options round-trip, and an input folder that is not one is refused in the dialog.
#include "widgets/profile_dialog.h"

#include <gtest/gtest.h>

#include <QListWidget>
#include <QTemporaryDir>

#include <QLineEdit>

#include "widgets/input_spec_edit.h"
#include "widgets/provider_order_edit.h"

namespace onnxlens::widgets {
namespace {

TEST(ProfileDialog, DurationAndInputFolderAreIndependentChoicesThatRoundTrip) {
  QTemporaryDir dir;
  ProfileDialog d;
  api::ProfileOptions o;
  o.level = "basic";
  o.threads = 2;
  o.executor = "parallel";
  o.warmup = 3;
  o.runs = 7;
  o.duration_s = 2.5;
  o.seed = 42;
  o.inputs_dir = dir.path().toStdString();
  d.setOptions(o);
  const api::ProfileOptions back = d.options();
  EXPECT_EQ(back.level, "basic");
  EXPECT_EQ(back.threads, 2);
  EXPECT_EQ(back.executor, "parallel");
  EXPECT_EQ(back.warmup, 3);
  EXPECT_DOUBLE_EQ(back.duration_s, 2.5);  // choosing the folder kept the duration
  EXPECT_EQ(back.inputs_dir, o.inputs_dir);
  EXPECT_TRUE(d.validate().isEmpty()) << d.validate().toStdString();

  // Runs and random inputs.
  o.duration_s = 0;
  o.inputs_dir.clear();
  d.setOptions(o);
  EXPECT_DOUBLE_EQ(d.options().duration_s, 0);
  EXPECT_EQ(d.options().runs, 7);
  EXPECT_EQ(d.options().seed, 42u);
  EXPECT_TRUE(d.options().inputs_dir.empty());
}

// Issue 35.7: all optimizations by default, as `profile` and ONNX Runtime; disabled one choice
// away.
TEST(ProfileDialog, DefaultsToAllOptimizationsAsTheCliAndOnnxRuntime) {
  ProfileDialog d;
  EXPECT_EQ(d.options().level, "layout");  // "Layout (all)", the highest level
  d.setOptions(api::ProfileOptions());     // the API's default, "all", is that entry
  EXPECT_EQ(d.options().level, "layout");
  api::ProfileOptions o;
  o.level = "disabled";
  d.setOptions(o);
  EXPECT_EQ(d.options().level, "disabled");
}

TEST(ProfileDialog, AnInputFolderThatIsNotOneIsRefused) {
  ProfileDialog d;
  api::ProfileOptions o;
  o.inputs_dir = "/nonexistent/inputs";
  d.setOptions(o);
  EXPECT_TRUE(d.validate().contains(QStringLiteral("/nonexistent/inputs")))
      << d.validate().toStdString();
}

TEST(ProfileDialog, TheProviderOrderReachesTheProfileOptions) {
  ProfileDialog d;
  // Preselected: the API's default order.
  EXPECT_EQ(d.options().providers, toStdStrings(defaultProviderOrder()));
  // The user leaves the first preferred provider out: the session gets the rest.
  d.providerOrder()->list()->item(0)->setCheckState(Qt::Unchecked);
  QStringList expected = defaultProviderOrder();
  expected.removeFirst();
  EXPECT_EQ(d.options().providers, toStdStrings(expected));
  // setOptions shows a given order, and it comes back.
  api::ProfileOptions o;
  o.providers = {"reference"};
  d.setOptions(o);
  EXPECT_EQ(d.options().providers, std::vector<std::string>{"reference"});
  o.providers = {"cpu", "reference"};
  d.setOptions(o);
  EXPECT_EQ(d.options().providers, (std::vector<std::string>{"cpu", "reference"}));
}

TEST(ProfileDialog, DimensionsAndValueRangesRoundTripAndMalformedOnesAreRefused) {
  ProfileDialog d;
  api::ProfileOptions o;
  o.dims = {{"batch", 2}, {"sequence", 64}};
  o.ranges = {{"input_ids", {0, 99}}};
  d.setOptions(o);
  EXPECT_EQ(d.inputSpec()->dimsEdit()->text(), QStringLiteral("batch=2, sequence=64"));
  EXPECT_EQ(d.options().dims, o.dims);
  EXPECT_EQ(d.options().ranges, o.ranges);
  EXPECT_FALSE(d.inputSpec()->dimsEdit()->toolTip().isEmpty());
  d.inputSpec()->dimsEdit()->setText(QStringLiteral("batch=0"));
  EXPECT_TRUE(d.validate().contains(QStringLiteral("batch=0"))) << d.validate().toStdString();
  d.inputSpec()->dimsEdit()->setText(QStringLiteral("batch = 1 sequence=8"));
  d.inputSpec()->rangesEdit()->setText(QStringLiteral("ids=5"));
  EXPECT_FALSE(d.validate().isEmpty());
  d.inputSpec()->rangesEdit()->clear();
  EXPECT_TRUE(d.validate().isEmpty()) << d.validate().toStdString();
  EXPECT_EQ(d.options().dims, (api::DimOverrides{{"batch", 1}, {"sequence", 8}}));
  // Inputs from a folder: the fields do not apply.
  QTemporaryDir dir;
  o.inputs_dir = dir.path().toStdString();
  d.setOptions(o);
  EXPECT_FALSE(d.inputSpec()->isEnabled());
  EXPECT_TRUE(d.options().dims.empty());
}

}  // namespace
}  // namespace onnxlens::widgets
