// The options several verbs share, as CLI11 options: validators of whole numbers, seconds and
// sizes, and the flags of models, inputs, levels, threads and limits. Included by main.cc only
// (CLI11 costs ~13 s of compile per translation unit); everything here is file-local to it.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/commands.h"
#include "common/cpu_isa.h"
#include "common/strings.h"

namespace onnxlens::cli {
namespace {

constexpr const char* kExitStatus =
    "Exit status: 0 success; 1 the work failed (the message on stderr names the file and\n"
    "what is wrong; optimize --verify: the outputs differ); 2 bad usage (unknown verb or\n"
    "option, missing or malformed value).\n";

constexpr int kMaxThreads = 1024;
constexpr int kMaxCount = 1000000000;

// A whole number in [min, max], written in decimal. CLI11 alone reads numbers with base 0 ("010"
// is 8) and lets "-3" wrap into an unsigned; this transform rejects such text and rewrites the
// value canonically before CLI11 converts it (so it must be added with transform(), not check()).
template <typename T>
CLI::Validator WholeNumber(T min, T max) {
  const std::string range = max == std::numeric_limits<T>::max()
                                ? ">= " + std::to_string(min)
                                : "in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        // An unsigned T: "-1" is a number out of range, not garbage.
        const bool negative = std::is_unsigned_v<T> && !text.empty() && text[0] == '-';
        T v{};
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data() + (negative ? 1 : 0), end, v);
        if (ec == std::errc::invalid_argument || p != end)
          return Quote(text) + " is not a whole number";
        if (negative || ec != std::errc() || v < min || v > max)
          return Quote(text) + " is not " + range;
        text = std::to_string(v);
        return {};
      },
      max == std::numeric_limits<T>::max() ? "" : range);
}

// Seconds in (0, max].
CLI::Validator Seconds(double max) {
  const std::string range = "in (0, " + std::to_string(static_cast<int>(max)) + "]";
  return CLI::Validator(
      [max, range](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0') return Quote(text) + " is not a number of seconds";
        if (!(v > 0) || v > max) return Quote(text) + " is not " + range;
        return {};
      },
      range);
}

// A real number in [min, max] written in full (no trailing text, no NaN or infinity).
CLI::Validator RealNumber(double min, double max) {
  const std::string range = "in [" + FormatDouble(min) + ", " + FormatDouble(max) + "]";
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !std::isfinite(v))
          return Quote(text) + " is not a number";
        if (v < min || v > max) return Quote(text) + " is not " + range;
        return {};
      },
      range);
}

// ---- options several verbs share ------------------------------------------------------------

void AddModel(CLI::App* verb, std::string* model) {
  verb->add_option("MODEL", *model, "the .onnx file")->type_name("")->required();
}

void AddThreads(CLI::App* verb, int* threads) {
  verb->add_option("--threads", *threads, "intra-op threads; 0: one per core")
      ->type_name("N")
      ->transform(WholeNumber(0, kMaxThreads))
      ->capture_default_str();
}

// --executor and --inter-op: the parallel executor splits the --threads budget between its
// threads (inter-op x intra-op <= budget; runtime/inter_op_pool.h).
void AddExecutor(CLI::App* verb, std::string* executor, int* inter_op) {
  verb->add_option("--executor", *executor,
                   "sequential, or parallel: independent nodes on several threads")
      ->type_name("E")
      ->check(CLI::IsMember({"sequential", "parallel"}))
      ->capture_default_str();
  verb->add_option("--inter-op", *inter_op,
                   "threads of the parallel executor (each gets threads / N intra-op threads); "
                   "0: one per core")
      ->type_name("N")
      ->transform(WholeNumber(0, kMaxThreads))
      ->capture_default_str();
}

void AddLevel(CLI::App* verb, std::string* level) {
  verb->add_option("--level", *level, "optimization level")
      ->type_name("L")
      ->check(CLI::IsMember(api::OptimizationLevelNames()))
      ->capture_default_str();
}

// `--providers a,b`, also repeated: in priority order, each one checked.
void AddProviders(CLI::App* verb, std::vector<std::string>* providers) {
  verb->add_option("--providers", *providers,
                   "execution providers in priority order (comma list, repeatable)")
      ->type_name("P,...")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(CLI::IsMember(api::ExecutionProviderNames()))
      ->capture_default_str();
}

