// Machine load from /proc (common/machine_load.h): the default thread count leaves the cores other
// programs keep busy, a sample stays within the process's cores, an explicit count is kept.
#include "common/machine_load.h"

#include <gtest/gtest.h>

namespace onnxlens {
namespace {

TEST(MachineLoadTest, DefaultThreadsLeaveTheBusyCores) {
  EXPECT_EQ(DefaultThreadCount({2, 0, 0.1}), 2);
  EXPECT_EQ(DefaultThreadCount({2, 1, 1.0}), 1);
  EXPECT_EQ(DefaultThreadCount({2, 2, 2.5}), 1) << "at least one thread";
  EXPECT_EQ(DefaultThreadCount({16, 3, 3.0}), 13);
}

TEST(MachineLoadTest, SampleStaysWithinTheProcessCores) {
  const MachineLoad load = SampleMachineLoad();
  EXPECT_GE(load.cores, 1);
  EXPECT_GE(load.busy_cores, 0);
  EXPECT_LE(load.busy_cores, load.cores);
  EXPECT_GE(load.loadavg1, 0);
  const int threads = ResolveThreadCount(0);
  EXPECT_GE(threads, 1);
  EXPECT_LE(threads, load.cores);
}

TEST(MachineLoadTest, AnExplicitCountIsKept) {
  EXPECT_EQ(ResolveThreadCount(3), 3);
  EXPECT_EQ(ResolveThreadCount(1), 1);
}

TEST(MachineLoadTest, RunQueueWaitNeverDecreases) {
  const int64_t a = ProcessRunQueueWaitNs();
  volatile double x = 0;
  for (int i = 0; i < 1000000; ++i) x = x + i;
  EXPECT_GE(a, 0);
  EXPECT_GE(ProcessRunQueueWaitNs(), a);
}

}  // namespace
}  // namespace onnxlens
