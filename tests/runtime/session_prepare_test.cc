// SessionOptions::prepare_kernels = false (a session made only to check a model, api's
// CheckAsSession): its kernels skip what they prepare ahead of runs (oneDNN primitives and
// reordered weights for convolutions, packed int8 matrices), and a run of it still gives the
// prepared session's outputs bit for bit, at every level (plain dnnl Conv, NCHWc convolutions).
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "onnx/model_io.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"
#include "test_paths.h"

namespace onnxlens::runtime {
namespace {

TEST(SessionPrepare, ACheckOnlySessionRunsAsThePreparedOne) {
  auto loaded = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  const std::shared_ptr<const ir::Model> model(std::move(loaded->model));
  std::map<std::string, RtValue> feeds;
  feeds["image"] = RtValue::FromTensor(testing::RandomTensor({2, 3, 32, 32}, 7));
  for (const char* level : {"disabled", "all"}) {
    std::map<bool, std::vector<float>> out;
    for (bool prepare : {true, false}) {
      SessionOptions o;
      o.optimization_level = level;
      o.intra_op_threads = 1;
      o.prepare_kernels = prepare;
      auto s = Session::Create(model, o);
      ASSERT_TRUE(s.ok()) << level << ": " << s.status().message();
      for (int run = 0; run < 2; ++run) {  // the first run makes what was not prepared
        auto r = (*s)->Run(feeds);
        ASSERT_TRUE(r.ok()) << level << ": " << r.status().message();
        ASSERT_EQ(r->size(), 1u);
        const ir::Tensor& y = r->begin()->second.tensor;
        std::vector<float> v(y.data<float>(), y.data<float>() + y.numel());
        if (run == 1) {
          EXPECT_EQ(v, out[prepare]) << level << ": the second run differs";
        }
        out[prepare] = std::move(v);
      }
    }
    ASSERT_EQ(out[true].size(), 20u) << level;
    EXPECT_EQ(0, std::memcmp(out[true].data(), out[false].data(), out[true].size() * 4)) << level;
  }
}

}  // namespace
}  // namespace onnxlens::runtime