// A size in bytes: a plain number, or with K/M/G/T (KiB..TiB) multiplying by 1024^n, also with a
// decimal fraction ("0.5G" is 512M; a fraction of a byte is dropped). Exact: no double rounding.
CLI::Validator ByteSize() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::string not_size = Quote(text) + " is not a size (e.g. 4G, 0.5G, 512M, 1000000)";
        const std::string too_big = Quote(text) + " is not a size above 0 that fits in 64 bits";
        const char* p = text.data();
        const char* end = p + text.size();
        uint64_t whole = 0;
        const auto [q, ec] = std::from_chars(p, end, whole);
        if (ec == std::errc::result_out_of_range) return too_big;
        if (ec != std::errc() || q == p) return not_size;
        p = q;
        // Up to 18 digits of the fraction count (finer ones are below a byte even for T).
        uint64_t fraction = 0, scale = 1;
        const bool has_fraction = p != end && *p == '.';
        if (has_fraction) {
          const char* digits = ++p;
          for (; p != end && *p >= '0' && *p <= '9'; ++p) {
            if (scale >= 1000000000000000000ull) continue;
            fraction = fraction * 10 + static_cast<uint64_t>(*p - '0');
            scale *= 10;
          }
          if (p == digits) return not_size;
        }
        const std::string unit(p, end);
        int shift = 0;
        if (unit == "K" || unit == "KiB") {
          shift = 10;
        } else if (unit == "M" || unit == "MiB") {
          shift = 20;
        } else if (unit == "G" || unit == "GiB") {
          shift = 30;
        } else if (unit == "T" || unit == "TiB") {
          shift = 40;
        } else if (!unit.empty()) {
          return Quote(text) + " has an unknown unit (K, M, G, T)";
        }
        if (has_fraction && shift == 0)
          return Quote(text) + " is not a whole number of bytes (a fraction needs a unit: 0.5G)";
        using U128 = unsigned __int128;
        const U128 bytes = (U128{whole} << shift) + (U128{fraction} << shift) / U128{scale};
        if (bytes == 0 || bytes > std::numeric_limits<uint64_t>::max()) return too_big;
        text = std::to_string(static_cast<uint64_t>(bytes));
        return {};
      },
      "SIZE");
}

// `--max-isa L`: caps our kernels' and oneDNN's instruction sets (common/cpu_isa.h), as
// ONNXLENS_MAX_ISA does; set while parsing, before any session exists.
void AddMaxIsa(CLI::App* verb) {
  verb->add_option_function<std::string>(
          "--max-isa", [](const std::string& text) { SetMaxIsa(*ParseIsa(text)); },
          "use at most this instruction set (also ONNXLENS_MAX_ISA): test the AVX2 paths on an "
          "AVX-512 host")
      ->type_name("ISA")
      ->check(CLI::IsMember({"sse4", "avx2", "avx2_vnni", "avx512", "avx512_vnni"}));
}

// `--max-memory 4G`: the session's memory budget.
// --no-arena / --no-mem-pattern, as ONNX Runtime's session options of those names.
void AddMemoryFlags(CLI::App* verb, bool* arena, bool* mem_pattern) {
  verb->add_flag_callback(
      "--no-arena", [arena] { *arena = false; },
      "do not keep freed buffers for reuse (the dynamic arena): each goes back to the system");
  verb->add_flag_callback(
      "--no-mem-pattern", [mem_pattern] { *mem_pattern = false; },
      "do not plan the tensors of a run's input shapes into one arena (memory patterns)");
}

void AddMaxMemory(CLI::App* verb, uint64_t* bytes) {
  verb->add_option("--max-memory", *bytes,
                   "the most memory the run's kernels may hold (e.g. 4G, 0.5G, 512M; default: half "
                   "the physical memory)")
      ->type_name("SIZE")
      ->transform(ByteSize());
}

// `--max-loop-iterations N` and `--timeout SECONDS`: the caps that end a runaway Loop or run.
void AddRunLimits(CLI::App* verb, int64_t* loop_iterations, double* timeout_seconds) {
  verb->add_option("--max-loop-iterations", *loop_iterations,
                   "the most iterations one execution of a Loop may run (default 1048576 = 2^20; "
                   "0: no cap)")
      ->type_name("N")
      ->transform(WholeNumber<int64_t>(0, std::numeric_limits<int64_t>::max()));
  verb->add_option("--timeout", *timeout_seconds,
                   "end a run that takes longer than this many seconds (default: no limit)")
      ->type_name("SECONDS")
      ->check(Seconds(1e6));
}

void AddSeed(CLI::App* verb, uint64_t* seed) {
  verb->add_option("--seed", *seed, "seed of the random inputs")
      ->type_name("N")
      ->transform(WholeNumber<uint64_t>(0, std::numeric_limits<uint64_t>::max()))
      ->capture_default_str();
}

