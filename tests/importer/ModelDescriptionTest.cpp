// modelDescription.xml parsing: the Decay description read field by field,
// then one malformed document per error the parser must explain.
#include "importer/ModelDescription.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

using namespace smc::importer;
using smc::importer::test::readFile;
using smc::importer::test::replaced;

namespace {

std::string decayXml() { return readFile(DECAY_MODEL_DESCRIPTION); }

// Parses `xml`, expecting failure, and returns the message.
std::string errorOf(const std::string& xml) {
  Result<ModelDescription> md = parseModelDescription(xml);
  EXPECT_FALSE(md) << "parsing was expected to fail";
  return md ? std::string() : md.error().message;
}

const char* kMinimal = R"(<?xml version="1.0"?>
<fmiModelDescription fmiVersion="2.0" modelName="M" guid="{1}">
  <CoSimulation modelIdentifier="M"/>
  <ModelVariables>
    VARIABLES
  </ModelVariables>
</fmiModelDescription>
)";

std::string minimalWith(const std::string& variables) {
  return replaced(kMinimal, "VARIABLES", variables);
}

}  // namespace

TEST(ModelDescription, ReadsHeaderCoSimulationAndDefaultExperiment) {
  Result<ModelDescription> md = parseModelDescription(decayXml());
  ASSERT_TRUE(md) << md.error().message;
  EXPECT_EQ(md->fmiVersion, "2.0");
  EXPECT_EQ(md->modelName, "Decay");
  EXPECT_EQ(md->guid, "{8c4e810f-3df3-4a00-8276-176fa3c9f000}");
  EXPECT_EQ(md->modelIdentifier, "Decay");
  EXPECT_TRUE(md->canHandleVariableCommunicationStepSize);
  EXPECT_EQ(md->defaultExperiment.startTime, 0.0);
  EXPECT_EQ(md->defaultExperiment.stopTime, 2.0);
  EXPECT_EQ(md->defaultExperiment.stepSize, 0.1);
  EXPECT_FALSE(md->defaultExperiment.tolerance.has_value());
}

TEST(ModelDescription, ReadsVariablesWithSpecDefaultsApplied) {
  Result<ModelDescription> md = parseModelDescription(decayXml());
  ASSERT_TRUE(md) << md.error().message;
  ASSERT_EQ(md->variables.size(), 13u);

  const ScalarVariable* x = md->find("x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->valueReference, 0u);
  EXPECT_EQ(x->causality, Causality::Output);
  EXPECT_EQ(x->variability, Variability::Continuous);  // default
  EXPECT_EQ(x->initial, Initial::Calculated);          // default for a continuous output
  EXPECT_EQ(x->description, "the decaying quantity");
  EXPECT_FALSE(x->start.has_value());

  const ScalarVariable* derivative = md->find("der(x)");
  ASSERT_NE(derivative, nullptr);
  EXPECT_EQ(derivative->causality, Causality::Local);  // default
  EXPECT_EQ(derivative->derivativeOf, 0u);             // derivative="1" is 1-based

  const ScalarVariable* k = md->find("k");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->causality, Causality::Parameter);
  EXPECT_EQ(k->variability, Variability::Fixed);
  EXPECT_EQ(k->initial, Initial::Exact);  // default for a parameter
  EXPECT_EQ(k->start, "0.5");

  EXPECT_EQ(md->find("halfLife")->initial, Initial::Calculated);
  EXPECT_EQ(md->find("failureMode")->type, VariableType::Enumeration);
  EXPECT_EQ(md->find("halved")->type, VariableType::Boolean);
  EXPECT_EQ(md->find("frozen")->start, "false");
  EXPECT_EQ(md->find("label")->type, VariableType::String);
  EXPECT_EQ(md->find("time")->causality, Causality::Independent);
  EXPECT_EQ(md->find("time")->initial, Initial::None);
  EXPECT_EQ(md->find("nothing"), nullptr);
}

TEST(ModelDescription, ReadsOutputsAsZeroBasedIndices) {
  Result<ModelDescription> md = parseModelDescription(decayXml());
  ASSERT_TRUE(md) << md.error().message;
  // <Unknown index="1|8|9|12"/>: x, steps, halved, labelLength.
  EXPECT_EQ(md->outputs, (std::vector<std::size_t>{0, 7, 8, 11}));
  EXPECT_EQ(md->variables[7].name, "steps");
}

TEST(ModelDescription, RejectsOtherFmiVersions) {
  std::string message = errorOf(replaced(decayXml(), "fmiVersion=\"2.0\"", "fmiVersion=\"3.0\""));
  EXPECT_NE(message.find("fmiVersion is '3.0'"), std::string::npos) << message;
  EXPECT_NE(message.find("FMI 2.0"), std::string::npos) << message;
}

TEST(ModelDescription, RejectsModelExchangeOnlyFmu) {
  std::string xml = replaced(decayXml(), "<CoSimulation", "<ModelExchange");
  std::string message = errorOf(xml);
  EXPECT_NE(message.find("does not support Co-Simulation"), std::string::npos) << message;
  EXPECT_NE(message.find("Model Exchange FMU"), std::string::npos) << message;
}

TEST(ModelDescription, MissingModelIdentifierIsNamed) {
  std::string message = errorOf(replaced(decayXml(), "modelIdentifier=\"Decay\"", ""));
  EXPECT_NE(message.find("<CoSimulation> has no modelIdentifier attribute"), std::string::npos)
      << message;
}

