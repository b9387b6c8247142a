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
#include "cli/options.h"
#include "common/cpu_isa.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

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
  r.images.sets_name = "--inputs";
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

Verb AddCheck(CLI::App& app) {
  auto a = std::make_shared<CheckArgs>();
  api::CheckRequest& r = a->request;
  api::CheckGates& g = r.gates;
  r.bench.warmup = 3;
  r.bench.runs = 30;
  CLI::App* v = AddVerb(app, "check",
                        "CI gates: latency, accuracy, size and ONNX Runtime loadability; exit 0 "
                        "when every gate holds, 1 when one fails, with a JUnit file");
  v->footer(
      "Exit status: 0 every gate holds; 1 a gate fails or cannot be measured (the model does\n"
      "not load or run: the gate's error says why); 2 bad usage (no gate, an unknown option, a\n"
      "baseline that is not a bench --json or is of another model, an output path refused).\n");
  v->add_option("MODEL", r.model, "the .onnx file")->type_name("")->required();
  const double kBig = 1e12;
  v->add_option("--max-p50-ms", g.max_p50_ms, "gate: the median latency at most this")
      ->type_name("MS")
      ->check(RealNumber(0, kBig));
  v->add_option("--max-p99-ms", g.max_p99_ms, "gate: the 99th percentile latency at most this")
      ->type_name("MS")
      ->check(RealNumber(0, kBig));
  v->add_option("--max-ratio", g.baseline,
                "gate: not slower than this previous `bench --json` beyond the runs' noise (runs "
                "as it did: level, threads, dims)")
      ->type_name("BASELINE.json");
  v->add_option("--ratio", g.max_ratio,
                "with --max-ratio: the slowdown allowed beyond the noise (1.05: 5%)")
      ->type_name("R")
      ->check(RealNumber(0.01, 1000))
      ->capture_default_str();
  CLI::Option* ref = v->add_option("--reference", g.reference,
                                   "accuracy against this model run on the same inputs")
                         ->type_name("MODEL");
  v->add_option("--expected", g.expected,
                "accuracy against the output_N.pb of these test_data_set_N folders (their "
                "inputs are the inputs)")
      ->type_name("DIR")
      ->excludes(ref);
  v->add_option("--min-cosine", g.min_cosine, "gate: every output's cosine at least this")
      ->type_name("C")
      ->check(RealNumber(-1, 1));
  v->add_option("--min-sqnr", g.min_sqnr_db, "gate: every output's SQNR at least this (dB)")
      ->type_name("DB")
      ->check(RealNumber(-kBig, kBig));
  v->add_option("--max-abs-error", g.max_abs_error,
                "gate: every output's largest absolute error at most this")
      ->type_name("E")
      ->check(RealNumber(0, kBig));
  v->add_option("--max-nodes", g.max_nodes, "gate: nodes of the main graph at most this")
      ->type_name("N")
      ->transform(WholeNumber<int64_t>(0, std::numeric_limits<int64_t>::max()));
  v->add_option("--max-size", g.max_size_bytes,
                "gate: the model file and its external data at most this (e.g. 100M)")
      ->type_name("SIZE")
      ->transform(ByteSize());
  v->add_flag("--ort-loadable", g.ort_loadable,
              "gate: ONNX Runtime loads it (the ONNX checker, and only ops ONNX or ONNX "
              "Runtime registers)");
  AddLevel(v, &r.config.level);
  AddThreads(v, &r.config.threads);
  AddExecutor(v, &r.config.executor, &r.config.inter_op);
  AddRunCount(v, &r.bench.warmup, 1, &r.bench.runs, &r.bench.duration_s, 86400);
  AddInputs(v, &r.bench.inputs_dir, &r.bench.seed);
  AddDimsAndRanges(v, &r.bench.dims, &r.bench.ranges);
  AddProviders(v, &r.bench.providers);
  AddMaxIsa(v);
  AddMaxMemory(v, &r.bench.max_memory_bytes);
  AddRunLimits(v, &r.bench.max_loop_iterations, &r.bench.timeout_seconds);
  v->add_option("--junit", a->junit, "also write JUnit XML: one test case per gate")
      ->type_name("OUT.xml");
  v->add_flag("--force", a->force, "--junit may replace an existing file (never an input)");
  v->add_flag("--json", a->json, "print onnxlens.check/1 JSON");
  v->callback([a, v] {
    a->request.level_given = v->get_option("--level")->count() > 0;
    a->request.threads_given = v->get_option("--threads")->count() > 0;
  });
  return Bind(v, a, RunCheck);
}

Verb AddReport(CLI::App& app) {
  auto a = std::make_shared<ReportArgs>();
  api::ReportRequest& r = a->request;
  CLI::App* v = AddVerb(app, "report",
                        "one self-contained HTML report: summary, op counts per level, the graph "
                        "with heat and providers, latency, top ops and nodes, quantization, diff");
  v->add_option("MODEL", r.model, "the .onnx file")->type_name("")->required();
  v->add_option("-o,--output", r.output, "the .html file to write")
      ->type_name("OUT.html")
      ->required();
  v->add_flag("--force", r.force, "replace an existing OUT.html (never an input)");
  v->add_option("--trace", r.trace,
                "a profile of the model (ours or ONNX Runtime's) instead of "
                "profiling it now")
      ->type_name("TRACE.json");
  v->add_option("--quantized", r.quantized, "a quantized copy: accuracy per output and layer")
      ->type_name("Q.onnx");
  v->add_option("--vs", r.vs, "another model: the diff of the two graphs")->type_name("OTHER.onnx");
  AddLevel(v, &r.level);
  v->add_option("--runs", r.runs, "runs profiled without --trace (0: no profile)")
      ->type_name("N")
      ->transform(WholeNumber(0, 100000))
      ->capture_default_str();
  AddThreads(v, &r.threads);
  AddInputs(v, &r.inputs_dir, &r.seed);
  AddDimsAndRanges(v, &r.dims, &r.ranges);
  AddMaxIsa(v);
  return Bind(v, a, RunReport);
}

std::vector<Verb> AddVerbs(CLI::App& app) {
  return {AddInfo(app),         AddConvert(app),  AddRun(app),     AddPartition(app),
          AddConformance(app),  AddOptimize(app), AddProfile(app), AddBench(app),
          AddTraceSummary(app), AddQuantize(app), AddCompare(app), AddCheck(app),
          AddReport(app)};
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
