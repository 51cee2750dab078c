#include "support/Csv.h"

#include <fstream>
#include <sstream>

namespace smc::test {

int Table::column(const std::string& name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return static_cast<int>(i);
  return -1;
}

Table readCsv(const std::string& path) {
  Table table;
  std::ifstream in(path);
  std::string line;
  if (!std::getline(in, line)) return table;
  std::stringstream header(line);
  for (std::string cell; std::getline(header, cell, ',');) table.columns.push_back(cell);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<double> row;
    std::stringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) row.push_back(std::stod(cell));
    if (row.size() != table.columns.size()) return Table{};
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace smc::test
