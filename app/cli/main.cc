// onnxlens-cli's command line: every verb and option, parsed and checked by CLI11 into the plain
// structs of commands.h. The only file that includes CLI11 (~13 s of compile per file).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
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

// ---- the verbs --------------------------------------------------------------------------------

// A verb: its subcommand and the work to run when the command line chose it.
struct Verb {
  CLI::App* app;
  std::function<int()> run;
};

CLI::App* AddVerb(CLI::App& app, const char* name, const char* summary) {
  CLI::App* verb = app.add_subcommand(name, summary);
  verb->footer(kExitStatus);
  return verb;
}

template <typename Args>
Verb Bind(CLI::App* verb, std::shared_ptr<Args> args, int (*run)(const Args&)) {
  return {verb, [args, run] { return run(*args); }};
}

Verb AddInfo(CLI::App& app) {
  auto a = std::make_shared<InfoArgs>();
  CLI::App* v =
      AddVerb(app, "info", "summarize a model: opsets, inputs/outputs, op histogram, parameters");
  AddModel(v, &a->model);
  v->add_flag("--json", a->json, "print onnxlens.info/1 JSON (docs/cli-json.md)");
  v->add_flag("--shapes", a->shapes, "also list every value with its inferred type");
  v->add_flag("--memory", a->memory,
              "also run the model once on random inputs and print its memory plan (planned peak, "
              "naive sum, weights, what is alive at the peak)");
  return Bind(v, a, RunInfo);
}

Verb AddConvert(CLI::App& app) {
  auto a = std::make_shared<ConvertArgs>();
  CLI::App* v = AddVerb(app, "convert",
                        "load and save a model again (round trip), optionally with external data");
  v->add_option("IN", a->input, "the .onnx file to read")->type_name("")->required();
  v->add_option("OUT", a->output, "the .onnx file to write")->type_name("")->required();
  v->add_flag("--external-data", a->external_data, "write the weights to OUT.data");
  v->add_flag("--force", a->force, "replace an existing OUT (never IN or its data)");
  return Bind(v, a, RunConvert);
}

Verb AddRun(CLI::App& app) {
  auto a = std::make_shared<RunArgs>();
  api::RunOptions& o = a->options;
  CLI::App* v =
      AddVerb(app, "run", "run a model once on given or random inputs; print or write the outputs");
  AddModel(v, &a->model);
  AddInputs(v, &o.inputs_dir, &o.seed);
  AddDimsAndRanges(v, &o.dims, &o.ranges);
  v->add_option("--outputs", o.outputs_dir, "write the outputs to this directory")
      ->type_name("DIR");
  v->add_option("--format", o.format, "file format of --outputs")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"pb", "npy"}))
      ->capture_default_str();
  v->add_flag("--force", o.force,
              "with --outputs: replace existing files (never the model or an input)");
  AddLevel(v, &o.level);
  AddThreads(v, &o.threads);
  AddExecutor(v, &o.executor, &o.inter_op);
  AddProviders(v, &o.providers);
  AddMaxIsa(v);
  AddMaxMemory(v, &o.max_memory_bytes);
  AddRunLimits(v, &o.max_loop_iterations, &o.timeout_seconds);
  AddMemoryFlags(v, &o.enable_arena, &o.enable_mem_pattern);
  v->add_flag("--json", a->json, "print onnxlens.run/1 JSON");
  return Bind(v, a, RunRun);
}

Verb AddPartition(CLI::App& app) {
  auto a = std::make_shared<PartitionArgs>();
  CLI::App* v = AddVerb(app, "partition",
                        "which execution provider runs each node, and why the preferred ones "
                        "do not");
  AddModel(v, &a->model);
  AddLevel(v, &a->options.level);
  AddProviders(v, &a->options.providers);
  v->add_flag("--json", a->json, "print onnxlens.partition/1 JSON");
  return Bind(v, a, RunPartition);
}

Verb AddConformance(CLI::App& app) {
  auto a = std::make_shared<ConformanceArgs>();
  api::ConformanceOptions& o = a->options;
  CLI::App* v =
      AddVerb(app, "conformance",
              "run ONNX backend test directories and compare with their expected outputs");
  v->add_option("--suite", o.suites,
                "a directory of test directories (repeatable; default: ONNX's)")
      ->type_name("DIR")
      ->allow_extra_args(false);
  v->add_option("--filter", o.filter, "only tests whose name matches this regex")
      ->type_name("REGEX");
  AddThreads(v, &o.threads);
  AddLevel(v, &o.level);
  AddProviders(v, &o.providers);
  AddMaxIsa(v);
  v->add_flag("--json", a->json, "print onnxlens.conformance/1 JSON");
  v->add_flag("--verbose", a->verbose, "list passing tests too");
  return Bind(v, a, RunConformance);
}

