// Clang-style diagnostics: `file:line:col: error: message`, the source line,
// and a caret with tildes under the range. Several errors are collected per
// run; the driver exits with status 1 when any was reported. An error or
// warning identical to an earlier one (same place, same message, as when a
// class is instantiated several times) is reported once, with its notes.
// Against hostile input (docs/robustness.md): a source line longer than a
// screen is shown as a window around the caret, and errors after the 50th
// are counted but not printed (the parser stops there).
#pragma once

#include "frontend/Source.h"

#include <fmt/format.h>

#include <iosfwd>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace smc {

enum class Severity { Note, Warning, Error };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceRange range;
  std::string message;
};

class DiagnosticEngine {
public:
  explicit DiagnosticEngine(const SourceManager& sources);

  void report(Severity severity, SourceRange range, std::string message);
  void error(SourceRange range, std::string message) {
    report(Severity::Error, range, std::move(message));
  }
  void warning(SourceRange range, std::string message) {
    report(Severity::Warning, range, std::move(message));
  }
  void note(SourceRange range, std::string message) {
    report(Severity::Note, range, std::move(message));
  }
  // "not supported yet: <what>" — for constructs that parse but that a later
  // stage cannot handle yet; never silently dropped.
  void unsupported(SourceRange range, const std::string& what) {
    error(range, "not supported yet: " + what);
  }

  template <typename... Args>
  void errorf(SourceRange range, fmt::format_string<Args...> format, Args&&... args) {
    error(range, fmt::format(format, std::forward<Args>(args)...));
  }

  bool hasErrors() const { return errorCount_ > 0; }
  const SourceManager& sources() const { return sources_; }
  // Every error reported, repeats included: a stage tells whether a step
  // failed by comparing this before and after it, and an error it repeats
  // (printed once) is still its failure.
  unsigned errorReports() const { return errorReports_; }
  // The distinct errors, as printed.
  unsigned errorCount() const { return errorCount_; }
  // True once more errors were reported than are printed: a stage that
  // produces errors in a loop (the parser's recovery) may stop here.
  bool errorLimitReached() const { return announcedErrorLimit_; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

  // Where diagnostics are printed as they are reported (stderr by default,
  // nullptr to only collect them, as tests do).
  void setOutput(std::ostream* out) { out_ = out; }
  // Formats one diagnostic exactly as it is printed.
  std::string format(const Diagnostic& diagnostic) const;

private:
  const SourceManager& sources_;
  std::vector<Diagnostic> diagnostics_;
  using Key = std::tuple<Severity, FileId, uint32_t, uint32_t, uint32_t, uint32_t, std::string>;
  std::set<Key> seen_;             // errors and warnings reported so far
  bool suppressingNotes_ = false;  // the last error or warning was a repeat
  unsigned errorCount_ = 0;
  unsigned errorReports_ = 0;
  bool announcedErrorLimit_ = false;  // printing stopped at the error limit
  std::ostream* out_;
};

}  // namespace smc
