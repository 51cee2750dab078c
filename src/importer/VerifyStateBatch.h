// `smc verify-state` over many FMUs: the FMUs named on the command line and
// those found in the directories it names, each checked by verifyState
// (VerifyState.h) with the same options and seed, each reported on one line
// (passed; failed with the counterexample's detour, time and first
// differing variable; skipped with the reason; or could not run, with the
// error), then a tally. The lines are plain data (encode/decode) so that a
// distributed run can compute them on other ranks (src/distributed) and
// print them in the same order as one process would.
#pragma once

#include "importer/Result.h"
#include "importer/VerifyState.h"

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace smc::importer {

// The FMUs to check: each argument that is a directory contributes the
// .fmu files below it (recursively, sorted by path), any other argument
// itself, in the order given. An error when an argument does not exist or
// a directory holds no FMU.
Result<std::vector<std::string>> collectFmus(const std::vector<std::string>& arguments);

enum class BatchVerdict : char { Passed = 'P', Failed = 'F', Skipped = 'S', CouldNotRun = 'E' };

struct BatchLine {
  BatchVerdict verdict = BatchVerdict::CouldNotRun;
  std::string fmuPath;
  std::string text;  // what follows the path: the model and the details
};

// One FMU's check; never fails: an error becomes a CouldNotRun line.
// `options.fmuPath` is replaced by `fmuPath`.
BatchLine verifyOneOfMany(const std::string& fmuPath, VerifyStateOptions options);

std::string encodeBatchLine(const BatchLine& line);
// The line encodeBatchLine made; a CouldNotRun line saying so for bytes it
// did not make.
BatchLine decodeBatchLine(const std::string& bytes);

void printBatchHeader(std::ostream& out, std::size_t fmus, const VerifyStateOptions& options, uint64_t seed);
void printBatchLine(std::ostream& out, const BatchLine& line);

struct BatchTally {
  std::size_t passed = 0, failed = 0, skipped = 0, couldNotRun = 0;
  void add(BatchVerdict verdict);
  // 1 when an FMU failed, else 2 when one could not be checked, else 0.
  int exitStatus() const;
};
void printBatchTally(std::ostream& out, const BatchTally& tally);

}  // namespace smc::importer
