// The `smc` command: compile a Modelica model into an FMI 2.0 Co-Simulation
// FMU, or (`smc simulate`) run an FMU and write its results, or
// (`smc diagram`) draw a model's state machines as SVG, or (`smc
// verify-state`) check an FMU's state save/restore, or (`smc explore`)
// search an FMU's input scenarios for a goal, or (`smc check`) validate
// FMUs, or (`smc cosim`) run a system of FMUs described in SSP, or (`smc
// plot`) draw a result CSV.
#include "archive/SignalCleanup.h"
#include "check/Check.h"
#include "cosim/CosimCommand.h"
#include "driver/CommandLine.h"
#include "driver/Compile.h"
#include "driver/Diagram.h"
#include "driver/ExploreCommand.h"
#include "driver/Progress.h"
#include "driver/VerifyStateCommand.h"
#include "importer/Explore.h"
#include "importer/CommunicationGrid.h"
#include "importer/Simulate.h"
#include "importer/VerifyState.h"
#include "plot/Plot.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/thread.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>


#ifndef SMC_VERSION
#define SMC_VERSION "0.0.0"
#endif

namespace {

std::vector<std::string> modelicaPath() {
  std::vector<std::string> dirs;
  const char* env = std::getenv("MODELICAPATH");
  if (!env) return dirs;
  std::stringstream stream(env);
  std::string dir;
  while (std::getline(stream, dir, ':'))
    if (!dir.empty()) dirs.push_back(dir);
  return dirs;
}

// "a,b,,c" -> {"a", "b", "c"}
// A comma-separated list of variable names. A comma inside subscripts
// (T[1,2]) or a quoted identifier ('a,b') belongs to the name.
std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  int brackets = 0;
  bool quoted = false;
  for (char c : text) {
    if (c == '\'') quoted = !quoted;
    if (!quoted && c == '[') ++brackets;
    if (!quoted && c == ']' && brackets > 0) --brackets;
    if (c == ',' && brackets == 0 && !quoted) {
      if (!item.empty()) items.push_back(item);
      item.clear();
      continue;
    }
    item += c;
  }
  if (!item.empty()) items.push_back(item);
  return items;
}

int runSimulate(smc::importer::SimulateOptions& options) {
  std::optional<smc::ProgressLine> progress;
  if (smc::ProgressLine::terminal()) {
    progress.emplace("simulating");
    options.progress = [&progress](double time, double start, double stop) {
      progress->update(stop > start ? (time - start) / (stop - start) : 1.0,
                       fmt::format("t = {:.6g} of {:.6g}", time, stop));
    };
  }
  auto result = smc::importer::simulate(options);
  progress.reset();
  if (!result) {
    std::cerr << "smc simulate: error: " << result.error().message << "\n";
    return 1;
  }
  if (!options.csvPath.empty()) {
    auto written = smc::importer::writeCsv(options.csvPath, *result);
    if (!written) {
      std::cerr << "smc simulate: error: " << written.error().message << "\n";
      return 1;
    }
  }
  smc::importer::printSummary(std::cout, *result);
  return 0;
}


// The bounds on unpacking an FMU or SSP (src/archive/ArchiveLimits.h).
// Sizes take units: 512MiB, 4GiB, 100k.
void addArchiveLimitOptions(CLI::App* command, smc::archive::ArchiveLimits& limits) {
  auto size = [&](const char* name, std::uint64_t& value, const char* what) {
    command->add_option(name, value, what)
        ->transform(smc::cli::byteSize())
        ->type_name("SIZE")
        ->default_str(smc::cli::byteSizeText(value))
        ->group("Archive limits");
  };
  size("--max-unpacked-size", limits.maxTotalBytes, "Largest total size an archive may unpack to");
  size("--max-entry-size", limits.maxEntryBytes, "Largest size of one unpacked file");
  size("--max-xml-size", limits.maxXmlBytes, "Largest XML file read into memory (modelDescription.xml, .ssd, .ssv)");
  command->add_option("--max-entries", limits.maxEntries, "Most entries an archive may hold")
      ->capture_default_str()
      ->group("Archive limits");
  command->add_option("--max-compression-ratio", limits.maxCompressionRatio,
                      "Largest ratio of unpacked to packed size, for files above 1 MiB")
      ->capture_default_str()
      ->group("Archive limits");
}

