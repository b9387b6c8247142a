// Parsing and printing --dim / --range values.
#include "api/input_spec.h"

#include <gtest/gtest.h>

namespace onnxlens::api {
namespace {

TEST(InputSpecTest, DimsParseOneOrSeveralAndRoundTrip) {
  DimOverrides dims;
  ASSERT_TRUE(ParseDimOverrides("batch=1", &dims).ok());
  ASSERT_TRUE(ParseDimOverrides(" sequence = 128, x:2=224; ", &dims).ok());
  EXPECT_EQ(dims, (DimOverrides{{"batch", 1}, {"sequence", 128}, {"x:2", 224}}));
  EXPECT_EQ(FormatDimOverrides(dims), "batch=1, sequence=128, x:2=224");
  DimOverrides again;
  ASSERT_TRUE(ParseDimOverrides(FormatDimOverrides(dims), &again).ok());
  EXPECT_EQ(again, dims);
  ASSERT_TRUE(ParseDimOverrides("", &again).ok());
}

TEST(InputSpecTest, DimsRejectMalformedValues) {
  DimOverrides dims;
  for (const char* bad : {"batch", "batch=", "=3", "batch=0", "batch=-2", "batch=1.5", "batch=x"}) {
    const Status st = ParseDimOverrides(bad, &dims);
    EXPECT_FALSE(st.ok()) << bad;
    EXPECT_NE(st.message().find(bad), std::string::npos) << st.message();
  }
  EXPECT_TRUE(dims.empty());
}

TEST(InputSpecTest, ADimOrRangeSetTwiceToAnotherValueIsAnErrorNamingIt) {
  DimOverrides dims;
  ASSERT_TRUE(ParseDimOverrides("batch=1", &dims).ok());
  EXPECT_TRUE(ParseDimOverrides("batch=1", &dims).ok()) << "the same value again is harmless";
  Status st = ParseDimOverrides("batch=2", &dims);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.message(), "'batch' is set twice, to 1 and 2; set it once");
  EXPECT_FALSE(ParseDimOverrides("sequence=8, sequence=16", &dims).ok());
  EXPECT_EQ(dims.at("batch"), 1);
  RangeOverrides ranges;
  ASSERT_TRUE(ParseRangeOverrides("ids=0,9; ids=0,9", &ranges).ok());
  st = ParseRangeOverrides("ids=0,99", &ranges);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.message(), "'ids' is set twice, to 0,9 and 0,99; set it once");
  EXPECT_EQ(ranges.at("ids"), (ValueRange{0, 9}));
}

TEST(InputSpecTest, RangesParseAndRejectMalformedOnes) {
  RangeOverrides ranges;
  ASSERT_TRUE(ParseRangeOverrides("input_ids=0,999; mask = 0, 1", &ranges).ok());
  ASSERT_TRUE(ParseRangeOverrides("x=-2.5,2.5", &ranges).ok());
  EXPECT_EQ(ranges.at("input_ids"), (ValueRange{0, 999}));
  EXPECT_EQ(ranges.at("mask"), (ValueRange{0, 1}));
  EXPECT_EQ(ranges.at("x"), (ValueRange{-2.5, 2.5}));
  RangeOverrides again;
  ASSERT_TRUE(ParseRangeOverrides(FormatRangeOverrides(ranges), &again).ok());
  EXPECT_EQ(again, ranges);
  for (const char* bad : {"x", "x=1", "x=2,1", "x=a,b", "=0,1", "x=0,inf"})
    EXPECT_FALSE(ParseRangeOverrides(bad, &again).ok()) << bad;
}

}  // namespace
}  // namespace onnxlens::api
