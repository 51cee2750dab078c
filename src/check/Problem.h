// What `smc check` finds: one Problem per broken (error) or discouraged
// (warning) property of an FMU, each named by a stable rule name so that
// tests and scripts can match on it, and located in a file of the FMU
// (line and column are 0 when the problem concerns the archive as a whole).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace smc::check {

enum class Severity { Warning, Error };

struct Problem {
  Severity severity = Severity::Error;
  std::string rule;     // e.g. "causality-variability-initial"
  std::string file;     // e.g. "model.fmu/modelDescription.xml"
  std::size_t line = 0;  // 1-based; 0 = no position
  std::size_t column = 0;
  std::string message;  // lower-case sentence without a final period
};

struct CheckResult {
  std::string fmuLabel;          // the FMU path as the user gave it
  bool readable = true;          // false: the FMU could not be read at all
  std::vector<Problem> problems;
  // The static libraries of external C code an smc FMU says it links in
  // (its VendorAnnotations), by file name; empty for other FMUs.
  std::vector<std::string> externalLibraries;

  std::size_t errorCount() const;
  std::size_t warningCount() const;
  bool hasProblem(const std::string& rule) const;
};

}  // namespace smc::check
