// Test helper: flattens Modelica text held in memory and keeps the FlatModel
// itself, for tests that inspect the IR (expression kinds, function tables)
// rather than its text.
#pragma once

#include "flatten/FlatModel.h"

#include <optional>
#include <string>

namespace smc::test {

struct Flattened {
  std::optional<flat::FlatModel> model;  // empty when flattening failed
  std::string diagnostics;               // as smc prints them
};

Flattened flattenToModel(const std::string& source, const std::string& modelName = "");

// The index of the model variable called `name` (fails the test when absent).
flat::VarId varId(const flat::FlatModel& model, const std::string& name);

}  // namespace smc::test
