// modelDescription.xml: the FMI 2.0 rules (checked by the independent
// FmiRules checker, itself tested on broken descriptions below), the indices
// ModelStructure refers to, the header, and number formatting.
#include "FmiRules.h"
#include "TestModels.h"
#include "codegen/Layout.h"
#include "codegen/LogCategories.h"
#include "codegen/ModelDescription.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <fstream>
#include <iterator>

namespace smc::codegen {
namespace {

using namespace testing;

const char* kGuid = "{01234567-89ab-cdef-0123-456789abcdef}";

class ModelDescriptionTest : public ::testing::Test {
protected:
  ModelDescriptionTest() : diags(sources) { diags.setOutput(nullptr); }

  std::string describe(const causal::CausalModel& model) {
    std::optional<Layout> layout = buildLayout(model, diags);
    if (!layout) return {};
    return modelDescriptionXml(model, *layout, "Id", kGuid);
  }

  static std::vector<unsigned> unknowns(const pugi::xml_document& doc, const char* list) {
    std::vector<unsigned> out;
    for (pugi::xml_node u :
         doc.child("fmiModelDescription").child("ModelStructure").child(list).children("Unknown"))
      out.push_back(u.attribute("index").as_uint());
    return out;
  }

  static pugi::xml_node variable(const pugi::xml_document& doc, const std::string& name) {
    return doc.child("fmiModelDescription")
        .child("ModelVariables")
        .find_child_by_attribute("ScalarVariable", "name", name.c_str());
  }

  SourceManager sources;
  DiagnosticEngine diags;
};

TEST_F(ModelDescriptionTest, TestModelsSatisfyFmiRules) {
  for (const causal::CausalModel& model : {dahlquist(), algebraicLoop(), parameterChain()}) {
    const std::string xml = describe(model);
    ASSERT_FALSE(xml.empty()) << model.flat.name;
    std::vector<std::string> violations = fmiRuleViolations(xml);
    EXPECT_TRUE(violations.empty()) << model.flat.name << ": " << violations.front() << "\n" << xml;
  }
}

TEST_F(ModelDescriptionTest, DahlquistStructureIndices) {
  // ScalarVariables: 1 k, 2 x, 3 der(x), 4 y.
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(describe(dahlquist()).c_str()));
  EXPECT_EQ(variable(doc, "der(x)").child("Real").attribute("derivative").as_uint(), 2u);
  EXPECT_EQ(unknowns(doc, "Outputs"), std::vector<unsigned>{4});
  EXPECT_EQ(unknowns(doc, "Derivatives"), std::vector<unsigned>{3});
  EXPECT_EQ(unknowns(doc, "InitialUnknowns"), (std::vector<unsigned>{3, 4}));
  EXPECT_STREQ(variable(doc, "k").child("Real").attribute("start").value(), "1.5");
  EXPECT_STREQ(variable(doc, "x").attribute("description").value(), "the state");
  EXPECT_FALSE(variable(doc, "y").child("Real").attribute("start"));
}

TEST_F(ModelDescriptionTest, CalculatedParameterAndCalculatedStateAreInitialUnknowns) {
  // ScalarVariables: 1 p, 2 q, 3 x (start = p), 4 der(x), 5 y.
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(describe(parameterChain()).c_str()));
  EXPECT_STREQ(variable(doc, "q").attribute("causality").value(), "calculatedParameter");
  EXPECT_STREQ(variable(doc, "x").attribute("initial").value(), "calculated");
  EXPECT_EQ(unknowns(doc, "InitialUnknowns"), (std::vector<unsigned>{2, 3, 4, 5}));
}

TEST_F(ModelDescriptionTest, HeaderIsReproducibleAndNamesTheModel) {
  causal::CausalModel model = dahlquist();
  model.flat.description = "Dahlquist's test equation";
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(describe(model).c_str()));
  pugi::xml_node root = doc.child("fmiModelDescription");
  EXPECT_STREQ(root.attribute("fmiVersion").value(), "2.0");
  EXPECT_STREQ(root.attribute("modelName").value(), "Dahlquist");
  EXPECT_STREQ(root.attribute("guid").value(), kGuid);
  EXPECT_STREQ(root.attribute("description").value(), "Dahlquist's test equation");
  EXPECT_EQ(std::string(root.attribute("generationTool").value()).rfind("smc ", 0), 0u);
  EXPECT_STREQ(root.attribute("variableNamingConvention").value(), "structured");
  EXPECT_STREQ(root.attribute("numberOfEventIndicators").value(), "0");
  EXPECT_FALSE(root.attribute("generationDateAndTime"));
  pugi::xml_node cs = root.child("CoSimulation");
  EXPECT_STREQ(cs.attribute("modelIdentifier").value(), "Id");
  EXPECT_STREQ(cs.attribute("canHandleVariableCommunicationStepSize").value(), "true");
  EXPECT_STREQ(cs.attribute("canGetAndSetFMUstate").value(), "true");
  EXPECT_STREQ(cs.attribute("canSerializeFMUstate").value(), "true");
  pugi::xml_node experiment = root.child("DefaultExperiment");
  EXPECT_STREQ(experiment.attribute("stopTime").value(), "1");
  EXPECT_STREQ(experiment.attribute("tolerance").value(), "1e-10");
  EXPECT_FALSE(experiment.attribute("startTime"));
  EXPECT_EQ(describe(model), describe(model));
}

