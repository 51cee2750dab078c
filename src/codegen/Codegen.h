// smc's back end: from a causal model to an FMI 2.0 Co-Simulation FMU.
//
//   layout (value references, FMI attributes)      Layout.h
//   -> LLVM IR: callbacks + smc_model descriptor    IrGen.h
//   -> GUID from the model description and the IR   Guid.h
//   -> O2, x86-64 object in memory                  Backend.h
//      (a large module: partitions on all cores)    ModuleSplit.h, ParallelBackend.h
//   -> in-process lld link with the runtime         Linker.h
//   -> modelDescription.xml + zip                   ModelDescription.h, FmuArchive.h
//
// The same causal model and options give a byte-identical FMU. lld keeps
// global state, so writeFmu must not run on two threads at once.
#pragma once

#include "causalize/CausalModel.h"
#include "codegen/RuntimeLimits.h"
#include "flatten/ExternalRunner.h"
#include "frontend/Diagnostics.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace smc::codegen {

// A partition per this many instructions keeps the per-partition set-up
// cost (a context, a target machine, a pass pipeline, bitcode both ways)
// far below its work.
constexpr size_t kInstructionsPerPartition = 20000;

struct CodegenOptions {
  // A C identifier naming the shared object (<modelIdentifier>.so); empty:
  // derived from the model name by modelIdentifierFor.
  std::string modelIdentifier;
  // File name (basename) of the model's source, for messages about loops.
  std::string sourceFileName;
  // What messages call each source file, by FileId (library files by their
  // path in the library: "Modelica/Blocks/Sources.mo"); a file not listed
  // is called sourceFileName.
  std::vector<std::string> fileNames;
  // The smc runtime archive to link; empty: the installed or built one.
  std::string runtimeArchive;
  // Called as each back-end stage ends ("IR generation", "LLVM
  // optimization", "object emission", "link", "zip"), so the driver can
  // time them (smc --time-stages).
  std::function<void(const char* stage)> onStageDone;
  // A module with more instructions is split into partitions compiled on
  // several cores (ModuleSplit.h); tests lower it to split small models.
  size_t instructionsPerPartition = kInstructionsPerPartition;
  // Run-time faults (docs/robustness.md): a non-finite Real is a warning
  // instead of fmi2Error (--non-finite=warning); the iterations a while
  // loop may run before the call fails (--max-while-iterations).
  bool nonFiniteIsWarning = false;
  int64_t maxWhileIterations = kDefaultMaxWhileIterations;
};

// A valid C identifier from a Modelica name: every character other than a
// letter, digit or '_' becomes '_' (so `A.B` gives `A_B`), and a leading
// digit gets a '_' in front.
std::string modelIdentifierFor(const std::string& modelName);

// Writes the FMU to fmuPath (replacing it). Returns false after reporting
// every problem through diags; no file is left behind then.
bool writeFmu(const causal::CausalModel& model, const CodegenOptions& options,
              const std::string& fmuPath, DiagnosticEngine& diags);

// The module's LLVM IR text for `smc --dump=llvm`: before optimisation (it
// mirrors the blocks one to one), with the final GUID. Empty after errors.
// The model's C code run at translation (flatten/ExternalRunner.h), its
// C-source libraries built as the FMU's are (the same optimization and
// target, so the cached archives are shared).
std::shared_ptr<flat::ExternalRunner> makeExternalRunner();

std::optional<std::string> dumpLlvm(const causal::CausalModel& model, const CodegenOptions& options,
                                    DiagnosticEngine& diags);

}  // namespace smc::codegen
