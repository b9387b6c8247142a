// onnxlens-cli: every capability of the GUI as a headless verb.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace onnxlens::cli {

namespace {

const Command kCommands[] = {
    {"info", "summarize a model: opsets, inputs/outputs, op histogram, parameters",
     "info MODEL [--json] [--shapes]", RunInfo},
    {"convert", "load and save a model again (round trip), optionally with external data",
     "convert IN OUT [--external-data] [--force]", RunConvert},
    {"run", "run a model once on given or random inputs; print or write the outputs",
     "run MODEL [--inputs DIR | --random [--seed N]] [--outputs DIR] [--format pb|npy] "
     "[--threads N] [--providers cpu,reference] [--json]",
     RunRun},
    {"conformance", "run ONNX backend test directories and compare with their expected outputs",
     "conformance [--suite DIR]... [--filter REGEX] [--threads N] [--level L] [--json] [--verbose]",
     RunConformance},
    {"optimize", "optimize a model at a level; list the steps, compare op counts, verify, export",
     "optimize MODEL [--level L] [--disable PASS,...] [--stop-after N] [--steps] [--table] "
     "[--verify [--inputs DIR] [--seed N]] [--dump] [--json] [-o OUT.onnx [--format ort|standard] "
     "[--external-data] [--force]] | optimize --list",
     RunOptimize},
    {"profile", "run a model with the profiler on; write a Chrome trace and print summaries",
     "profile MODEL [--level L] [--threads N] [--warmup N] [--runs N | --duration S] "
     "[--inputs DIR | --random [--seed N]] "
     "[-o TRACE.json] [--summary] [--top N]",
     RunProfile},
    {"bench",
     "benchmark a model: session and first-run time, latency percentiles, throughput, memory, CPU",
     "bench MODEL [--level L] [--threads N] [--profile] [--warmup N] [--runs N | --duration S] "
     "[--inputs DIR | --random [--seed N]] [--json | --csv] "
     "[--sweep level=a,b threads=1,2 | --vs level=extended]",
     RunBench},
    {"trace-summary",
     "summarize a trace file (ours or ONNX Runtime's) per op, node, provider, thread",
     "trace-summary TRACE.json [--top N]", RunTraceSummary},
};

void PrintUsage(std::FILE* f) {
  std::fprintf(f, "usage: onnxlens-cli VERB [ARGS]\n\nverbs:\n");
  for (const auto& c : kCommands) std::fprintf(f, "  %-14s %s\n", c.name, c.summary);
  std::fprintf(f, "\nRun 'onnxlens-cli VERB --help' for a verb's options.\n");
}

}  // namespace

void PrintError(const std::string& message) {
  std::fprintf(stderr, "onnxlens-cli: error: %s\n", message.c_str());
}

int Main(int argc, char** argv) {
  if (argc < 2) {
    PrintUsage(stderr);
    return kExitUsage;
  }
  const std::string verb = argv[1];
  if (verb == "--help" || verb == "-h" || verb == "help") {
    PrintUsage(stdout);
    return kExitOk;
  }
  if (verb == "--version") {
    std::printf("onnxlens-cli 0.1.0\n");
    return kExitOk;
  }
  for (const auto& c : kCommands) {
    if (verb != c.name) continue;
    std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& a : args) {
      if (a == "--help" || a == "-h") {
        std::printf("usage: onnxlens-cli %s\n  %s\n", c.usage, c.summary);
        return kExitOk;
      }
    }
    return c.run(args);
  }
  PrintError("unknown verb '" + verb + "'");
  PrintUsage(stderr);
  return kExitUsage;
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
