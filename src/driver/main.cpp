// The `smc` command: compile a Modelica model into an FMI 2.0 Co-Simulation
// FMU, or (`smc simulate`) run an FMU and write its results.
#include "driver/Compile.h"
#include "importer/Simulate.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <map>
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

int runSimulate(smc::importer::SimulateOptions& options) {
  auto result = smc::importer::simulate(options);
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"smc: compiles Modelica models into FMI 2.0 Co-Simulation FMUs", "smc"};
  app.set_version_flag("--version", std::string("smc ") + SMC_VERSION);
  app.require_subcommand(0, 1);

  smc::CompileOptions compile;
  std::string dump;
  app.add_option("model", compile.inputPath, "Modelica file (.mo) to compile");
  app.add_option("-o,--output", compile.outputPath, "FMU to write (default: <Model>.fmu)");
  app.add_option("--model", compile.modelName, "Class to compile (dotted name; default: the file's only class)");
  app.add_option("-I,--library-path", compile.libraryPaths,
                 "Directory searched for Modelica packages (repeatable; MODELICAPATH is searched after)")
      ->allow_extra_args(false);
  app.add_option("--dump", dump, "Print a stage's output and stop")
      ->check(CLI::IsMember({"ast", "flat", "sm", "clocks", "blt", "llvm"}));

  smc::importer::SimulateOptions sim;
  std::vector<std::string> settings;
  std::string outputs;
  CLI::App* simulate = app.add_subcommand("simulate", "Simulate an FMI 2.0 Co-Simulation FMU");
  simulate->add_option("fmu", sim.fmuPath, "The FMU to run")->required();
  simulate->add_option("--start-time", sim.startTime, "Start time (default: the FMU's DefaultExperiment or 0)");
  simulate->add_option("--stop-time", sim.stopTime, "Stop time (default: the FMU's DefaultExperiment)");
  simulate->add_option("--step", sim.stepSize, "Communication step size");
  simulate->add_option("--tolerance", sim.tolerance, "Relative tolerance for the FMU's solver");
  simulate->add_option("--set", settings, "Set a variable before initialization: name=value (repeatable)")
      ->allow_extra_args(false);
  simulate->add_option("--output-variables", outputs, "Comma-separated variables to record (default: outputs)");
  simulate->add_flag("--all", sim.allVariables, "Record every variable");
  simulate->add_option("-o,--output", sim.csvPath, "CSV file for the results");
  simulate->add_flag("--log", sim.fmuLogging, "Turn on the FMU's debug logging");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  if (simulate->parsed()) {
    for (const std::string& s : settings) {
      size_t eq = s.find('=');
      if (eq == std::string::npos || eq == 0) {
        std::cerr << "smc simulate: error: --set expects name=value, got '" << s << "'\n";
        return 1;
      }
      sim.settings.emplace_back(s.substr(0, eq), s.substr(eq + 1));
    }
    std::stringstream list(outputs);
    for (std::string name; std::getline(list, name, ',');)
      if (!name.empty()) sim.outputVariables.push_back(name);
    return runSimulate(sim);
  }

  if (compile.inputPath.empty()) {
    std::cerr << app.help();
    return 1;
  }
  static const std::map<std::string, smc::DumpStage> stages = {
      {"", smc::DumpStage::None},   {"ast", smc::DumpStage::Ast},   {"flat", smc::DumpStage::Flat},
      {"sm", smc::DumpStage::StateMachines}, {"clocks", smc::DumpStage::Clocks}, {"blt", smc::DumpStage::Blt}, {"llvm", smc::DumpStage::Llvm},
  };
  compile.dump = stages.at(dump);
  for (const std::string& dir : modelicaPath()) compile.libraryPaths.push_back(dir);

  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  std::string dumpText;
  bool ok = smc::compile(compile, sources, diags, dumpText);
  std::cout << dumpText;
  if (!ok || diags.hasErrors()) {
    if (diags.errorCount() > 1) std::cerr << diags.errorCount() << " errors generated.\n";
    return 1;
  }
  return 0;
}
