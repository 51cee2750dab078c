// The compile pipeline as one function, shared by the `smc` command and the
// end-to-end tests. It reads like a table of contents of the compiler:
//   parse -> flatten -> state machines -> clocks -> causalize -> codegen -> package.
#pragma once

#include "codegen/RuntimeLimits.h"
#include "driver/StageTimes.h"
#include "frontend/Diagnostics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smc {

enum class DumpStage { None, Ast, Connections, Flat, ExternalC, StateMachines, Clocks, Blt, Llvm };

struct CompileOptions {
  std::string inputPath;
  std::string outputPath;               // the FMU; empty: <ModelIdentifier>.fmu
  std::string modelName;                // --model; empty: the file's only class
  std::vector<std::string> libraryPaths;  // -I and MODELICAPATH, in order
  std::vector<std::string> cDefines;      // -D NAME[=VALUE], for the model's C code
  DumpStage dump = DumpStage::None;     // print this stage's text and stop
  // The static runtime linked into the FMU; empty: the installed one. Tests
  // set it to a deliberately broken runtime (smc_runtime_broken_state).
  std::string runtimeArchive;
  // When set, each stage's time and memory is recorded here (--time-stages).
  StageTimes* times = nullptr;
  // What the FMU does about run-time faults (codegen::CodegenOptions):
  // --non-finite=warning, --max-while-iterations.
  bool nonFiniteIsWarning = false;
  int64_t maxWhileIterations = codegen::kDefaultMaxWhileIterations;
};

// Runs the pipeline; diagnostics go to `diags`, a requested dump to `dumpOut`.
// Returns true when the FMU (or the dump) was produced without errors.
bool compile(const CompileOptions& options, SourceManager& sources, DiagnosticEngine& diags,
             std::string& dumpOut, std::string* writtenFmu = nullptr);

}  // namespace smc
