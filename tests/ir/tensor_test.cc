// Tests for Tensor: size checks before allocation, copy on write, content hashing.
#include "ir/tensor.h"

#include <gtest/gtest.h>

namespace onnxlens::ir {
namespace {

TEST(TensorTest, NumElementsRejectsNegativeAndOverflowingShapes) {
  EXPECT_EQ(*NumElements({2, 3, 4}), 24);
  EXPECT_EQ(*NumElements({}), 1);
  EXPECT_EQ(*NumElements({5, 0}), 0);
  EXPECT_FALSE(NumElements({2, -1}).ok());
  EXPECT_FALSE(NumElements({1LL << 40, 1LL << 40}).ok());
  // Zero elements, but strides over the other dimensions would overflow.
  EXPECT_FALSE(NumElements({0, 1LL << 40, 1LL << 40}).ok());
  EXPECT_EQ(*NumElements({0, 1LL << 30, 1LL << 30}), 0);
}

TEST(TensorTest, ZerosRefusesMoreThanTheCap) {
  auto t = Tensor::Zeros(DataType::kFloat, {1000000, 1000000});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), StatusCode::kOutOfRange);
  EXPECT_NE(t.status().message().find("float32[1000000,1000000]"), std::string::npos);
}

TEST(TensorTest, FromRawChecksTheByteCount) {
  std::vector<float> v = {1, 2, 3};
  EXPECT_FALSE(Tensor::FromRaw(DataType::kFloat, {4}, v.data(), 12).ok());
  auto t = Tensor::FromRaw(DataType::kFloat, {3}, v.data(), 12);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->data<float>()[2], 3.0f);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t->raw()) % 64, 0u);
}

TEST(TensorTest, CopiesShareStorageUntilWritten) {
  Tensor a = Tensor::FromVector<float>(DataType::kFloat, {2}, {1, 2});
  Tensor b = a;
  EXPECT_EQ(a.raw(), b.raw());
  b.mutable_data<float>()[0] = 9;
  EXPECT_NE(a.raw(), b.raw());
  EXPECT_EQ(a.data<float>()[0], 1.0f);
  EXPECT_FALSE(a.SameContent(b));
}

TEST(TensorTest, WithDimsViewsTheSameStorageUntilEitherIsWritten) {
  Tensor a = Tensor::FromVector<float>(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto v = a.WithDims({3, 1, 2});
  ASSERT_TRUE(v.ok()) << v.status().message();
  EXPECT_EQ(v->dims(), (std::vector<int64_t>{3, 1, 2}));
  EXPECT_EQ(v->raw(), a.raw());     // no copy
  v->mutable_data<float>()[0] = 9;  // copy on write: the original keeps its value
  EXPECT_EQ(a.data<float>()[0], 1);
  EXPECT_EQ(v->data<float>()[0], 9);
  EXPECT_NE(v->raw(), a.raw());
  auto bad = a.WithDims({4, 2});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("cannot view 6 elements as [4,2]"), std::string::npos)
      << bad.status().message();
  auto s = Tensor::FromStrings({2}, {"x", "y"});
  ASSERT_TRUE(s.ok());
  auto sv = s->WithDims({1, 2});
  ASSERT_TRUE(sv.ok());
  EXPECT_EQ(sv->strings(), (std::vector<std::string>{"x", "y"}));
}

TEST(TensorTest, HashDependsOnTypeShapeAndContent) {
  Tensor a = Tensor::FromVector<int32_t>(DataType::kInt32, {2}, {1, 2});
  Tensor b = Tensor::FromVector<int32_t>(DataType::kInt32, {2}, {1, 2});
  Tensor c = Tensor::FromVector<int32_t>(DataType::kInt32, {1, 2}, {1, 2});
  Tensor d = Tensor::FromVector<float>(DataType::kFloat, {2}, {1, 2});
  EXPECT_EQ(a.ContentHash(), b.ContentHash());
  EXPECT_TRUE(a.SameContent(b));
  EXPECT_NE(a.ContentHash(), c.ContentHash());
  EXPECT_NE(a.ContentHash(), d.ContentHash());
}

TEST(TensorTest, StringTensorsCountTheirValues) {
  EXPECT_FALSE(Tensor::FromStrings({3}, {"a", "b"}).ok());
  auto t = Tensor::FromStrings({2}, {"a", "b"});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->strings()[1], "b");
}

TEST(TensorTest, InternedEqualTensorsShareStorageWhileHeldAndStayApartWhenWritten) {
  const std::vector<float> v = {1.f, 2.f, 3.f, 4.f, 5.f, 6.f};
  Tensor a = Interned(Tensor::FromVector(DataType::kFloat, {2, 3}, v));
  Tensor b = Interned(Tensor::FromVector(DataType::kFloat, {2, 3}, v));
  EXPECT_EQ(a.raw(), b.raw());  // one storage
  // Another shape, type or content is another tensor.
  Tensor shape = Interned(Tensor::FromVector(DataType::kFloat, {3, 2}, v));
  Tensor content = Interned(Tensor::FromVector(DataType::kFloat, {2, 3},
                                               std::vector<float>{1.f, 2.f, 3.f, 4.f, 5.f, 7.f}));
  Tensor type = Interned(
      Tensor::FromVector(DataType::kInt32, {2, 3}, std::vector<int32_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_NE(shape.raw(), a.raw());
  EXPECT_NE(content.raw(), a.raw());
  EXPECT_NE(type.raw(), a.raw());
  // Writing one leaves the other as it was.
  b.mutable_data<float>()[0] = 9.f;
  EXPECT_NE(a.raw(), b.raw());
  EXPECT_EQ(a.data<float>()[0], 1.f);
  // Once no one holds it, an equal tensor gets a storage of its own, shared from then on.
  a = Tensor();
  Tensor c = Interned(Tensor::FromVector(DataType::kFloat, {2, 3}, v));
  Tensor d = Interned(Tensor::FromVector(DataType::kFloat, {2, 3}, v));
  EXPECT_EQ(c.data<float>()[5], 6.f);
  EXPECT_EQ(c.raw(), d.raw());
}

}  // namespace
}  // namespace onnxlens::ir
