// String parameters and constants (spec 4.9.4): smc evaluates every use of a
// String at translation, so each String variable is an FMI String with
// variability constant, its value the text the binding evaluates to
// (concatenation and comparisons included); fmi2GetString returns it and no
// fmi2SetString is allowed. A String that would change during simulation is
// a located "not supported yet".
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <pugixml.hpp>

namespace smc::codegen {
namespace {

using namespace testing;

constexpr const char* kStrings = R"(model Strings
  parameter String method = "Implicit";
  parameter String label = method + "Euler";
  parameter String unset;
  parameter String quoted = "say \"hi\"";
  constant String unit = "m/s";
  parameter Real gain = if label == "ImplicitEuler" then 2 else 3;
  parameter Integer order = if method < "J" then 1 else 2;
  output Real y = gain * order;
end Strings;
)";

class StringConstantsTest : public FmuFixture {
protected:
  std::optional<causal::CausalModel> compile(const char* source) {
    std::string messages;
    auto model = test::causalModelOf(source, &messages);
    EXPECT_TRUE(model) << messages;
    return model;
  }
};

TEST_F(StringConstantsTest, StringParametersAreConstantStringVariablesWithTheirEvaluatedText) {
  auto model = compile(kStrings);
  ASSERT_TRUE(model);
  const std::string fmu = build(*model);
  ASSERT_FALSE(fmu.empty()) << errors();
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(zipEntry(fmu, "modelDescription.xml").c_str()));
  const std::map<std::string, std::string> expected = {
      {"method", "Implicit"}, {"label", "ImplicitEuler"}, {"unset", ""},
      {"quoted", "say \"hi\""}, {"unit", "m/s"}};
  size_t seen = 0;
  for (pugi::xml_node sv : doc.child("fmiModelDescription").child("ModelVariables").children()) {
    pugi::xml_node text = sv.child("String");
    if (!text) continue;
    const std::string name = sv.attribute("name").value();
    ASSERT_TRUE(expected.count(name)) << name;
    EXPECT_STREQ(sv.attribute("variability").value(), "constant") << name;
    EXPECT_STREQ(sv.attribute("causality").value(), "local") << name;
    EXPECT_EQ(text.attribute("start").value(), expected.at(name)) << name;
    ++seen;
  }
  EXPECT_EQ(seen, expected.size());
}

TEST_F(StringConstantsTest, GetStringReturnsTheTextAndStringComparisonsDecideAtTranslation) {
  auto model = compile(kStrings);
  ASSERT_TRUE(model);
  auto run = startFmu(*model, "Strings");
  ASSERT_TRUE(run);
  EXPECT_EQ(run->string("label"), "ImplicitEuler");
  EXPECT_EQ(run->string("quoted"), "say \"hi\"");
  EXPECT_EQ(run->string("unset"), "");
  // label == "ImplicitEuler" holds; "Implicit" < "J" byte-wise.
  EXPECT_EQ(run->real("gain"), 2.0);
  EXPECT_EQ(run->integer("order"), 1);
  EXPECT_EQ(run->real("y"), 2.0);
}

TEST_F(StringConstantsTest, SettingAStringIsAnErrorThatNamesIt) {
  auto model = compile(kStrings);
  ASSERT_TRUE(model);
  auto run = startFmu(*model, "Strings");
  ASSERT_TRUE(run);
  EXPECT_EQ(run->setString("method", "Explicit"), fmi2Error);
  EXPECT_NE(run->log().find("cannot set String 'method'"), std::string::npos) << run->log();
}

TEST_F(StringConstantsTest, AStringThatChangesDuringSimulationIsNotSupportedYetAtItsDeclaration) {
  auto model = compile(R"(model Changing
  discrete String phase(start = "early");
equation
  when time > 1 then
    phase = "late";
  end when;
end Changing;
)");
  ASSERT_TRUE(model);
  EXPECT_EQ(dump(*model), "");
  EXPECT_NE(errors().find("not supported yet: String variable 'phase' that changes "
                          "during simulation"),
            std::string::npos)
      << errors();
}

}  // namespace
}  // namespace smc::codegen
