// Command lines smc cannot act on: each is a usage error, exit status 2,
// with a message that names what is wrong ("smc simulate: error: --step:
// expected a finite number, got 'abc'"), whichever subcommand and option.
#include "support/Command.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

namespace {

using smc::test::runCommand;
using Outcome = smc::test::CommandOutcome;

std::string smc() { return SMC_EXECUTABLE; }

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

// Runs `smc arguments`, which must be a usage error saying `message`;
// returns what it printed.
std::string expectUsageError(const std::string& arguments, const std::string& message) {
  Outcome o = runCommand(smc() + " " + arguments);
  EXPECT_EQ(o.status, 2) << arguments << ": " << o.output;
  EXPECT_TRUE(has(o.output, message)) << o.output;
  EXPECT_TRUE(has(o.output, "--help' for the options.")) << o.output;
  return o.output;
}

// The options of `subcommand` whose value CLI11 converts to a number, as
// its help lists them ("--step FLOAT", "--depth UINT", "--max-entry-size
// SIZE").
std::vector<std::string> numericOptions(const std::string& subcommand) {
  Outcome help = runCommand(smc() + " " + subcommand + " --help");
  EXPECT_EQ(help.status, 0) << help.output;
  std::vector<std::string> options;
  const std::regex numeric(R"((--[a-z-]+) (FLOAT|INT|UINT|SIZE)\b)");
  for (std::sregex_iterator it(help.output.begin(), help.output.end(), numeric), end; it != end; ++it)
    options.push_back((*it)[1]);
  return options;
}

TEST(CliUsage, EveryNumericOptionRefusesANonNumberNamingOptionAndValue) {
  size_t checked = 0;
  for (const std::string subcommand : {"simulate", "verify-state", "explore", "cosim"}) {
    for (const std::string& option : numericOptions(subcommand)) {
      std::string output = expectUsageError(subcommand + " any.file " + option + " abc",
                                            "smc " + subcommand + ": error: " + option + ": expected ");
      EXPECT_TRUE(has(output, "got 'abc'")) << output;
      ++checked;
    }
  }
  // simulate 4, verify-state 6, explore 2, cosim 4, and each command's five
  // archive limits: the help really was read.
  EXPECT_GE(checked, 36u);
}

TEST(CliUsage, NumbersAreDecimalFiniteAndOfTheOptionsKind) {
  const std::pair<std::string, std::string> refused[] = {
      {"simulate any.fmu --stop-time 0x10", "--stop-time: expected a finite number, got '0x10'"},
      {"simulate any.fmu --step 1.5x", "--step: expected a finite number, got '1.5x'"},
      {"simulate any.fmu --tolerance nan", "--tolerance: expected a finite number, got 'nan'"},
      {"simulate any.fmu --step 1e999", "--step: expected a finite number, got '1e999'"},
      // A negative seed used to wrap around to 18446744073709551615.
      {"verify-state any.fmu --seed -1", "--seed: expected a whole number, 0 or more, got '-1'"},
      {"explore any.fmu --input u=1 --period 1 --depth 2.5", "--depth: expected a whole number, 0 or more, got '2.5'"},
      {"simulate any.fmu --max-entry-size 1.5GiB", "--max-entry-size: expected a size such as 100k, 512MiB or 4GiB, got '1.5GiB'"},
      {"check any.fmu --max-xml-size 64Q", "--max-xml-size: expected a size such as 100k, 512MiB or 4GiB, got '64Q'"},
      {"cosim any.ssp --max-unpacked-size 20000000TiB", "--max-unpacked-size: expected a size below 16 EiB, got '20000000TiB'"},
  };
  for (const auto& [arguments, message] : refused) expectUsageError(arguments, message);
}

TEST(CliUsage, OtherUsageErrorsAlsoExitWithTwo) {
  const std::pair<std::string, std::string> refused[] = {
      {"simulate any.fmu --bogus", "smc simulate: error: The following argument was not expected: --bogus"},
      {"simulate", "smc simulate: error: fmu is required"},
      {"simulate any.fmu --step", "smc simulate: error: --step: 1 required FLOAT missing"},
      {"simulate any.fmu --set k", "smc simulate: error: --set expects name=value, got 'k'"},
      {"explore any.fmu --input u --period 1 --depth 2", "smc explore: error: --input expects name=value1,"},
      {"--dump=tree model.mo", "smc: error: --dump: tree not in {ast,connections,flat,c,sm,clocks,blt,llvm}"},
      {"model.mo -D 1X=2", "smc: error: --define: expected a C macro definition NAME or NAME=VALUE, got '1X=2'"},
      {"model.mo -D =2", "smc: error: --define: expected a C macro definition NAME or NAME=VALUE, got '=2'"},
      {"", "smc: error: no Modelica file given (or a library class with --model)"},
  };
  for (const auto& [arguments, message] : refused) expectUsageError(arguments, message);
}

// Past the command line, the missing file is what is wrong: status 1.
TEST(CliUsage, SizesTakeDecimalAndBinaryUnitsInAnyCase) {
  for (const char* size : {"100", "100k", "100KB", "512MiB", "4gib", "1T", "2TiB"}) {
    Outcome o = runCommand(smc() + " simulate missing.fmu --max-entry-size " + size);
    EXPECT_EQ(o.status, 1) << size << ": " << o.output;
    EXPECT_TRUE(has(o.output, "cannot open 'missing.fmu'")) << o.output;
  }
}

}  // namespace
