// See CommandLine.h. Numbers are read with the importer's strict
// conversions (the whole text, locale-independent), so "1.5x", "0x10" and
// "-1" for a count are refused before CLI11's lenient conversion sees them.
#include "driver/CommandLine.h"

#include "importer/TextValues.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <string_view>

namespace smc::cli {

namespace {

// The problem with `text` as a value of an option of CLI11 type `type`;
// empty when it is fine.
std::string numberProblem(std::string_view type, const std::string& text) {
  if (type == "FLOAT") {
    // Beyond the range of a double ("1e999") the parse fails too.
    std::optional<double> value = importer::parseReal(text);
    if (!value || !std::isfinite(*value)) return "expected a finite number, got '" + text + "'";
  } else if (type == "INT") {
    if (!importer::parseInteger64(text)) return "expected a whole number, got '" + text + "'";
  } else if (type == "UINT") {
    if (!importer::parseUnsigned64(text)) return "expected a whole number, 0 or more, got '" + text + "'";
  }
  return {};
}

// The bytes in one `unit` of byteSize(), 0 when it is none; `unit` is
// lower case.
std::uint64_t bytesPerUnit(const std::string& unit) {
  if (unit.empty() || unit == "b") return 1;
  const std::string prefixes = "kmgt";
  const size_t power = prefixes.find(unit[0]);
  if (power == std::string::npos) return 0;
  const std::string rest = unit.substr(1);
  const bool binary = rest == "i" || rest == "ib";
  if (!binary && !rest.empty() && rest != "b") return 0;
  std::uint64_t bytes = 1;
  for (size_t i = 0; i <= power; ++i) bytes *= binary ? 1024 : 1000;
  return bytes;
}

// "smc", or "smc simulate" once the subcommand was read.
std::string commandName(const CLI::App& app) {
  std::string name = app.get_name();
  for (const CLI::App* sub : app.get_subcommands()) name += " " + sub->get_name();
  return name;
}

}  // namespace

CLI::Validator byteSize() {
  auto toBytes = [](std::string& text) -> std::string {
    const std::string problem = "expected a size such as 100k, 512MiB or 4GiB, got '" + text + "'";
    size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    std::string unit;
    for (size_t i = digits; i < text.size(); ++i) unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    std::optional<std::uint64_t> count = importer::parseUnsigned64(text.substr(0, digits));
    const std::uint64_t perUnit = bytesPerUnit(unit);
    if (digits == 0 || !count || perUnit == 0) return problem;
    if (*count > UINT64_MAX / perUnit) return "expected a size below 16 EiB, got '" + text + "'";
    text = std::to_string(*count * perUnit);
    return {};
  };
  return CLI::Validator(toBytes, "", "SIZE");
}

CLI::Validator macroDefinition() {
  auto check = [](const std::string& definition) -> std::string {
    const std::string name = definition.substr(0, definition.find('='));
    const bool identifier =
        !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
        std::all_of(name.begin(), name.end(),
                    [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    if (identifier) return {};
    return "expected a C macro definition NAME or NAME=VALUE, got '" + definition + "'";
  };
  return CLI::Validator(check, "", "NAME[=VALUE]");
}

std::string byteSizeText(std::uint64_t bytes) {
  const char* const units[] = {"KiB", "MiB", "GiB", "TiB"};
  std::string unit;
  for (const char* larger : units) {
    if (bytes == 0 || bytes % 1024 != 0) break;
    bytes /= 1024;
    unit = larger;
  }
  return std::to_string(bytes) + unit;
}

void requireDecimalNumbers(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size_max() == 0) continue;  // a flag takes no value
    const std::string typeName = option->get_type_name();
    const std::string type = typeName.substr(0, typeName.find(':'));
    if (type != "FLOAT" && type != "INT" && type != "UINT") continue;
    option->check([type](const std::string& text) { return numberProblem(type, text); });
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) requireDecimalNumbers(*sub);
}

int reportParseError(CLI::App& app, const CLI::ParseError& error) {
  if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);
  return usageError(app, error.what());
}

int usageError(const CLI::App& app, const std::string& what) {
  const std::string command = commandName(app);
  std::cerr << command << ": error: " << what << "\nRun '" << command << " --help' for the options.\n";
  return kUsageErrorStatus;
}

}  // namespace smc::cli
