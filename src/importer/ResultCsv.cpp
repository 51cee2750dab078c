// CSV output of a simulation result; see writeCsv in Simulate.h. Numbers are
// printed with fmt's shortest representation that reads back to the same
// double, so a CSV loses nothing and stays short ("0.1", not
// "0.10000000000000001").
#include "importer/Simulate.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <ostream>

namespace smc::importer {
namespace {

// RFC 4180: quote a field holding a comma, quote or line break; double quotes.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace

void writeCsv(std::ostream& out, const SimulationResult& result) {
  std::string line;
  for (std::size_t i = 0; i < result.columns.size(); ++i) {
    if (i > 0) line += ',';
    line += csvField(result.columns[i]);
  }
  out << line << '\n';
  for (const std::vector<double>& row : result.rows) {
    line.clear();
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) line += ',';
      fmt::format_to(std::back_inserter(line), "{}", row[i]);
    }
    out << line << '\n';
  }
}

Result<void> writeCsv(const std::filesystem::path& path, const SimulationResult& result) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    return Error{fmt::format("cannot write '{}': {}", path.string(), std::strerror(errno))};
  }
  writeCsv(out, result);
  out.flush();
  if (!out) return Error{fmt::format("cannot write '{}': write failed", path.string())};
  return {};
}

}  // namespace smc::importer
