// fuzz_model: model bytes through what `onnxlens-cli info` / `run` and the GUI do with a file.
#include <chrono>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "api/graph_snapshot.h"
#include "api/internal/inputs.h"
#include "api/model_info.h"
#include "fuzz/fuzz_targets.h"
#include "fuzz/fuzz_util.h"
#include "ir/verifier.h"
#include "onnx/model_io.h"
#include "providers/provider_factory.h"
#include "runtime/session.h"

namespace onnxlens::fuzz {

namespace {

constexpr uint64_t kMaxInputElements = uint64_t{1} << 16;
constexpr uint64_t kMemoryBudget = uint64_t{64} << 20;
constexpr auto kRunLimit = std::chrono::milliseconds(3000);

// Elements of every input the run would make (symbolic dimensions as 1, as MakeInputs does);
// more than kMaxInputElements (or a non-tensor input) means no run.
bool SmallInputs(const runtime::Session& session) {
  uint64_t total = 0;
  for (const ir::Value* v : session.Inputs()) {
    if (v->is_initializer()) continue;
    const ir::TypeInfo& t = v->type();
    if (t.kind != ir::TypeInfo::Kind::kTensor) return false;
    uint64_t n = 1;
    if (t.shape) {
      for (const auto& d : *t.shape) {
        const uint64_t dim = d.known() ? static_cast<uint64_t>(d.value) : 1;
        if (dim != 0 && n > kMaxInputElements / dim) return false;
        n *= dim;
      }
    }
    total += n;
    if (total > kMaxInputElements) return false;
  }
  return true;
}

}  // namespace

int FuzzModel(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  onnx_io::LoadOptions lo;
  lo.max_external_bytes = uint64_t{1} << 20;
  auto loaded = onnx_io::LoadModelFromBytes(bytes, ScratchDir(), "fuzz.onnx", lo);
  if (!loaded.ok()) return 0;
  // What `info` prints and the GUI's summary and graph views hold.
  const api::ModelInfo info = api::DescribeModel(*loaded, /*with_values=*/true);
  // As `info --json` prints it (app/cli/output.cc): model text need not be UTF-8.
  (void)api::ToJson(info).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  (void)api::SnapshotOf(*loaded->model);
  (void)ir::VerifyModel(*loaded->model);

  std::shared_ptr<const ir::Model> model(std::move(loaded->model));
  runtime::SessionOptions so;
  so.intra_op_threads = 1;
  so.max_memory_bytes = kMemoryBudget;
  auto session = runtime::Session::Create(model, so);
  if (!session.ok()) return 0;
  if (SmallInputs(**session)) {
    auto inputs = api::MakeInputs(**session, {}, /*seed=*/0);
    if (inputs.ok()) {
      CancelToken cancel;
      Deadline deadline(cancel, kRunLimit);
      (void)(*session)->Run(*inputs, &cancel);
    }
  }
  // The optimizer on a model a session accepts (what `optimize` and the Optimize tab run).
  (void)runtime::PrepareModel(model, "all", providers::KnownProviders());
  return 0;
}

}  // namespace onnxlens::fuzz