// What every command that runs an FMU takes: the archive limits and
// --no-check.
void addLoadOptions(CLI::App* command, smc::importer::LoadOptions& load) {
  addArchiveLimitOptions(command, load.limits);
  command->add_flag_function(
      "--no-check", [&load](std::int64_t) { load.requireValid = false; },
      "Run the FMU even if `smc check` finds errors in it (it must still unpack safely)");
}

int runDiagram(smc::DiagramOptions& options) {
  for (const std::string& dir : modelicaPath()) options.libraryPaths.push_back(dir);
  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  bool ok = smc::drawDiagram(options, sources, diags);
  if (!ok || diags.hasErrors()) {
    if (diags.errorCount() > 1) std::cerr << diags.errorCount() << " errors generated.\n";
    return 1;
  }
  return 0;
}


int runSmc(int argc, char** argv) {
  CLI::App app{"smc: compiles Modelica models into FMI 2.0 Co-Simulation FMUs", "smc"};
  app.set_version_flag("--version", std::string("smc ") + SMC_VERSION);
  app.require_subcommand(0, 1);

  smc::CompileOptions compile;
  std::string dump;
  app.add_option("model", compile.inputPath, "Modelica file (.mo) to compile");
  app.add_option("-o,--output", compile.outputPath, "FMU to write (default: <Model>.fmu)");
  app.add_option("--model", compile.modelName,
                 "Class to compile (dotted name; default: the file's only class); without a file, a class of a "
                 "library on the library path");
  app.add_option("-I,--library-path", compile.libraryPaths,
                 "Directory searched for Modelica packages (repeatable; MODELICAPATH is searched after)")
      ->allow_extra_args(false);
  app.add_option("-D,--define", compile.cDefines,
                 "Define a macro for the model's C code (Include annotations and libraries built from "
                 "sources), as a C compiler's -D does: NAME or NAME=VALUE (repeatable)")
      ->allow_extra_args(false)
      ->type_name("NAME[=VALUE]")
      ->check(smc::cli::macroDefinition());
  bool timeStages = false;
  app.add_flag("--time-stages", timeStages,
               "Print each compiler stage's wall time and the peak memory to stderr");
  app.add_option("--dump", dump, "Print a stage's output and stop")
      ->check(CLI::IsMember({"ast", "connections", "flat", "c", "sm", "clocks", "blt", "llvm"}));
  std::string nonFinite = "error";
  app.add_option("--non-finite", nonFinite,
                 "What the FMU does when a variable becomes NaN or infinite: error (fmi2Error, "
                 "the default) or warning (once, and the run goes on)")
      ->check(CLI::IsMember({"error", "warning"}));
  app.add_option("--max-while-iterations", compile.maxWhileIterations,
                 "Iterations of one while loop after which the FMU call fails naming the loop")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();

  smc::importer::SimulateOptions sim;
  std::vector<std::string> settings;
  std::string outputs;
  CLI::App* simulate = app.add_subcommand("simulate", "Simulate an FMI 2.0 Co-Simulation FMU");
  simulate->add_option("fmu", sim.fmuPath, "The FMU to run")->required();
  simulate->add_option("--start-time", sim.startTime, "Start time (default: the FMU's DefaultExperiment or 0)");
  simulate->add_option("--stop-time", sim.stopTime, "Stop time (default: the FMU's DefaultExperiment)");
  simulate->add_option("--step", sim.stepSize, "Communication step size");
  std::string outputTimesFile;
  simulate->add_option("--output-times", outputTimesFile,
                       "File of further times to communicate at and record, one a line (or a CSV's first column)");
  simulate->add_flag("--output-events", sim.outputEvents,
                     "Also record the values just before and just after each event inside a step (FMUs made by smc)");
  simulate->add_option("--tolerance", sim.tolerance, "Relative tolerance for the FMU's solver");
  simulate->add_option("--set", settings, "Set a variable before initialization: name=value (repeatable)")
      ->allow_extra_args(false);
  simulate->add_option("--output-variables", outputs, "Comma-separated variables to record (default: outputs)");
  simulate->add_flag("--all", sim.allVariables, "Record every variable");
  simulate->add_option("-o,--output", sim.csvPath, "CSV file for the results");
  simulate->add_flag("--log", sim.fmuLogging, "Turn on the FMU's debug logging");
  addLoadOptions(simulate, sim.load);

  smc::DiagramOptions diagramOptions;
  CLI::App* diagram = app.add_subcommand("diagram", "Draw the state machines of a model as SVG");
  diagram->add_option("model", diagramOptions.inputPath, "Modelica file (.mo)")->required();
  diagram->add_option("-o,--output", diagramOptions.outputPath, "SVG file to write (default: <Model>.svg)");
  diagram->add_option("--model", diagramOptions.modelName, "Class to draw (dotted name; default: the file's only class)");
  diagram->add_option("-I,--library-path", diagramOptions.libraryPaths,
                      "Directory searched for Modelica packages (repeatable; MODELICAPATH is searched after)")
      ->allow_extra_args(false);

  smc::importer::VerifyStateOptions verify;
  std::vector<std::string> verifyPaths;
  CLI::App* verifyState = app.add_subcommand(
      "verify-state", "Check FMUs' state save/restore by hypothesis testing (exit 0: passed, 1: counterexample)");
  verifyState->add_option("fmu", verifyPaths,
                          "The FMUs to check (any FMI 2.0 CS FMU that can save its state), or directories of "
                          "FMUs; under mpirun they are spread over the ranks")
      ->required();
  verifyState->add_option("--delta", verify.delta, "Probability of wrongly rejecting H0 (default 0.08)");
  verifyState->add_option("--epsilon", verify.epsilon, "Failure probability asserted by H0 (default 0.025)");
  verifyState->add_option("--horizon", verify.horizon, "Detours tau' are drawn from [0, horizon] (default: the experiment)");
  verifyState->add_option("--max-horizon", verify.maxHorizon,
                          "Without --horizon: the experiment's length, but at most this (bounds the time per FMU)");
  verifyState->add_option("--tau", verify.tau, "The run compared after each detour (default: 1 % of the horizon)");
  verifyState->add_option("--step", verify.stepSize, "Communication step size");
  verifyState->add_option("--seed", verify.seed, "Seed of the detour draws (default: random; printed)");
  addLoadOptions(verifyState, verify.load);

  smc::importer::ExploreOptions exploreOptions;
  std::vector<std::string> exploreInputs;
  std::string exploreMode = "both", exploreJson, exploreNodeTimes;
  CLI::App* explore = app.add_subcommand(
      "explore", "Search the tree of input scenarios of an FMU breadth-first for a goal condition");
  explore->add_option("fmu", exploreOptions.fmuPath, "The FMU to explore")->required();
  explore->add_option("--input", exploreInputs, "An input and its values: name=v1,v2,... (repeatable)")
      ->required()
      ->allow_extra_args(false);
  explore->add_option("--period", exploreOptions.period, "Length T of each input period")->required();
  explore->add_option("--depth", exploreOptions.depth, "Number d of periods")->required();
  explore->add_option("--goal", exploreOptions.goal, "Stop at the first state where this holds, e.g. \"h < 0.1\"");
  explore->add_option("--mode", exploreMode, "save-restore, replay or both (default: both, compared)")
      ->check(CLI::IsMember({"save-restore", "replay", "both"}));
  explore->add_option("--json", exploreJson, "Also write the report as JSON to this file");
  explore->add_option("--max-states", exploreOptions.maxStates,
                      "Keep at most this many FMU states alive (save-restore); below it the search simulates "
                      "upper levels again instead");
  explore->add_option("--max-memory", exploreOptions.maxMemory,
                      "Keep at most this much serialized FMU state alive (save-restore), e.g. 2GiB")
      ->transform(smc::cli::byteSize());
  explore->add_option("--node-times", exploreNodeTimes,
                      "Write the seconds each save-restore node took to this CSV file (path,seconds; one process "
                      "only)");
  addLoadOptions(explore, exploreOptions.load);

  std::vector<std::string> checkPaths;
  CLI::App* check = app.add_subcommand(
      "check", "Validate FMI 2.0 Co-Simulation FMUs without running them (exit 0: valid, 1: invalid, 2: unreadable)");
  check->add_option("fmu", checkPaths, "The FMUs to check")->required();
  smc::archive::ArchiveLimits checkLimits;
  addArchiveLimitOptions(check, checkLimits);

  smc::cosim::CosimCommandOptions cosimOptions;
  std::string cosimMaster = "gauss-seidel", cosimOutputs;
  CLI::App* cosim = app.add_subcommand(
      "cosim", "Run a system of FMUs described in SSP (.ssd or .ssp) with a fixed-step master "
               "(exit 0: completed, 1: error state, 2: unusable description)");
  cosim->add_option("system", cosimOptions.run.systemPath, "The system: an .ssd file or an .ssp archive")
      ->required();
  cosim->add_option("--start-time", cosimOptions.run.startTime, "Start time (default: the SSD's DefaultExperiment or 0)");
  cosim->add_option("--stop-time", cosimOptions.run.stopTime, "Stop time (default: the SSD's DefaultExperiment or start+1)");
  cosim->add_option("--step", cosimOptions.run.stepSize, "Communication step size (default: (stop-start)/500)");
  cosim->add_option("--tolerance", cosimOptions.run.tolerance, "Relative tolerance for the FMUs' solvers");
  cosim->add_option("--master", cosimMaster, "jacobi or gauss-seidel (default)")
      ->check(CLI::IsMember({"jacobi", "gauss-seidel"}));
  cosim->add_option("--output-variables", cosimOutputs,
                    "Comma-separated component.variable names to record (default: every output)");
  cosim->add_option("-o,--output", cosimOptions.csvPath, "CSV file for the results");
  cosim->add_option("--plot", cosimOptions.plotPath, "SVG file with a plot of the results");
  cosim->add_flag("--log", cosimOptions.run.fmuLogging, "Turn on the FMUs' debug logging");
  cosim->add_flag("--allow-outside", cosimOptions.run.allowOutside,
                  "Let a bare .ssd name files outside its folder (absolute paths, ..)");
  addLoadOptions(cosim, cosimOptions.run.load);

  std::string plotCsv, plotSvg, plotVariables;
  smc::plot::PlotOptions plotOptions;
  CLI::App* plot = app.add_subcommand("plot", "Draw variables of a result CSV against time as SVG");
  plot->add_option("csv", plotCsv, "The result CSV (from smc simulate -o or smc cosim -o)")->required();
  plot->add_option("-o,--output", plotSvg, "SVG file to write (default: the CSV's name with .svg)");
  plot->add_option("--variables", plotVariables, "Comma-separated columns to draw (default: all)");
  plot->add_option("--title", plotOptions.title, "Title above the plot");

  smc::cli::requireDecimalNumbers(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return smc::cli::reportParseError(app, e);
  }

  if (simulate->parsed()) {
    for (const std::string& s : settings) {
      size_t eq = s.find('=');
      if (eq == std::string::npos || eq == 0)
        return smc::cli::usageError(app, "--set expects name=value, got '" + s + "'");
      sim.settings.emplace_back(s.substr(0, eq), s.substr(eq + 1));
    }
    sim.outputVariables = splitList(outputs);
    if (!outputTimesFile.empty()) {
      auto times = smc::importer::readOutputTimes(outputTimesFile);
      if (!times) {
        std::cerr << "smc simulate: error: " << times.error().message << "\n";
        return 1;
      }
      sim.outputTimes = std::move(*times);
    }
    return runSimulate(sim);
  }

  if (diagram->parsed()) return runDiagram(diagramOptions);
  if (cosim->parsed()) {
    cosimOptions.run.algorithm = cosimMaster == "jacobi" ? smc::cosim::MasterAlgorithm::Jacobi
                                                         : smc::cosim::MasterAlgorithm::GaussSeidel;
    cosimOptions.run.outputVariables = splitList(cosimOutputs);
    return smc::cosim::runCosimCommand(cosimOptions, std::cout, std::cerr);
  }
  if (plot->parsed()) {
    plotOptions.variables = splitList(plotVariables);
    return smc::plot::runPlotCommand(plotCsv, plotSvg, plotOptions, std::cerr);
  }
  if (check->parsed()) return smc::check::runCheck(checkPaths, checkLimits, std::cout);
  if (verifyState->parsed()) return smc::runVerifyStateCommand(verifyPaths, verify);
  if (explore->parsed()) {
    for (const std::string& text : exploreInputs) {
      auto input = smc::importer::parseExploreInput(text);
      if (!input) return smc::cli::usageError(app, input.error().message);
      exploreOptions.inputs.push_back(std::move(input).value());
    }
    exploreOptions.mode = exploreMode == "save-restore" ? smc::importer::ExploreMode::SaveRestore
                          : exploreMode == "replay"     ? smc::importer::ExploreMode::Replay
                                                        : smc::importer::ExploreMode::Both;
    return smc::runExploreCommand(exploreOptions, exploreJson, exploreNodeTimes);
  }

  // `smc --model Lib.M -I <dir>` compiles a library class with no file.
  if (compile.inputPath.empty() && compile.modelName.empty()) {
    std::cerr << app.help();
    return smc::cli::usageError(app, "no Modelica file given (or a library class with --model)");
  }
  static const std::map<std::string, smc::DumpStage> stages = {
      {"", smc::DumpStage::None},   {"ast", smc::DumpStage::Ast},   {"flat", smc::DumpStage::Flat},
      {"connections", smc::DumpStage::Connections}, {"c", smc::DumpStage::ExternalC},
      {"sm", smc::DumpStage::StateMachines}, {"clocks", smc::DumpStage::Clocks}, {"blt", smc::DumpStage::Blt}, {"llvm", smc::DumpStage::Llvm},
  };
  compile.dump = stages.at(dump);
  compile.nonFiniteIsWarning = nonFinite == "warning";
  for (const std::string& dir : modelicaPath()) compile.libraryPaths.push_back(dir);

  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  std::string dumpText;
  smc::StageTimes times;
  if (timeStages) compile.times = &times;
  bool ok = smc::compile(compile, sources, diags, dumpText);
  std::cout << dumpText;
  if (timeStages) std::cerr << times.table();
  if (!ok || diags.hasErrors()) {
    if (diags.errorCount() > 1) std::cerr << diags.errorCount() << " errors generated.\n";
    return 1;
  }
  return 0;
}

}  // namespace

// Compiling recurses over expression trees, a stack frame or more per level
// of nesting. The limits of src/frontend/ResourceLimits.h keep a Debug build
// inside the usual 8 MB main-thread stack; smc still runs its work on a
// thread with 64 MB (address space, touched only as used) so that builds
// with larger frames, such as the sanitized one, keep the same limits.
//
// LLVM's crash handlers (a stack trace on a crash) are installed here, on
// the main thread, before the worker starts: installed later from the worker
// they would give it LLVM's alternate signal stack, which AddressSanitizer
// then fails to unmap when the worker ends.
//
// Interrupting smc (SIGINT, SIGTERM, SIGHUP) removes the temporary
// directories of unpacked FMUs first (archive/SignalCleanup.h); that must be
// set up before the worker thread starts.
int main(int argc, char** argv) {
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  smc::archive::removeTemporaryDirectoriesOnSignals();
  const std::optional<unsigned> stackBytes = 64u << 20;
  int status = 1;
  llvm::thread worker(stackBytes, [&] { status = runSmc(argc, argv); });
  worker.join();
  return status;
}