Verb AddOptimize(CLI::App& app) {
  auto a = std::make_shared<OptimizeArgs>();
  api::OptimizeRequest& r = a->request;
  CLI::App* v =
      AddVerb(app, "optimize",
              "optimize a model at a level; list the steps, compare op counts, verify, export");
  v->add_option("MODEL", a->model, "the .onnx file (not with --list)")->type_name("");
  v->add_flag("--list", a->list, "list every pass (name, level, summary) and exit");
  AddLevel(v, &r.level);
  v->add_option("--disable", r.disabled, "leave out these passes (comma list, repeatable)")
      ->type_name("PASS,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--keep-outputs", r.keep_outputs,
                "keep only these graph outputs; remove what only the others needed")
      ->type_name("NAME,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--drop-outputs", r.drop_outputs,
                "remove these graph outputs and what only they needed")
      ->type_name("NAME,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--add-outputs", r.add_outputs,
                "expose these intermediate tensors as graph outputs (debugging)")
      ->type_name("TENSOR,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--stop-after", r.stop_after, "stop after this many steps")
      ->type_name("N")
      ->transform(WholeNumber(1, kMaxCount));
  v->add_flag("--steps", a->steps, "list the steps");
  v->add_flag("--table", a->table, "print the op-count table (before / after)");
  v->add_flag("--verify", r.verify,
              "compare the outputs before and after; bisect to the first differing pass");
  v->add_option("--inputs", r.inputs_dir, "inputs for --verify (default: random)")
      ->type_name("DIR");
  AddSeed(v, &r.seed);
  AddDimsAndRanges(v, &r.dims, &r.ranges);
  AddProviders(v, &r.providers);
  AddMaxIsa(v);
  v->add_flag("--dump", r.dump, "print the optimized graph as text");
  v->add_flag("--json", a->json, "print onnxlens.optimize/1 JSON");
  v->add_option("-o,--output", r.output, "write the optimized model")->type_name("OUT.onnx");
  v->add_option("--format", r.format,
                "ort (may use com.microsoft ops) or standard (ai.onnx only) for -o")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"ort", "standard"}))
      ->capture_default_str();
  v->add_flag("--external-data", r.external_data, "with -o: write the weights to OUT.onnx.data");
  v->add_flag("--force", r.force, "with -o: replace an existing OUT.onnx (never MODEL)");
  v->callback([a] {
    if (!a->list && a->model.empty()) throw CLI::RequiredError("MODEL");
  });
  return Bind(v, a, RunOptimize);
}

Verb AddProfile(CLI::App& app) {
  auto a = std::make_shared<ProfileArgs>();
  api::ProfileOptions& o = a->options;
  CLI::App* v = AddVerb(
      app, "profile", "run a model with the profiler on; write a Chrome trace and print summaries");
  AddModel(v, &a->model);
  AddLevel(v, &o.level);
  AddThreads(v, &o.threads);
  AddExecutor(v, &o.executor, &o.inter_op);
  AddRunCount(v, &o.warmup, 0, &o.runs, &o.duration_s, 3600);
  AddInputs(v, &o.inputs_dir, &o.seed);
  AddDimsAndRanges(v, &o.dims, &o.ranges);
  AddProviders(v, &o.providers);
  AddMaxIsa(v);
  AddMaxMemory(v, &o.max_memory_bytes);
  AddRunLimits(v, &o.max_loop_iterations, &o.timeout_seconds);
  AddMemoryFlags(v, &o.enable_arena, &o.enable_mem_pattern);
  v->add_option("-o,--output", a->trace, "write the Chrome trace (Perfetto, chrome://tracing)")
      ->type_name("TRACE.json");
  v->add_flag("--force", a->force, "with -o: replace an existing TRACE.json (never MODEL)");
  v->add_flag("--summary", a->summary, "print the summary tables also with -o");
  AddTop(v, &a->top);
  return Bind(v, a, RunProfile);
}

