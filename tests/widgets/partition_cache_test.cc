// PartitionCache: finds by key, drops the least recently used beyond its capacity, and never
// serves an entry whose in-memory model is gone.
#include "widgets/partition_cache.h"

#include <gtest/gtest.h>

namespace onnxlens::widgets {
namespace {

std::shared_ptr<const api::PartitionReport> Report(const std::string& level) {
  auto r = std::make_shared<api::PartitionReport>();
  r->level = level;
  return r;
}

TEST(PartitionCache, KeepsTheMostRecentlyUsedWithinItsCapacity) {
  PartitionCache cache(2);
  cache.put(QStringLiteral("a"), Report("a"));
  cache.put(QStringLiteral("b"), Report("b"));
  ASSERT_NE(cache.find(QStringLiteral("a")), nullptr);  // a is now the most recent
  cache.put(QStringLiteral("c"), Report("c"));          // evicts b
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.find(QStringLiteral("b")), nullptr);
  ASSERT_NE(cache.find(QStringLiteral("a")), nullptr);
  EXPECT_EQ(cache.find(QStringLiteral("c"))->level, "c");
  EXPECT_EQ(cache.hits(), 3);
}

TEST(PartitionCache, AnEntryDiesWithItsModel) {
  PartitionCache cache;
  auto model = std::make_shared<int>(1);
  cache.put(QStringLiteral("trace:1"), Report("basic"), std::shared_ptr<const void>(model), true);
  EXPECT_NE(cache.find(QStringLiteral("trace:1")), nullptr);
  model.reset();
  EXPECT_EQ(cache.find(QStringLiteral("trace:1")), nullptr);
  EXPECT_EQ(cache.size(), 0u);
}

TEST(PartitionCache, ReplacingAKeyKeepsOneEntry) {
  PartitionCache cache;
  cache.put(QStringLiteral("k"), Report("x"));
  cache.put(QStringLiteral("k"), Report("y"));
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.find(QStringLiteral("k"))->level, "y");
}

}  // namespace
}  // namespace onnxlens::widgets
