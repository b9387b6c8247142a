// The instruction sets our own kernels and oneDNN may use: the host's, capped by
// ONNXLENS_MAX_ISA (environment) or --max-isa (SetMaxIsa), so that the AVX2 paths users' CPUs take
// are tested on any AVX-512 host (issue 35). Every run-time dispatch site consults EffectiveIsa().
#pragma once

#include <optional>
#include <string_view>

#include "common/status.h"

namespace onnxlens {

/// Instruction-set levels, each including those below it.
enum class Isa {
  kSse4,        ///< SSE4.1: no AVX2 kernel runs
  kAvx2,        ///< AVX2 + FMA
  kAvx2Vnni,    ///< AVX2 + FMA + AVX-VNNI (exact u8 x s8 sums)
  kAvx512,      ///< AVX-512 F/BW/VL/DQ (oneDNN's avx512_core)
  kAvx512Vnni,  ///< AVX-512 + VNNI (oneDNN's avx512_core_vnni)
};

/// "sse4", "avx2", "avx2_vnni", "avx512", "avx512_vnni".
std::string_view IsaName(Isa isa);
/// The inverse of IsaName; any other text is an error naming the accepted values.
Expected<Isa> ParseIsa(std::string_view text);
/// The best level the CPU supports.
Isa HostIsa();
/// The best level, at most the cap, that the CPU supports (without a cap: HostIsa()). The first
/// call reads ONNXLENS_MAX_ISA unless SetMaxIsa ran before; a bad value there is reported by
/// MaxIsaFromEnvironment, and ignored here.
Isa EffectiveIsa();
/// True when EffectiveIsa() is `isa` or above: IsaAllows(Isa::kAvx2) guards an AVX2 + FMA path,
/// IsaAllows(Isa::kAvx512) an AVX-512 one.
bool IsaAllows(Isa isa);
/// True for the levels with u8 x s8 dot products summed exactly in 32 bits (VNNI).
bool IsaHasVnni(Isa isa);
/// The cap in force (SetMaxIsa, else ONNXLENS_MAX_ISA), if any.
std::optional<Isa> MaxIsa();
/// Caps EffectiveIsa() (--max-isa; std::nullopt: no cap, whatever ONNXLENS_MAX_ISA says). Call it
/// before the first session: oneDNN takes its cap once, before its first primitive (our kernels
/// follow later changes, oneDNN does not).
void SetMaxIsa(std::optional<Isa> cap);
/// ONNXLENS_MAX_ISA parsed: no value when unset or empty, else the level or an error naming the
/// variable and the accepted values.
Expected<std::optional<Isa>> MaxIsaFromEnvironment();

}  // namespace onnxlens