// `--sweep level=a,b threads=1,2` and `--vs level=extended threads=2` take every following word:
// among them, the one that is not KEY=VALUE (or is an existing file) is the MODEL.
void TakeModelFromSettings(BenchArgs* a) {
  const auto is_model = [](const std::string& w) {
    std::error_code ec;  // a word too long for a path is not a file (not an exception)
    return w.find('=') == std::string::npos || std::filesystem::exists(w, ec);
  };
  for (std::vector<std::string>* words : {&a->sweep, &a->vs}) {
    for (const std::string& w : *words) {
      if (!is_model(w)) continue;
      if (!a->model.empty()) throw CLI::ExtrasError({w});
      a->model = w;
    }
    words->erase(std::remove_if(words->begin(), words->end(), is_model), words->end());
  }
  if (a->model.empty()) throw CLI::RequiredError("MODEL");
}

Verb AddBench(CLI::App& app) {
  auto a = std::make_shared<BenchArgs>();
  api::BenchOptions& o = a->options;
  CLI::App* v = AddVerb(app, "bench",
                        "benchmark a model: session and first-run time, latency percentiles, "
                        "throughput, memory, CPU");
  // Not required() here: --sweep and --vs take every following word, the MODEL too when it comes
  // after them; the callback below moves it back.
  v->add_option("MODEL", a->model, "the .onnx file")->type_name("");
  AddLevel(v, &a->config.level);
  AddThreads(v, &a->config.threads);
  AddExecutor(v, &a->config.executor, &a->config.inter_op);
  v->add_flag("--profile", a->config.profile, "with the profiler on (measures its cost)");
  AddRunCount(v, &o.warmup, 1, &o.runs, &o.duration_s, 86400);
  AddInputs(v, &o.inputs_dir, &o.seed);
  AddDimsAndRanges(v, &o.dims, &o.ranges);
  AddProviders(v, &o.providers);
  AddMaxIsa(v);
  AddMaxMemory(v, &o.max_memory_bytes);
  AddRunLimits(v, &o.max_loop_iterations, &o.timeout_seconds);
  AddMemoryFlags(v, &o.enable_arena, &o.enable_mem_pattern);
  CLI::Option* json = v->add_flag("--json", a->json, "print onnxlens.bench/1 JSON");
  v->add_flag("--csv", a->csv, "print CSV, one row per configuration")->excludes(json);
  CLI::Option* sweep =
      v->add_option(
           "--sweep", a->sweep,
           "every combination of the axes, e.g. --sweep level=disabled,basic threads=1,2; a free "
           "dimension sweeps batch sizes: --sweep batch=1,2,4,8 (latency per item, "
           "items/s, the knee)")
          ->type_name("KEY=V,...");
  v->add_option("--vs", a->vs,
                "A/B: alternate runs with B = these settings, e.g. --vs level=extended")
      ->type_name("KEY=V")
      ->excludes(sweep);
  v->callback([a] { TakeModelFromSettings(a.get()); });
  return Bind(v, a, RunBench);
}

Verb AddTraceSummary(CLI::App& app) {
  auto a = std::make_shared<TraceSummaryArgs>();
  CLI::App* v =
      AddVerb(app, "trace-summary",
              "summarize a trace file (ours or ONNX Runtime's) per op, node, provider, thread");
  v->add_option("TRACE", a->trace, "the trace (.json)")->type_name("")->required();
  AddTop(v, &a->top);
  return Bind(v, a, RunTraceSummary);
}

