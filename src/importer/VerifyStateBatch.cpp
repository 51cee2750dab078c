// See VerifyStateBatch.h.
#include "importer/VerifyStateBatch.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <system_error>

namespace smc::importer {

namespace fs = std::filesystem;

Result<std::vector<std::string>> collectFmus(const std::vector<std::string>& arguments) {
  std::vector<std::string> fmus;
  for (const std::string& argument : arguments) {
    std::error_code error;
    fs::file_status status = fs::status(argument, error);
    if (error || !fs::exists(status)) return Error{fmt::format("{}: no such file or directory", argument)};
    if (!fs::is_directory(status)) {
      fmus.push_back(argument);
      continue;
    }
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator it(argument, fs::directory_options::skip_permission_denied, error), end;
         !error && it != end; it.increment(error))
      if (std::error_code kind; it->path().extension() == ".fmu" && !it->is_directory(kind) && !kind)
        found.push_back(it->path().string());
    if (error) return Error{fmt::format("{}: cannot list the directory: {}", argument, error.message())};
    if (found.empty()) return Error{fmt::format("{}: the directory holds no .fmu file", argument)};
    std::sort(found.begin(), found.end());
    fmus.insert(fmus.end(), found.begin(), found.end());
  }
  return fmus;
}

BatchLine verifyOneOfMany(const std::string& fmuPath, VerifyStateOptions options) {
  options.fmuPath = fmuPath;
  BatchLine line{BatchVerdict::CouldNotRun, fmuPath, ""};
  Result<VerifyStateReport> report = verifyState(options);
  if (!report) {
    line.text = report.error().message;
    return line;
  }
  const VerifyStateReport& r = *report;
  if (r.skipped()) {
    line.verdict = BatchVerdict::Skipped;
    line.text = r.skipReason;
  } else if (const auto& c = r.counterexample) {
    line.verdict = BatchVerdict::Failed;
    line.text = fmt::format("model '{}': counterexample tau' = {:.17g} (trial {}); at t = {:.17g} the first differing "
                            "variable is {}",
                            r.modelName, c->tauPrime, c->trial, r.startTime + r.tau,
                            c->firstDifferingVariable.value_or("none (only the FMU's internal state differs)"));
  } else {
    line.verdict = BatchVerdict::Passed;
    line.text = fmt::format("model '{}': no counterexample in {} trials ({} state bytes)", r.modelName, r.completed,
                            r.stateBytes);
  }
  return line;
}

// verdict, path, NUL, text: a path holds no NUL.
std::string encodeBatchLine(const BatchLine& line) {
  std::string bytes(1, static_cast<char>(line.verdict));
  bytes += line.fmuPath;
  bytes += '\0';
  bytes += line.text;
  return bytes;
}

BatchLine decodeBatchLine(const std::string& bytes) {
  std::size_t separator = bytes.find('\0');
  char verdict = bytes.empty() ? '\0' : bytes[0];
  bool known = verdict == 'P' || verdict == 'F' || verdict == 'S' || verdict == 'E';
  if (!known || separator == std::string::npos)
    return BatchLine{BatchVerdict::CouldNotRun, "?", "a rank sent a result that is not a verify-state line"};
  return BatchLine{static_cast<BatchVerdict>(verdict), bytes.substr(1, separator - 1), bytes.substr(separator + 1)};
}

void printBatchHeader(std::ostream& out, std::size_t fmus, const VerifyStateOptions& options, uint64_t seed) {
  std::string detours;
  if (options.horizon)
    detours = fmt::format(", detours up to {:g} s", *options.horizon);
  else if (options.maxHorizon)
    detours = fmt::format(", detours within the first {:g} s of each experiment", *options.maxHorizon);
  out << fmt::format("verify-state: {} FMU{}, {} trials each (delta = {}, epsilon = {}){}, seed {}\n", fmus,
                     fmus == 1 ? "" : "s", trialCount(options.delta, options.epsilon), options.delta,
                     options.epsilon, detours, seed);
}

static const char* verdictWord(BatchVerdict verdict) {
  switch (verdict) {
  case BatchVerdict::Passed: return "passed ";
  case BatchVerdict::Failed: return "FAILED ";
  case BatchVerdict::Skipped: return "skipped";
  case BatchVerdict::CouldNotRun: return "error  ";
  }
  return "?";
}

void printBatchLine(std::ostream& out, const BatchLine& line) {
  out << verdictWord(line.verdict) << ' ' << line.fmuPath << ": " << line.text << "\n" << std::flush;
}

void BatchTally::add(BatchVerdict verdict) {
  switch (verdict) {
  case BatchVerdict::Passed: ++passed; break;
  case BatchVerdict::Failed: ++failed; break;
  case BatchVerdict::Skipped: ++skipped; break;
  case BatchVerdict::CouldNotRun: ++couldNotRun; break;
  }
}

int BatchTally::exitStatus() const { return failed > 0 ? 1 : couldNotRun > 0 ? 2 : 0; }

void printBatchTally(std::ostream& out, const BatchTally& t) {
  out << fmt::format("verify-state: {} passed, {} failed, {} skipped, {} could not run (of {})\n", t.passed, t.failed,
                     t.skipped, t.couldNotRun, t.passed + t.failed + t.skipped + t.couldNotRun);
}

}  // namespace smc::importer
