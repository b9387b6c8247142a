// The dnnl kernels' primitive caches: the per-kernel one bounded, least recently used first out;
// the process's shared one, one entry per configuration while a kernel holds it; failures in
// neither.
#include <gtest/gtest.h>

#include "kernels/dnnl/dnnl_common.h"

namespace onnxlens::kernels::dnnl_ep {
namespace {

struct Made {
  int64_t id;
};

TEST(DnnlPrimitiveCache, KeepsAtMostItsCapacityAndEvictsTheLeastRecentlyUsed) {
  PrimitiveCache<Made> cache;
  int makes = 0;
  auto get = [&](int64_t k) {
    return cache.GetOrMake({k, k + 1}, [&]() -> Expected<std::shared_ptr<Made>> {
      ++makes;
      return std::make_shared<Made>(Made{k});
    });
  };
  for (int64_t k = 0; k < 50; ++k) {
    auto e = get(k);
    ASSERT_TRUE(e.ok());
    EXPECT_EQ((*e)->id, k);
    EXPECT_LE(cache.size(), PrimitiveCache<Made>::kCapacity);
  }
  EXPECT_EQ(makes, 50);
  EXPECT_EQ(cache.size(), PrimitiveCache<Made>::kCapacity);
  // 49 is cached: no new make. Touch 34 (the oldest kept), add one: 35 is evicted, 34 stays.
  ASSERT_TRUE(get(49).ok());
  ASSERT_TRUE(get(34).ok());
  EXPECT_EQ(makes, 50);
  ASSERT_TRUE(get(100).ok());
  ASSERT_TRUE(get(34).ok());
  EXPECT_EQ(makes, 51);
  ASSERT_TRUE(get(35).ok());
  EXPECT_EQ(makes, 52);
}

TEST(DnnlPrimitiveCache, AFailedMakeIsNotCached) {
  PrimitiveCache<Made> cache;
  auto fail = cache.GetOrMake(
      {1}, []() -> Expected<std::shared_ptr<Made>> { return Unsupported("no primitive"); });
  EXPECT_FALSE(fail.ok());
  EXPECT_EQ(cache.size(), 0u);
}

TEST(DnnlSharedPrimitives, OneEntryPerKeyWhileHeldAndFailuresNotKept) {
  SharedPrimitives<Made> shared;
  int makes = 0;
  auto get = [&](int64_t k) {
    return shared.GetOrMake({k}, [&]() -> Expected<std::shared_ptr<const Made>> {
      ++makes;
      return std::make_shared<const Made>(Made{k});
    });
  };
  auto a = get(1), b = get(1), c = get(2);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(*a, *b);  // the same configuration: one primitive
  EXPECT_NE(*a, *c);
  EXPECT_EQ(makes, 2);
  // Held by no one: gone, made again when asked.
  std::weak_ptr<const Made> gone = *c;
  c = Unsupported("dropped");
  EXPECT_TRUE(gone.expired());
  ASSERT_TRUE(get(2).ok());
  EXPECT_EQ(makes, 3);
  auto fail = shared.GetOrMake(
      {3}, []() -> Expected<std::shared_ptr<const Made>> { return Unsupported("no primitive"); });
  EXPECT_FALSE(fail.ok());
  ASSERT_TRUE(get(3).ok());  // the failure was not kept
  EXPECT_EQ(makes, 4);
}

}  // namespace
}  // namespace onnxlens::kernels::dnnl_ep