// The verbs in the order --help lists them. A new verb (e.g. `partition`): its struct and Run* in
// commands.h, Run* in a new cmd_*.cc (listed in CMakeLists.txt), an Add* function above declaring
// its options into the struct (shared ones: AddModel, AddLevel, AddProviders, ...), and its
// Add* call here.
Verb AddQuantize(CLI::App& app) {
  auto a = std::make_shared<QuantizeArgs>();
  api::QuantizeRequest& r = a->request;
  CLI::App* v = AddVerb(app, "quantize",
                        "quantize a model: static QDQ with calibration, or dynamic (int8 weights)");
  AddModel(v, &a->model);
  v->add_option("-o,--output", r.output, "write the quantized model (never MODEL)")
      ->type_name("OUT.onnx")
      ->required();
  v->add_option("--mode", r.mode, "static (QDQ, calibrated) or dynamic (activations at run time)")
      ->type_name("MODE")
      ->check(CLI::IsMember({"static", "dynamic"}))
      ->required();
  CLI::Option* calib =
      v->add_option("--calib", r.calib_dir,
                    "static: calibration data, test_data_set_N folders of input_N.pb / .npy")
          ->type_name("DIR");
  v->add_option("--random", r.random_samples,
                "static: calibrate on N random samples (not representative: a warning)")
      ->type_name("N")
      ->transform(WholeNumber<int64_t>(1, kMaxCount))
      ->excludes(calib)
      ->excludes(AddImages(v, &r.images, calib));
  AddSeed(v, &r.seed);
  AddDimsAndRanges(v, &r.dims, &r.ranges);
  v->add_option("--method", r.method, "calibration: minmax, entropy or percentile")
      ->type_name("METHOD")
      ->check(CLI::IsMember({"minmax", "entropy", "percentile"}))
      ->capture_default_str();
  v->add_flag("--moving-average", r.moving_average,
              "minmax: average the samples' ranges instead of their extremes");
  v->add_option("--percentile", r.percentile, "percentile: the share of values kept")
      ->type_name("P")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  v->add_flag("--per-channel", r.per_channel, "one scale per output channel of each weight");
  v->add_flag("--reduce-range", r.reduce_range,
              "7-bit weights ([-64, 64]): exact and about twice as fast on CPUs without VNNI "
              "(ONNX Runtime's reduce_range), at some accuracy");
  v->add_flag("--symmetric", r.symmetric, "symmetric activation ranges");
  v->add_option("--activation-type", r.activation_type, "static: u8 or s8 activations")
      ->type_name("TYPE")
      ->check(CLI::IsMember({"u8", "s8"}))
      ->capture_default_str();
  v->add_option("--weight-type", r.weight_type, "u8 or s8 weights")
      ->type_name("TYPE")
      ->check(CLI::IsMember({"u8", "s8"}))
      ->capture_default_str();
  v->add_option("--exclude", r.exclude_nodes, "leave these nodes in float (comma list)")
      ->type_name("NODE,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--include", r.include_nodes, "quantize only these nodes (comma list)")
      ->type_name("NODE,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--op-types", r.op_types, "quantize only these op types (comma list)")
      ->type_name("OP,...")
      ->delimiter(',')
      ->allow_extra_args(false);
  v->add_option("--format", r.format,
                "dynamic: standard (MatMulInteger / ConvInteger; LSTM stays float) or ort "
                "(com.microsoft DynamicQuantizeMatMul, DynamicQuantizeLSTM)")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"standard", "ort"}))
      ->capture_default_str();
  CLI::Option* cosine =
      v->add_option("--target-cosine", a->target_cosine,
                    "static: leave in float the fewest of the nodes that cost the output most "
                    "(each measured alone, then bisected) for the worst output's cosine to reach X")
          ->type_name("X")
          ->check(CLI::Range(1e-9, 1.0));
  v->add_option("--target-sqnr", a->target_sqnr,
                "static: as --target-cosine, until the worst output's SQNR reaches DB")
      ->type_name("DB")
      ->check(CLI::Range(1e-9, 200.0))
      ->excludes(cosine);
  v->add_option("--max-steps", a->max_steps, "the search's most bisection trials")
      ->type_name("N")
      ->transform(WholeNumber<int>(1, 1000))
      ->capture_default_str();
  v->add_option("--eval", a->eval_dir,
                "the search's held-out data, test_data_set_N folders (default: the calibration "
                "data)")
      ->type_name("DIR");
  AddThreads(v, &r.threads);
  AddMaxIsa(v);
  v->add_flag("--force", r.force, "replace an existing OUT.onnx (never MODEL)");
  v->add_flag("--json", a->json, "print onnxlens.quantize/1 JSON");
  return Bind(v, a, RunQuantize);
}

