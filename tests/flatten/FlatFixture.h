// Helpers shared by the flattening tests: flattening Modelica text held in
// memory while keeping the FlatModel itself, for tests that inspect the IR
// (expression kinds, function tables) rather than its text; and the short
// text checks every test file of this folder needs.
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

// Whether `piece` occurs anywhere in `text`.
bool has(const std::string& text, const std::string& piece);

// The flat text of `source`; the test fails when flattening does not succeed.
std::string flatText(const std::string& source, const std::string& modelName = "");

// The diagnostics of flattening `source`; the test fails when flattening
// succeeds.
std::string flattenErrors(const std::string& source, const std::string& modelName = "");

}  // namespace smc::test