TEST_F(ModelDescriptionTest, UsedUnitsAreDefined) {
  causal::CausalModel model = dahlquist();
  model.flat.variables[1].attributes.unit = "m";      // x
  model.flat.variables[0].attributes.unit = "1/s";    // k
  model.flat.variables[2].attributes.unit = "m";      // y
  const std::string xml = describe(model);
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(xml.c_str()));
  std::vector<std::string> units;
  pugi::xml_node definitions = doc.child("fmiModelDescription").child("UnitDefinitions");
  for (pugi::xml_node u : definitions.children("Unit"))
    units.push_back(u.attribute("name").value());
  EXPECT_EQ(units, (std::vector<std::string>{"1/s", "m"}));
  EXPECT_TRUE(fmiRuleViolations(xml).empty());
}

TEST_F(ModelDescriptionTest, LogCategoriesAreTheRuntimes) {
  // The runtime rejects unknown names in fmi2SetDebugLogging, so every
  // declared category must be one it knows.
  std::ifstream in(std::string(SMC_SOURCE_DIR) + "/runtime/src/logging.c");
  const std::string runtime{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_FALSE(runtime.empty());
  for (const LogCategory& category : kLogCategories)
    EXPECT_NE(runtime.find('"' + std::string(category.name) + '"'), std::string::npos)
        << category.name;
}

TEST_F(ModelDescriptionTest, NumbersRoundTripInShortestForm) {
  EXPECT_EQ(formatXmlDouble(1.5), "1.5");
  EXPECT_EQ(formatXmlDouble(2.0), "2");
  EXPECT_EQ(formatXmlDouble(0.1), "0.1");
  EXPECT_EQ(formatXmlDouble(-1e-10), "-1e-10");
  EXPECT_EQ(std::stod(formatXmlDouble(1.0 / 3.0)), 1.0 / 3.0);
  EXPECT_EQ(formatXmlDouble(1.0 / 0.0), "INF");
  EXPECT_EQ(formatXmlDouble(-1.0 / 0.0), "-INF");
  EXPECT_EQ(formatXmlDouble(std::nan("")), "NaN");
}

// The checker must catch what it claims to catch, or the tests above prove
// nothing.
TEST(FmiRulesTest, CatchesIllegalCombinationsAndStartRules) {
  auto wrap = [](const std::string& variables, const std::string& structure) {
    return R"xml(<fmiModelDescription fmiVersion="2.0" modelName="M" guid="{g}">)xml"
           R"xml(<CoSimulation modelIdentifier="M"/><ModelVariables>)xml" +
           variables + "</ModelVariables><ModelStructure>" + structure +
           "</ModelStructure></fmiModelDescription>";
  };
  const std::string valid = wrap(
      R"xml(<ScalarVariable name="p" valueReference="0" causality="parameter" variability="fixed" initial="exact"><Real start="1"/></ScalarVariable>)xml",
      "");
  EXPECT_TRUE(fmiRuleViolations(valid).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(
      R"xml(<ScalarVariable name="p" valueReference="0" causality="parameter" variability="fixed" initial="calculated"><Real/></ScalarVariable>)xml",
      "")).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(
      R"xml(<ScalarVariable name="p" valueReference="0" causality="parameter" variability="continuous"><Real start="1"/></ScalarVariable>)xml",
      "")).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(
      R"xml(<ScalarVariable name="p" valueReference="0" causality="parameter" variability="fixed"><Real/></ScalarVariable>)xml",
      "")).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(
      R"xml(<ScalarVariable name="y" valueReference="0" causality="output"><Real start="1"/></ScalarVariable>)xml",
      R"xml(<Outputs><Unknown index="1"/></Outputs><InitialUnknowns><Unknown index="1"/></InitialUnknowns>)xml"))
                   .empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(
      R"xml(<ScalarVariable name="n" valueReference="0" causality="local" variability="continuous"><Integer/></ScalarVariable>)xml",
      "")).empty());
}

TEST(FmiRulesTest, CatchesWrongModelStructure) {
  auto wrap = [](const std::string& structure) {
    return R"xml(<fmiModelDescription fmiVersion="2.0" modelName="M" guid="{g}">)xml"
           R"xml(<CoSimulation modelIdentifier="M"/><ModelVariables>)xml"
           R"xml(<ScalarVariable name="x" valueReference="0" initial="exact"><Real start="1"/></ScalarVariable>)xml"
           R"xml(<ScalarVariable name="der(x)" valueReference="1"><Real derivative="1"/></ScalarVariable>)xml"
           R"xml(<ScalarVariable name="y" valueReference="2" causality="output"><Real/></ScalarVariable>)xml"
           "</ModelVariables><ModelStructure>" +
           structure + "</ModelStructure></fmiModelDescription>";
  };
  const std::string outputs = R"xml(<Outputs><Unknown index="3"/></Outputs>)xml";
  const std::string derivatives = R"xml(<Derivatives><Unknown index="2"/></Derivatives>)xml";
  const std::string initial = R"xml(<InitialUnknowns><Unknown index="2"/><Unknown index="3"/></InitialUnknowns>)xml";
  EXPECT_TRUE(fmiRuleViolations(wrap(outputs + derivatives + initial)).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(derivatives + initial)).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(outputs + initial)).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(outputs + derivatives)).empty());
  EXPECT_FALSE(fmiRuleViolations(wrap(
      outputs + R"xml(<Derivatives><Unknown index="3"/></Derivatives>)xml" + initial)).empty());
}

}  // namespace
}  // namespace smc::codegen
