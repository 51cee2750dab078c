// `smc check`: validates FMI 2.0 Co-Simulation FMUs without running their
// code, in the order an orchestration engine would: the archive, the model
// description against the schema, the standard's semantic rules, then the
// binary's layout and exported functions.
//
// The FMU is checked as every command that runs one unpacks it: by the one
// archive reader (src/archive) into a temporary directory, and the checks
// read the unpacked files. `smc simulate`, `verify-state`, `explore` and
// `cosim` call checkAndUnpack and run the very files it judged, so check
// and run cannot disagree about what an FMU holds.
#pragma once

#include "archive/ArchiveLimits.h"
#include "archive/UnpackedArchive.h"
#include "check/Problem.h"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smc::check {

// What checkAndUnpack judges: everything, or only what unpacking needs
// (the archive's entries and sizes), for `--no-check`.
enum class CheckScope { Everything, ArchiveOnly };

struct CheckedFmu {
  CheckResult result;
  // The unpacked FMU; empty when the archive could not be unpacked (the
  // reasons are in `result`).
  std::optional<archive::UnpackedArchive> unpacked;
};

// `label` names the FMU in problems (default: its path; for an FMU inside
// an SSP, "system.ssp/resources/a.fmu").
CheckedFmu checkAndUnpack(const std::filesystem::path& fmuPath,
                          const archive::ArchiveLimits& limits,
                          CheckScope scope = CheckScope::Everything, std::string label = {});

// Everything about one .fmu file.
CheckResult checkFmu(const std::filesystem::path& fmuPath,
                     const archive::ArchiveLimits& limits = {});

// Schema and semantic rules on a model description alone; `fileLabel`
// prefixes every location (e.g. "model.fmu/modelDescription.xml").
CheckResult checkModelDescriptionText(std::string_view xml, const std::string& fileLabel);

// One problem clang-style, without a newline:
//   model.fmu/modelDescription.xml:12:5: error: <message> [rule]
std::string formatProblem(const Problem& problem);

// Problems clang-style, then one summary line:
//   model.fmu/modelDescription.xml:12:5: error: <message> [rule]
//   model.fmu: invalid (2 errors, 1 warning)
void printResult(const CheckResult& result, std::ostream& out);

// 0 when every FMU is valid, 1 when one is invalid, 2 when one could not
// be read at all.
int exitStatus(const std::vector<CheckResult>& results);

// The `smc check` command: checks each FMU, prints, returns the status.
int runCheck(const std::vector<std::string>& fmuPaths, const archive::ArchiveLimits& limits,
             std::ostream& out);

}  // namespace smc::check