TEST(ModelDescription, MissingGuidIsNamed) {
  std::string message =
      errorOf(replaced(decayXml(), "guid=\"{8c4e810f-3df3-4a00-8276-176fa3c9f000}\"", ""));
  EXPECT_NE(message.find("has no guid attribute"), std::string::npos) << message;
}

TEST(ModelDescription, MalformedXmlReportsTheLine) {
  std::string message = errorOf("<?xml version=\"1.0\"?>\n<fmiModelDescription\n  <oops");
  EXPECT_EQ(message.rfind("modelDescription.xml:3: malformed XML", 0), 0u) << message;
}

TEST(ModelDescription, WrongRootElementIsNamed) {
  std::string message = errorOf("<model/>");
  EXPECT_NE(message.find("root element is <model>"), std::string::npos) << message;
}

TEST(ModelDescription, BadDefaultExperimentNumberIsNamed) {
  std::string message =
      errorOf(replaced(decayXml(), "stopTime=\"2\"", "stopTime=\"two\""));
  EXPECT_NE(message.find("stopTime='two' is not a number"), std::string::npos) << message;
}

TEST(ModelDescription, MissingValueReferenceIsNamedWithItsLine) {
  // Line 5 of kMinimal holds the variable.
  std::string message = errorOf(minimalWith(R"(<ScalarVariable name="v"><Real/></ScalarVariable>)"));
  EXPECT_EQ(message, "modelDescription.xml:5: variable 'v' has no valueReference");
}

TEST(ModelDescription, NegativeValueReferenceIsRejected) {
  std::string message = errorOf(
      minimalWith(R"(<ScalarVariable name="v" valueReference="-1"><Real/></ScalarVariable>)"));
  EXPECT_NE(message.find("valueReference '-1' is not an unsigned integer"), std::string::npos)
      << message;
}

TEST(ModelDescription, NamelessVariableIsCountedFromOne) {
  std::string message =
      errorOf(minimalWith(R"(<ScalarVariable valueReference="0"><Real/></ScalarVariable>)"));
  EXPECT_NE(message.find("ScalarVariable #1 has no name"), std::string::npos) << message;
}

TEST(ModelDescription, StartValueMustMatchTheType) {
  std::string real = errorOf(minimalWith(
      R"(<ScalarVariable name="v" valueReference="0"><Real start="1.2.3"/></ScalarVariable>)"));
  EXPECT_NE(real.find("start value '1.2.3' is not a valid Real"), std::string::npos) << real;
  std::string integer = errorOf(minimalWith(
      R"(<ScalarVariable name="n" valueReference="0"><Integer start="1.5"/></ScalarVariable>)"));
  EXPECT_NE(integer.find("not a valid Integer"), std::string::npos) << integer;
  std::string boolean = errorOf(minimalWith(
      R"(<ScalarVariable name="b" valueReference="0"><Boolean start="yes"/></ScalarVariable>)"));
  EXPECT_NE(boolean.find("not a valid Boolean"), std::string::npos) << boolean;
}

TEST(ModelDescription, UnknownCausalityIsNamed) {
  std::string message = errorOf(minimalWith(
      R"(<ScalarVariable name="v" valueReference="0" causality="outptu"><Real/></ScalarVariable>)"));
  EXPECT_NE(message.find("unknown causality 'outptu'"), std::string::npos) << message;
}

TEST(ModelDescription, VariableWithoutTypeElementIsRejected) {
  std::string message =
      errorOf(minimalWith(R"(<ScalarVariable name="v" valueReference="0"/>)"));
  EXPECT_NE(message.find("variable 'v' has no type element"), std::string::npos) << message;
}

TEST(ModelDescription, DuplicateNamesPointAtBothLines) {
  std::string message = errorOf(minimalWith(
      "<ScalarVariable name=\"v\" valueReference=\"0\"><Real/></ScalarVariable>\n"
      "    <ScalarVariable name=\"v\" valueReference=\"1\"><Real/></ScalarVariable>"));
  EXPECT_EQ(message,
            "modelDescription.xml:6: duplicate variable name 'v' (first declared on line 5)");
}

TEST(ModelDescription, DerivativeIndexOutOfRangeIsRejected) {
  std::string message = errorOf(minimalWith(
      R"(<ScalarVariable name="v" valueReference="0"><Real derivative="2"/></ScalarVariable>)"));
  EXPECT_NE(message.find("derivative index 2 is out of range"), std::string::npos) << message;
}

TEST(ModelDescription, DerivativeOfANonRealVariableIsRejected) {
  std::string message = errorOf(minimalWith(
      "<ScalarVariable name=\"n\" valueReference=\"0\"><Integer/></ScalarVariable>\n"
      "    <ScalarVariable name=\"v\" valueReference=\"0\"><Real derivative=\"1\"/>"
      "</ScalarVariable>"));
  EXPECT_NE(message.find("derivative index 1 names 'n', which is not a Real variable"),
            std::string::npos)
      << message;
}

TEST(ModelDescription, OutputIndexOutOfRangeIsRejected) {
  std::string xml = replaced(decayXml(), "<Unknown index=\"12\"", "<Unknown index=\"14\"");
  std::string message = errorOf(xml);
  EXPECT_NE(message.find("<Unknown index='14'> in <Outputs> does not name a variable"),
            std::string::npos)
      << message;
}

TEST(ModelDescription, LoadingAMissingFileIsAnError) {
  Result<ModelDescription> md = loadModelDescription("/nonexistent/modelDescription.xml");
  ASSERT_FALSE(md);
  EXPECT_NE(md.error().message.find("cannot read"), std::string::npos);
}
