// A quoted identifier with non-ASCII characters ('température') from the
// source to the FMU: the name in modelDescription.xml (UTF-8, as XML
// declares it) under variableNamingConvention="flat" (FMI 2.0's structured
// names allow only ASCII between quotes), an FMU that `smc check` accepts,
// and `smc simulate` recording the variable by that name.
#include "support/Command.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace {

using smc::test::runCommand;
using Outcome = smc::test::CommandOutcome;

std::string smc() { return SMC_EXECUTABLE; }

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

TEST(Utf8Names, QuotedNonAsciiNameReachesTheFmuAndItsResults) {
  const std::string model = smc::test::writeScratchFile("utf8", "Cooling.mo", R"(model Cooling
  Real 'température'(start = 1, fixed = true) "température de l'eau";
  output Real '∆T' = 1 - 'température';
equation
  der('température') = -'température';
end Cooling;
)");
  const std::string fmu = (smc::test::scratchDirectory("utf8") / "Cooling.fmu").string();
  Outcome compiled = runCommand(smc() + " " + model + " -o " + fmu);
  ASSERT_EQ(compiled.status, 0) << compiled.output;

  Outcome xml = runCommand("unzip -p " + fmu + " modelDescription.xml");
  EXPECT_TRUE(has(xml.output, "variableNamingConvention=\"flat\"")) << xml.output;
  EXPECT_TRUE(has(xml.output, "<ScalarVariable name=\"'température'\"")) << xml.output;
  EXPECT_TRUE(has(xml.output, "description=\"température de l'eau\"")) << xml.output;
  EXPECT_TRUE(has(xml.output, "<ScalarVariable name=\"der('température')\"")) << xml.output;
  EXPECT_TRUE(has(xml.output, "<ScalarVariable name=\"'∆T'\"")) << xml.output;

  Outcome checked = runCommand(smc() + " check " + fmu);
  EXPECT_EQ(checked.status, 0) << checked.output;

  const std::string csv = (smc::test::scratchDirectory("utf8") / "cooling.csv").string();
  Outcome simulated = runCommand(smc() + " simulate " + fmu +
                                 " --stop-time 1 --step 0.5 --output-variables \"'température','∆T'\" -o " + csv);
  ASSERT_EQ(simulated.status, 0) << simulated.output;
  std::ifstream in(csv);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header, "time,'température','∆T'");
}

}  // namespace
