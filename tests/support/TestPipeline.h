// Test helpers: run the front stages of the pipeline on Modelica text held
// in memory and return each stage's dump, or the diagnostics as printed.
#pragma once

#include "causalize/CausalModel.h"
#include "flatten/FlatModel.h"
#include "frontend/Diagnostics.h"

#include <functional>
#include <optional>
#include <string>

namespace smc::test {

// Runs `body` on a thread with the stack smc gives its compiler (64 MB,
// src/driver/main.cpp): generated expressions (a state machine's chains)
// nest as deep as the model is large, deeper than the 8 MB of a test's
// main thread allows under AddressSanitizer.
void onCompilerStack(const std::function<void()>& body);

struct StageResult {
  bool ok = false;
  std::string text;         // the stage's dump when ok
  std::string diagnostics;  // every diagnostic, formatted as smc prints it
};

// Parses `source` (named `fileName` in messages) and flattens `modelName`
// (or the only class).
StageResult flattenSource(const std::string& source, const std::string& modelName = "",
                          const std::string& fileName = "test.mo");
// As flattenSource, then causalizes; text is the BLT dump.
StageResult causalizeSource(const std::string& source, const std::string& modelName = "",
                            const std::string& fileName = "test.mo");
// The BLT dump of `source`; a test failure, naming the diagnostics, when
// it does not causalize.
std::string bltOf(const std::string& source);
// The diagnostics of `source`; a test failure when it causalizes.
std::string causalizeErrorsOf(const std::string& source);
// The causal model itself, for tests that inspect blocks.
std::optional<causal::CausalModel> causalModelOf(const std::string& source, std::string* diagnostics = nullptr);
// As causalModelOf, with the state machine and clocks stages in between as
// in `smc` (for models with clocked partitions): flattens `modelName` or
// the only class.
std::optional<causal::CausalModel> clockedCausalModelOf(const std::string& source, std::string& diagnostics,
                                                        const std::string& modelName = "");

// The flat model with the sources and diagnostics it refers to, for tests
// of the stages after flattening.
struct FlatRun {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  std::optional<flat::FlatModel> flat;  // empty when parsing or flattening failed

  std::string printed() const;  // every diagnostic, formatted as smc prints it
};
// Parses `source` and flattens `modelName` (or the only class) into `run`.
void flattenInto(FlatRun& run, const std::string& source, const std::string& modelName = "",
                 const std::string& fileName = "test.mo");

// The contents of a file (empty when unreadable).
std::string readFile(const std::string& path);

}  // namespace smc::test
