// Tests for Status / Expected and the error-propagation macros.
#include "common/status.h"

#include <gtest/gtest.h>

namespace onnxlens {
namespace {

Expected<int> Half(int v) {
  if (v % 2) return InvalidArgument("odd value " + std::to_string(v));
  return v / 2;
}

Expected<int> Quarter(int v) {
  OL_ASSIGN_OR_RETURN(int h, Half(v));
  OL_ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

TEST(StatusTest, DefaultIsOk) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.ToString(), "ok");
}

TEST(StatusTest, WithContextPrefixesMessageAndKeepsCode) {
  Status s = NotFound("no such tensor 'w'").WithContext("model.onnx");
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_EQ(s.message(), "model.onnx: no such tensor 'w'");
  EXPECT_TRUE(Status::Ok().WithContext("x").ok());
}

TEST(StatusTest, AssignOrReturnPropagatesTheFirstError) {
  EXPECT_EQ(*Quarter(8), 2);
  auto r = Quarter(6);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "odd value 3");
}

}  // namespace
}  // namespace onnxlens