Verb AddCompare(CLI::App& app) {
  auto a = std::make_shared<CompareArgs>();
  api::CompareModelsRequest& r = a->request;
  CLI::App* v = AddVerb(app, "compare",
                        "compare two models' outputs and matched tensors on the same inputs "
                        "(float vs quantized)");
  v->add_option("A", a->a, "the reference model (float)")->type_name("")->required();
  v->add_option("B", a->b, "the model compared with it (quantized)")->type_name("")->required();
  CLI::Option* inputs =
      v->add_option("--inputs,--calib", r.inputs_dir,
                    "test_data_set_N folders of input_N.pb / .npy (or one such folder)")
          ->type_name("DIR");
  CLI::Option* images = AddImages(v, &r.images, inputs);
  v->add_option("--random", r.random_samples, "compare on N random samples")
      ->type_name("N")
      ->transform(WholeNumber<int64_t>(1, kMaxCount))
      ->excludes(inputs)
      ->excludes(images);
  AddSeed(v, &r.seed);
  AddDimsAndRanges(v, &r.dims, &r.ranges);
  v->add_flag_callback(
      "--no-layers", [req = &r] { req->layers = false; }, "compare the outputs only");
  v->add_option("--latency-runs", r.latency_runs,
                "time each model N runs on the first sample and report the P50 (0: do not time)")
      ->type_name("N")
      ->transform(WholeNumber<int>(0, 1000));
  AddTop(v, &a->top);
  AddThreads(v, &r.threads);
  AddMaxIsa(v);
  v->add_flag("--json", a->json, "print onnxlens.compare/1 JSON");
  v->callback([a] {
    if (a->request.inputs_dir.empty() && a->request.images.empty() &&
        a->request.random_samples == 0)
      throw CLI::ValidationError("--inputs", "give --inputs DIR, --images DIR or --random N");
  });
  return Bind(v, a, RunCompare);
}

std::vector<Verb> AddVerbs(CLI::App& app) {
  return {AddInfo(app),         AddConvert(app),  AddRun(app),     AddPartition(app),
          AddConformance(app),  AddOptimize(app), AddProfile(app), AddBench(app),
          AddTraceSummary(app), AddQuantize(app), AddCompare(app)};
}

const Verb* FindVerb(const std::vector<Verb>& verbs, const std::string& name) {
  for (const Verb& v : verbs) {
    if (v.app->get_name() == name) return &v;
  }
  return nullptr;
}

}  // namespace

void PrintError(const std::string& message) {
  std::fprintf(stderr, "onnxlens-cli: error: %s\n", message.c_str());
}

void PrintChosenDims(const api::DimOverrides& dims) {
  if (dims.empty()) return;
  std::fprintf(stderr,
               "onnxlens-cli: note: random inputs with the free dimensions %s (chosen; set them "
               "with --dim NAME=N)\n",
               api::FormatDimOverrides(dims).c_str());
}

int Main(int argc, char** argv) {
  CLI::App app("onnxlens-cli: every capability of the onnxlens GUI as a headless verb.",
               "onnxlens-cli");
  app.set_version_flag("--version", std::string("onnxlens-cli ") + ONNXLENS_VERSION,
                       "print the version and exit");
  app.require_subcommand(1);
  app.get_formatter()->column_width(20);
  app.footer(std::string("Run 'onnxlens-cli VERB --help' for a verb's options.\n\n") + kExitStatus);
  const std::vector<Verb> verbs = AddVerbs(app);

  const std::string first = argc > 1 ? argv[1] : "";
  if (first.empty() || first == "help") {
    std::fprintf(first.empty() ? stderr : stdout, "%s", app.help().c_str());
    return first.empty() ? kExitUsage : kExitOk;
  }
  const Verb* verb = FindVerb(verbs, first);
  if (!verb && first[0] != '-') {
    PrintError("unknown verb " + Quote(first) + "; 'onnxlens-cli --help' lists them");
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version: on stdout
    PrintError(e.what());
    std::fprintf(stderr, "Run 'onnxlens-cli %s--help' for the options.\n",
                 verb ? (first + " ").c_str() : "");
    return kExitUsage;
  }
  if (auto env = MaxIsaFromEnvironment(); !env.ok()) {
    PrintError(env.status().message());
    return kExitUsage;
  }
  for (const Verb& v : verbs) {
    if (v.app->parsed()) return v.run();
  }
  return kExitUsage;  // unreachable: require_subcommand(1)
}

}  // namespace onnxlens::cli

int main(int argc, char** argv) {
  try {
    return onnxlens::cli::Main(argc, argv);
  } catch (const std::bad_alloc&) {
    onnxlens::cli::PrintError("out of memory");
  } catch (const std::exception& e) {
    onnxlens::cli::PrintError(std::string("internal error: ") + e.what());
  }
  return onnxlens::cli::kExitFailure;
}
