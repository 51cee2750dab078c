// Reads the expectation tables of ../shared/models: a header of column
// names, then rows of numbers.
#pragma once

#include <string>
#include <vector>

namespace smc::test {

struct Table {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;

  // Index of a column, or -1.
  int column(const std::string& name) const;
};

// Empty table (no columns) when the file cannot be read or parsed.
Table readCsv(const std::string& path);

}  // namespace smc::test
