// libFuzzer harness: the compile pipeline on mutated valid models, the
// stages chained as src/driver/Compile.cpp chains them:
//   parse -> flatten -> state machines -> clocks -> causalize -> LLVM IR
// (dumpLlvm: IR generation, llvm::verifyModule, the model description that
// the GUID hashes).
//
// It stops before object emission and the lld link on purpose: optimising,
// emitting x86-64 and linking are LLVM's and lld's code, not ours; they
// take tens of milliseconds per input, which would cut the executions per
// second several-fold; and the IR verifier already checks what our code
// generator produced, which is all those steps consume. (lld also keeps
// global state between links: see src/codegen/Codegen.h.)
//
// Seeds are the example and shared models (scripts/run-fuzzers.sh collects
// them); tests/fuzz/modelica.dict gives the mutator Modelica's words. Every
// stage that returns nothing must have reported an error, and no
// diagnostic may be an internal error (FuzzChecks.h): an invalid module
// after verification is reported as one.
#include "FuzzChecks.h"
#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "codegen/Codegen.h"
#include "flatten/Flatten.h"
#include "frontend/Parser.h"
#include "statemachine/StateMachines.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using smc::DiagnosticEngine;
using smc::fuzz::checkFailureExplained;

// The class to compile: the only one, or the last of several (the examples
// put the model to simulate last).
smc::flatten::ClassNode* topClass(smc::flatten::ClassTree& tree,
                                  const std::vector<smc::flatten::ClassNode*>& classes,
                                  DiagnosticEngine& diags) {
  std::string name = classes.size() > 1 ? classes.back()->name : "";
  return smc::selectTopClass(tree, classes, name, diags);
}

// Runs every stage on `source`; returns at the first stage that fails
// (after checking that it said why).
void compileToIr(smc::SourceManager& sources, DiagnosticEngine& diags, const std::string& source) {
  smc::FileId file = sources.addBuffer("fuzz.mo", source);
  auto definition = smc::parseFile(sources, file, diags);
  if (!definition) return checkFailureExplained(diags, "parseFile");
  // No library paths: a fuzzed `import` must not read the disk.
  smc::flatten::ClassTree tree(sources, diags, {});
  auto classes = tree.add(std::move(*definition));
  smc::flatten::ClassNode* top = topClass(tree, classes, diags);
  if (!top) return checkFailureExplained(diags, "selectTopClass");
  if (diags.hasErrors()) return;
  auto flat = smc::flattenModel(tree, top, diags);
  if (!flat) return checkFailureExplained(diags, "flattenModel");
  auto machines = smc::statemachine::discoverStateMachines(*flat, diags);
  if (!machines) return checkFailureExplained(diags, "discoverStateMachines");
  flat = smc::statemachine::lowerStateMachines(std::move(*flat), *machines, diags);
  if (!flat) return checkFailureExplained(diags, "lowerStateMachines");
  auto partitioning = smc::clocks::inferClocks(*flat, diags);
  if (!partitioning) return checkFailureExplained(diags, "inferClocks");
  auto lowered = smc::clocks::lowerClocks(std::move(*flat), *partitioning, diags);
  if (!lowered) return checkFailureExplained(diags, "lowerClocks");
  auto causal = smc::causal::causalize(std::move(*lowered), diags);
  if (!causal) return checkFailureExplained(diags, "causalize");
  smc::codegen::CodegenOptions options;
  options.modelIdentifier = smc::codegen::modelIdentifierFor(causal->flat.name);
  options.sourceFileName = "fuzz.mo";
  auto ir = smc::codegen::dumpLlvm(*causal, options, diags);
  if (!ir) return checkFailureExplained(diags, "dumpLlvm");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  smc::SourceManager sources;
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  compileToIr(sources, diags, std::string(reinterpret_cast<const char*>(data), size));
  smc::fuzz::checkDiagnostics(diags);
  return 0;
}
