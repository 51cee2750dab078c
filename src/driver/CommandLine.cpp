// See CommandLine.h. Numbers are read with the importer's strict
// conversions (the whole text, locale-independent), so "1.5x", "0x10" and
// "-1" for a count are refused before CLI11's lenient conversion sees them.
#include "driver/CommandLine.h"

#include "importer/TextValues.h"

#include <cmath>
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

// "smc", or "smc simulate" once the subcommand was read.
std::string commandName(const CLI::App& app) {
  std::string name = app.get_name();
  for (const CLI::App* sub : app.get_subcommands()) name += " " + sub->get_name();
  return name;
}

}  // namespace

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
