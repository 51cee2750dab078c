// Test helpers: run the front stages of the pipeline on Modelica text held
// in memory and return each stage's dump, or the diagnostics as printed.
#pragma once

#include "causalize/CausalModel.h"
#include "flatten/FlatModel.h"

#include <optional>
#include <string>

namespace smc::test {

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
// The causal model itself, for tests that inspect blocks.
std::optional<causal::CausalModel> causalModelOf(const std::string& source, std::string* diagnostics = nullptr);

// The contents of a file (empty when unreadable).
std::string readFile(const std::string& path);

}  // namespace smc::test
