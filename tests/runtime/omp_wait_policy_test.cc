// The OpenMP wait policy set before libgomp starts (runtime/omp_wait_policy.h): libgomp read our
// bounded GOMP_SPINCOUNT in its constructor, a user's OMP_WAIT_POLICY or GOMP_SPINCOUNT wins (a
// child process of this test reports what its libgomp read), and an idle OpenMP team sleeps
// after that short spin. In dnnl_tests: libgomp is not built for TSan.
#include "runtime/omp_wait_policy.h"

#include <gtest/gtest.h>
#include <omp.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "process_cpu.h"
#include "runtime/thread_pool.h"

namespace onnxlens::runtime {
namespace {

// What libgomp says it read at start-up (omp_display_env writes to stderr).
std::string LibgompEnvironmentText() {
  std::fflush(stderr);
  char path[] = "/tmp/onnxlens_omp_env_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return "";
  const int saved = dup(2);
  dup2(fd, 2);
  omp_display_env(1);
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  std::string text;
  if (FILE* f = std::fopen(path, "r")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
  }
  std::remove(path);
  return text;
}

std::string ExpectedOmpLine() {
  if (const char* e = std::getenv("ONNXLENS_TEST_EXPECT_OMP_LINE")) return e;
  return std::string("GOMP_SPINCOUNT = '") + kDefaultGompSpinCount + "'";
}

// Also the child process's test: ONNXLENS_TEST_EXPECT_OMP_LINE names the line it must find.
TEST(OmpWaitPolicyTest, LibgompReadTheStartUpDefault) {
  if (!std::getenv("ONNXLENS_TEST_EXPECT_OMP_LINE") && !OmpWaitPolicyDefaultApplied())
    GTEST_SKIP() << "OMP_WAIT_POLICY or GOMP_SPINCOUNT was set by whoever started the test";
  const std::string text = LibgompEnvironmentText();
  EXPECT_NE(text.find(ExpectedOmpLine()), std::string::npos) << text;
}

int RunOmpPolicyChild(const std::string& env) {
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return -1;
  exe[n] = '\0';
  const std::string cmd = "env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT " + env + " '" +
                          std::string(exe) +
                          "' --gtest_filter=OmpWaitPolicyTest.LibgompReadTheStartUpDefault "
                          ">/dev/null 2>&1";
  return std::system(cmd.c_str());
}

TEST(OmpWaitPolicyTest, UsersValueWins) {
  EXPECT_EQ(RunOmpPolicyChild("\"ONNXLENS_TEST_EXPECT_OMP_LINE=GOMP_SPINCOUNT = '10000'\""), 0)
      << "with nothing set, the child's libgomp reads our default";
  EXPECT_EQ(RunOmpPolicyChild("OMP_WAIT_POLICY=active "
                              "\"ONNXLENS_TEST_EXPECT_OMP_LINE=OMP_WAIT_POLICY = 'ACTIVE'\""),
            0);
  EXPECT_EQ(RunOmpPolicyChild("OMP_WAIT_POLICY=active "
                              "\"ONNXLENS_TEST_EXPECT_OMP_LINE=GOMP_SPINCOUNT = '30000000000'\""),
            0)
      << "active keeps libgomp's own (long) spin: our default is not added to a user's policy";
  EXPECT_EQ(RunOmpPolicyChild(
                "GOMP_SPINCOUNT=123 \"ONNXLENS_TEST_EXPECT_OMP_LINE=GOMP_SPINCOUNT = '123'\""),
            0);
  EXPECT_NE(RunOmpPolicyChild("\"ONNXLENS_TEST_EXPECT_OMP_LINE=GOMP_SPINCOUNT = '300000'\""), 0)
      << "the child must fail when the line is not there (libgomp's own default is not used)";
}

// An idle OpenMP team sleeps after its short spin: right after a job, 3 workers spinning libgomp's
// default 300,000 pauses would burn ~30 ms of CPU; ours ~1 ms. CPU time, not wall time.
TEST(OmpWaitPolicyTest, IdleOpenMpTeamSleepsAfterItsSpin) {
  if (!OmpWaitPolicyDefaultApplied()) GTEST_SKIP() << "a user's wait policy is in force";
  ThreadPool pool(4, /*openmp=*/true);
  for (int round = 0; round < 3; ++round) {
    std::atomic<int64_t> sum{0};
    pool.ParallelFor(64, [&](int64_t b, int64_t e) { sum += e - b; });
    ASSERT_EQ(sum.load(), 64);
    const double c0 = testing::ProcessCpuSeconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const double idle = testing::ProcessCpuSeconds() - c0;
    EXPECT_LT(idle, 0.012) << "the idle team burned " << idle << " s of CPU in 0.2 s";
  }
}

}  // namespace
}  // namespace onnxlens::runtime
