// Partition cache.
#include "widgets/partition_cache.h"

namespace onnxlens {
namespace widgets {

std::shared_ptr<const api::PartitionReport> PartitionCache::find(const QString& key) {
  for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
    if (it->key != key) continue;
    if (it->hasOwner && it->owner.expired()) {
      m_entries.erase(it);
      return nullptr;
    }
    m_entries.splice(m_entries.begin(), m_entries, it);
    ++m_hits;
    return m_entries.front().report;
  }
  return nullptr;
}

void PartitionCache::put(const QString& key, std::shared_ptr<const api::PartitionReport> report,
                         std::weak_ptr<const void> owner, bool hasOwner) {
  for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
    if (it->key == key) {
      m_entries.erase(it);
      break;
    }
  }
  m_entries.push_front({key, std::move(report), std::move(owner), hasOwner});
  while (m_entries.size() > m_capacity) m_entries.pop_back();
}

}  // namespace widgets
}  // namespace onnxlens
