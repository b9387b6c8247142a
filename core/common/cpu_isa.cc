// The host's instruction sets and the ONNXLENS_MAX_ISA / --max-isa cap (common/cpu_isa.h).
#include "common/cpu_isa.h"

#include <atomic>
#include <cstdlib>
#include <string>

namespace onnxlens {

namespace {

constexpr Isa kAll[] = {Isa::kSse4, Isa::kAvx2, Isa::kAvx2Vnni, Isa::kAvx512, Isa::kAvx512Vnni};
constexpr int kNoCap = -1;
constexpr int kUnread = -2;

// The cap as an int (Isa), kNoCap, or kUnread before the environment was read.
std::atomic<int> g_cap{kUnread};

bool HostSupports(Isa isa) {
#if defined(__x86_64__) && defined(__GNUC__)
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  static const bool avx_vnni = avx2 && __builtin_cpu_supports("avxvnni");
  static const bool avx512 =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
  static const bool avx512_vnni = avx512 && __builtin_cpu_supports("avx512vnni");
  switch (isa) {
    case Isa::kSse4:
      return true;
    case Isa::kAvx2:
      return avx2;
    case Isa::kAvx2Vnni:
      return avx_vnni;
    case Isa::kAvx512:
      return avx512;
    case Isa::kAvx512Vnni:
      return avx512_vnni;
  }
  return false;
#else
  return isa == Isa::kSse4;
#endif
}

int Cap() {
  int c = g_cap.load(std::memory_order_acquire);
  if (c != kUnread) return c;
  auto env = MaxIsaFromEnvironment();
  const int read = env.ok() && env->has_value() ? static_cast<int>(**env) : kNoCap;
  // A SetMaxIsa racing with this first read wins.
  g_cap.compare_exchange_strong(c, read, std::memory_order_acq_rel);
  return g_cap.load(std::memory_order_acquire);
}

}  // namespace

std::string_view IsaName(Isa isa) {
  switch (isa) {
    case Isa::kSse4:
      return "sse4";
    case Isa::kAvx2:
      return "avx2";
    case Isa::kAvx2Vnni:
      return "avx2_vnni";
    case Isa::kAvx512:
      return "avx512";
    case Isa::kAvx512Vnni:
      return "avx512_vnni";
  }
  return "sse4";
}

Expected<Isa> ParseIsa(std::string_view text) {
  for (Isa isa : kAll)
    if (IsaName(isa) == text) return isa;
  return InvalidArgument("unknown instruction set '" + std::string(text) +
                         "' (expected sse4, avx2, avx2_vnni, avx512 or avx512_vnni)");
}

Isa HostIsa() {
  Isa best = Isa::kSse4;
  for (Isa isa : kAll)
    if (HostSupports(isa)) best = isa;
  return best;
}

Isa EffectiveIsa() {
  const int cap = Cap();
  Isa best = Isa::kSse4;
  for (Isa isa : kAll)
    if ((cap == kNoCap || static_cast<int>(isa) <= cap) && HostSupports(isa)) best = isa;
  return best;
}

bool IsaAllows(Isa isa) { return static_cast<int>(EffectiveIsa()) >= static_cast<int>(isa); }

bool IsaHasVnni(Isa isa) { return isa == Isa::kAvx2Vnni || isa == Isa::kAvx512Vnni; }

std::optional<Isa> MaxIsa() {
  const int cap = Cap();
  if (cap == kNoCap) return std::nullopt;
  return static_cast<Isa>(cap);
}

void SetMaxIsa(std::optional<Isa> cap) {
  g_cap.store(cap ? static_cast<int>(*cap) : kNoCap, std::memory_order_release);
}

Expected<std::optional<Isa>> MaxIsaFromEnvironment() {
  const char* v = std::getenv("ONNXLENS_MAX_ISA");
  if (!v || !*v) return std::optional<Isa>();
  auto isa = ParseIsa(v);
  if (!isa.ok()) return InvalidArgument("ONNXLENS_MAX_ISA: " + isa.status().message());
  return std::optional<Isa>(*isa);
}

}  // namespace onnxlens