// `--dim NAME=VALUE` and `--range NAME=LO,HI` (repeatable): free dimensions and random value
// ranges.
void AddDimsAndRanges(CLI::App* verb, api::DimOverrides* dims, api::RangeOverrides* ranges) {
  verb->add_option_function<std::vector<std::string>>(
          "--dim",
          [dims](const std::vector<std::string>& texts) {
            for (const std::string& t : texts) {
              Status st = api::ParseDimOverrides(t, dims);
              if (!st.ok()) throw CLI::ValidationError("--dim", st.message());
            }
          },
          "set a free (symbolic) input dimension, by name or INPUT:AXIS, e.g. --dim batch=1 "
          "--dim sequence=128 (repeatable; default: chosen from the name and tried)")
      ->type_name("NAME=N")
      ->allow_extra_args(false);
  if (!ranges) return;
  verb->add_option_function<std::vector<std::string>>(
          "--range",
          [ranges](const std::vector<std::string>& texts) {
            for (const std::string& t : texts) {
              Status st = api::ParseRangeOverrides(t, ranges);
              if (!st.ok()) throw CLI::ValidationError("--range", st.message());
            }
          },
          "random values of one input in [LO, HI], e.g. --range input_ids=0,999 (repeatable; "
          "default: integers that index a table [0, its size - 1], other integers [0, 1], "
          "floats [-1, 1])")
      ->type_name("NAME=LO,HI")
      ->allow_extra_args(false);
}

// `--images DIR [--mean ..] [--std ..] [--size HxW] [--layout ..] [--bgr]`: samples from images
// (api/image_inputs.h); excludes `other` (the folder option of the verb).
CLI::Option* AddImages(CLI::App* verb, api::ImageInputs* images, CLI::Option* other) {
  CLI::Option* dir =
      verb->add_option("--images", images->dir,
                       "a folder of .png / .jpg images: each resized to the model's image input, "
                       "scaled to [0, 1] and normalized with --mean / --std")
          ->type_name("DIR")
          ->excludes(other);
  verb->add_option_function<std::string>(
          "--mean",
          [images](const std::string& t) {
            Status st = api::ParseFloatList(t, "--mean", &images->mean);
            if (!st.ok()) throw CLI::ValidationError("--mean", st.message());
          },
          "per-channel mean on the [0, 1] scale, e.g. 0.485,0.456,0.406 (default 0)")
      ->type_name("M,..")
      ->needs(dir);
  verb->add_option_function<std::string>(
          "--std",
          [images](const std::string& t) {
            Status st = api::ParseFloatList(t, "--std", &images->std);
            if (!st.ok()) throw CLI::ValidationError("--std", st.message());
          },
          "per-channel standard deviation on the [0, 1] scale, e.g. 0.229,0.224,0.225 (default 1)")
      ->type_name("S,..")
      ->needs(dir);
  verb->add_option_function<std::string>(
          "--size",
          [images](const std::string& t) {
            Status st = api::ParseImageSize(t, &images->height, &images->width);
            if (!st.ok()) throw CLI::ValidationError("--size", st.message());
          },
          "resize to HxW (default: the model's fixed height and width)")
      ->type_name("HxW")
      ->needs(dir);
  verb->add_option("--layout", images->layout,
                   "nchw or nhwc (default: where the model's channel axis of 1 or 3 is)")
      ->type_name("LAYOUT")
      ->check(CLI::IsMember({"nchw", "nhwc"}))
      ->needs(dir);
  verb->add_flag("--bgr", images->bgr, "channels in B, G, R order (Caffe-style models)")
      ->needs(dir);
  return dir;
}

// `--inputs DIR | --random [--seed N]`.
void AddInputs(CLI::App* verb, std::filesystem::path* inputs_dir, uint64_t* seed) {
  CLI::Option* inputs =
      verb->add_option("--inputs", *inputs_dir, "read the inputs from input_N.pb / NAME.npy files")
          ->type_name("DIR");
  verb->add_flag("--random", "random inputs (the default)")->excludes(inputs);
  AddSeed(verb, seed);
}

// `--warmup N` (at least `min_warmup`) and `--runs N | --duration S`.
void AddRunCount(CLI::App* verb, int* warmup, int min_warmup, int* runs, double* duration_s,
                 double max_duration_s) {
  verb->add_option("--warmup", *warmup, "uncounted runs first")
      ->type_name("N")
      ->transform(WholeNumber(min_warmup, kMaxCount))
      ->capture_default_str();
  CLI::Option* count = verb->add_option("--runs", *runs, "counted runs")
                           ->type_name("N")
                           ->transform(WholeNumber(1, kMaxCount));
  verb->add_option("--duration", *duration_s, "run for this many seconds instead of a count")
      ->type_name("S")
      ->check(Seconds(max_duration_s))
      ->excludes(count);
}

void AddTop(CLI::App* verb, int* top) {
  verb->add_option("--top", *top, "rows per table")
      ->type_name("N")
      ->transform(WholeNumber(1, kMaxCount))
      ->capture_default_str();
}

}  // namespace
}  // namespace onnxlens::cli
