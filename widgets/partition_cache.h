// The provider partitions the views computed, kept per (model, level, provider order) so that
// toggling the colouring, switching a pane back to a step or reopening a graph does not ask the
// providers again. Bounded (a 200,000-node partition is tens of MB); the least recently used
// entry goes first. UI thread only.
#pragma once

#include <QString>
#include <list>
#include <memory>
#include <utility>

#include "api/partition.h"

namespace onnxlens {
namespace widgets {

class PartitionCache {
 public:
  explicit PartitionCache(size_t capacity = 8) : m_capacity(capacity) {}
  PartitionCache(const PartitionCache&) = delete;
  PartitionCache& operator=(const PartitionCache&) = delete;

  /// The cached report for `key`, or null. An entry whose `owner` (the model it was computed
  /// from) has been freed since is dropped: its address may now be another model's.
  std::shared_ptr<const api::PartitionReport> find(const QString& key);
  /// Keeps `report` for `key`; `owner` (may be empty) is the in-memory model it describes.
  void put(const QString& key, std::shared_ptr<const api::PartitionReport> report,
           std::weak_ptr<const void> owner = {}, bool hasOwner = false);
  void clear() { m_entries.clear(); }
  size_t size() const { return m_entries.size(); }
  int hits() const { return m_hits; }

 private:
  struct Entry {
    QString key;
    std::shared_ptr<const api::PartitionReport> report;
    std::weak_ptr<const void> owner;
    bool hasOwner = false;
  };
  std::list<Entry> m_entries;  ///< most recently used first
  size_t m_capacity;
  int m_hits = 0;
};

}  // namespace widgets
}  // namespace onnxlens
