// Runs one node's cpu kernel and its reference kernel directly on the same inputs (no session,
// so a run-time decline of the cpu kernel is a failure, not a silent fallback), the cpu kernel
// inline and split over two threads, and compares the outputs.
#pragma once

#include <gtest/gtest.h>

#include <thread>

#include "api/internal/compare.h"
#include "kernels/hostile_model.h"
#include "kernels/parallel.h"
#include "runtime/blas_threads.h"

namespace onnxlens::testing {

/// Two threads: the first half of a ParallelFor on a new thread, the second on the caller.
class TwoThreads : public kernels::ParallelRunner {
 public:
  int threads() const override { return 2; }
  void ParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn) override {
    if (n <= 1) {
      fn(0, n);
      return;
    }
    const int64_t mid = n / 2;
    std::thread t([&] { fn(0, mid); });
    fn(mid, n);
    t.join();
  }
};

/// The kernel of `provider` (only: no fallback) on r's inputs.
inline Expected<kernels::RtValue> RunKernel(const std::string& provider, const HostileRun& r,
                                            kernels::ParallelRunner* pool) {
  // OpenBLAS single-threaded, as every session sets it: the kernels split GEMMs over the pool.
  // (OpenBLAS's own threads synchronize in ways ThreadSanitizer cannot see.)
  runtime::SetBlasThreads(1);
  auto model = HostileModel(r.op, r.inputs, r.attrs, 1, r.opset, r.domain);
  kernels::KernelRegistry registry;
  kernels::RegisterCpuKernels(registry);
  kernels::RegisterReferenceKernels(registry);
  const ir::Node& node = *model->graph->nodes()[0];
  const kernels::KernelDef* def = registry.Find(node, r.opset, provider);
  if (!def) return NotFound("no " + provider + " kernel for " + r.op);
  OL_ASSIGN_OR_RETURN(auto kernel, def->factory(kernels::KernelInfo{node, r.opset, 1, {}}));
  std::vector<kernels::RtValue> values;
  values.reserve(r.inputs.size());
  std::vector<const kernels::RtValue*> ins;
  for (const auto& t : r.inputs) {
    values.push_back(t ? kernels::RtValue::FromTensor(*t) : kernels::RtValue());
    ins.push_back(t ? &values.back() : nullptr);
  }
  std::vector<kernels::RtValue> outs(1);
  kernels::OpKernelContext ctx(node, ins, &outs, pool, nullptr);
  OL_RETURN_IF_ERROR(kernel->Compute(ctx));
  return std::move(outs[0]);
}

/// The cpu kernel (inline and on two threads) agrees with the reference kernel within
/// |cpu - ref| <= atol + rtol * |ref|.
inline void ExpectCpuMatchesReference(const HostileRun& r, double rtol, double atol,
                                      const std::string& what) {
  auto ref = RunKernel(kernels::kReferenceProvider, r, nullptr);
  ASSERT_TRUE(ref.ok()) << what << ": " << ref.status().message();
  TwoThreads two;
  for (kernels::ParallelRunner* pool : {static_cast<kernels::ParallelRunner*>(nullptr),
                                        static_cast<kernels::ParallelRunner*>(&two)}) {
    auto cpu = RunKernel(kernels::kCpuProvider, r, pool);
    ASSERT_TRUE(cpu.ok()) << what << ": " << cpu.status().message();
    const api::CompareResult cmp = api::CompareValues(*cpu, *ref, rtol, atol);
    EXPECT_TRUE(cmp.ok) << what << (pool ? " (2 threads)" : "") << ": " << cmp.reason;
  }
}

}  // namespace onnxlens::testing
