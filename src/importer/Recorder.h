// Which variables become result columns, and reading one row of them.
// Default: every output (causality="output"); `--all`: every variable that
// has a numeric value, except the independent variable, which would repeat
// the time column; or the names given. Values are read with one
// fmi2GetReal / fmi2GetInteger / fmi2GetBoolean call per type and row and
// stored as doubles (Booleans as 0/1); String variables cannot be columns.
#pragma once

#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/Result.h"

#include <string>
#include <vector>

namespace smc::importer {

struct ColumnChoice {
  std::vector<std::string> names;  // empty: the outputs
  bool all = false;
};

class Recorder {
public:
  // Notes about the choice (e.g. skipped String variables) go to `warnings`.
  static Result<Recorder> choose(const ModelDescription& description,
                                 const ColumnChoice& choice,
                                 std::vector<std::string>& warnings);

  // Column names, without "time".
  const std::vector<std::string>& names() const { return names_; }

  // Reads a row: time first, then the columns in order. Returns the worst
  // status of the get calls (OK, Warning or Discard).
  Result<fmi2::Status> read(FmuInstance& instance, double time, std::vector<double>& row);

private:
  // Per type: value references, their column positions, and a buffer.
  struct Batch {
    std::vector<fmi2::ValueReference> refs;
    std::vector<std::size_t> columns;
  };

  void add(const ScalarVariable& variable);

  std::vector<std::string> names_;
  Batch reals_;
  Batch integers_;  // Integer and Enumeration
  Batch booleans_;
  std::vector<double> realValues_;
  std::vector<int> intValues_;
};

}  // namespace smc::importer
