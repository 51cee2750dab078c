// `smc check`: validates FMI 2.0 Co-Simulation FMUs without running their
// code, in the order an orchestration engine would: the archive, the model
// description against the schema, the standard's semantic rules, then the
// binary's exported functions.
#pragma once

#include "check/Problem.h"

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace smc::check {

// Everything about one .fmu file.
CheckResult checkFmu(const std::filesystem::path& fmuPath);

// Schema and semantic rules on a model description alone; `fileLabel`
// prefixes every location (e.g. "model.fmu/modelDescription.xml").
CheckResult checkModelDescriptionText(std::string_view xml, const std::string& fileLabel);

// Problems clang-style, then one summary line:
//   model.fmu/modelDescription.xml:12:5: error: <message> [rule]
//   model.fmu: invalid (2 errors, 1 warning)
void printResult(const CheckResult& result, std::ostream& out);

// 0 when every FMU is valid, 1 when one is invalid, 2 when one could not
// be read at all.
int exitStatus(const std::vector<CheckResult>& results);

// The `smc check` command: checks each FMU, prints, returns the status.
int runCheck(const std::vector<std::string>& fmuPaths, std::ostream& out);

}  // namespace smc::check
