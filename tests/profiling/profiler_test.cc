// Profiler: recording from several threads at once (the session thread and pool workers) loses no
// event, keeps each on its thread's track, and Events() may be called while others record. Run
// under the tsan preset (label `threads`) this is the profiler's race check.
#include "profiling/profiler.h"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace onnxlens::profiling {
namespace {

TEST(ProfilerTest, RecordsFromSeveralThreadsAtOnce) {
  constexpr int kThreads = 4, kEvents = 300;
  Profiler profiler;
  auto info = std::make_shared<NodeEventInfo>();
  info->label = "conv";
  info->op_name = "Conv";
  info->provider = "cpu";
  std::atomic<bool> recording{true};
  std::vector<int64_t> tids(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      tids[static_cast<size_t>(t)] = Profiler::CurrentThreadId();
      profiler.NameThread(Profiler::CurrentThreadId(), "worker " + std::to_string(t));
      for (int i = 0; i < kEvents; ++i) {
        const double start = profiler.NowUs();
        profiler.AddComplete("span", "Parallel", start, profiler.NowUs());
        NodeRecord r;
        r.info = info;
        r.start_us = start;
        r.end_us = profiler.NowUs();
        r.input_count = 1;
        profiler.AddNode(std::move(r), {{"float", 2}}, {1, i});
      }
    });
  }
  // A reader snapshots the events while the others record (the GUI asks during a profile run).
  std::thread reader([&] {
    while (recording.load())
      EXPECT_LE(profiler.Events().size(), size_t{2 * kThreads * kEvents + 4});
  });
  for (auto& t : threads) t.join();
  recording = false;
  reader.join();

  std::map<int64_t, int> spans, nodes;
  int names = 0;
  for (const auto& e : profiler.Events()) {
    if (e.ph == 'M') ++names;
    if (e.cat == "Parallel") ++spans[e.tid];
    if (e.cat == "Node") {
      ++nodes[e.tid];
      EXPECT_EQ(e.name, "conv_kernel_time");
      EXPECT_EQ(e.Arg("op_name"), "Conv");
    }
  }
  EXPECT_EQ(names, kThreads);
  for (int64_t tid : tids) {
    EXPECT_EQ(spans[tid], kEvents) << "thread " << tid;
    EXPECT_EQ(nodes[tid], kEvents) << "thread " << tid;
  }
}

TEST(ProfilerTest, ClearWhileRecordingKeepsThreadNames) {
  Profiler profiler;
  profiler.NameThread(Profiler::CurrentThreadId(), "main");
  std::thread writer([&] {
    for (int i = 0; i < 500; ++i) profiler.AddComplete("x", "Session", 0, 1);
  });
  for (int i = 0; i < 50; ++i) profiler.Clear();
  writer.join();
  profiler.Clear();
  const auto events = profiler.Events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].ph, 'M');
}

TEST(ProfilerTest, EachNodeEventShowsItsOwnShapesAfterAClear) {
  Profiler profiler;
  auto info = std::make_shared<NodeEventInfo>();
  info->label = "n";
  info->op_name = "Add";
  info->provider = "cpu";
  auto add = [&](double ts, std::vector<TensorTypeRank> tensors, std::vector<int64_t> dims) {
    NodeRecord r;
    r.info = info;
    r.start_us = ts;
    r.end_us = ts + 1;
    r.input_count = 2;
    profiler.AddNode(std::move(r), tensors, dims);
  };
  add(1, {{"float", 1}, {"float", 1}, {"float", 2}}, {5, 6, 7, 8});
  profiler.Clear();
  add(2, {{"float", 2}, {}, {"int64", 0}}, {3, 4});
  add(3, {{"double", 1}, {"float", 3}, {"float", 1}}, {9, 1, 2, 3, 10});
  profiler.AddCounter("memory", 2.5, 4096);
  const auto events = profiler.Events();
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].Arg("input_type_shape"), R"([{"float":[3,4]},{}])");
  EXPECT_EQ(events[0].Arg("output_type_shape"), R"([{"int64":[]}])");
  EXPECT_EQ(events[1].ph, 'C');
  EXPECT_EQ(events[1].Arg("bytes"), "4096");
  EXPECT_EQ(events[2].Arg("input_type_shape"), R"([{"double":[9]},{"float":[1,2,3]}])");
  EXPECT_EQ(events[2].Arg("output_type_shape"), R"([{"float":[10]}])");
}

}  // namespace
}  // namespace onnxlens::profiling
