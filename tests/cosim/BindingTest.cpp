// Resolving a system against its FMUs: one test per inconsistency, each
// with its rule and the words a user needs to fix it. The FMUs are the
// ones compiled from tests/cosim/models.
#include "cosim/Binding.h"

#include "CosimSupport.h"
#include "ssp/SsdReader.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

namespace smc::cosim {
namespace {

std::string fmu(const std::string& model) { return test::testFile("fmus/" + model + ".fmu").string(); }

struct Bound {
  std::optional<CoupledSystem> system;
  std::vector<check::Problem> problems;

  // The message of the first problem with `rule`, or "" if none.
  std::string message(const std::string& rule) const {
    for (const check::Problem& p : problems)
      if (p.rule == rule) return p.message;
    return {};
  }
};

// Binds a system whose <ssd:System> holds `elements` and `connections`.
Bound bindText(const std::string& elements, const std::string& connections = "") {
  std::string text =
      "<ssd:SystemStructureDescription version='1.0' name='T' "
      "xmlns:ssd='http://ssp-standard.org/SSP1/SystemStructureDescription' "
      "xmlns:ssc='http://ssp-standard.org/SSP1/SystemStructureCommon' "
      "xmlns:ssv='http://ssp-standard.org/SSP1/SystemStructureParameterValues'>"
      "<ssd:System name='R'><ssd:Elements>" +
      elements + "</ssd:Elements><ssd:Connections>" + connections +
      "</ssd:Connections></ssd:System></ssd:SystemStructureDescription>";
  // The test FMUs are in the build tree, outside the folder of the SSD.
  ssp::SsdReadOptions options;
  options.confinement.allowOutside = true;
  ssp::SsdReadResult read = ssp::parseSsd(text, "t.ssd", "/", options);
  Bound bound;
  bound.problems = read.problems;
  EXPECT_TRUE(read.system) << "the test's description itself is broken";
  if (read.system) bound.system = bindSystem(*read.system, importer::LoadOptions{}, bound.problems);
  return bound;
}

std::string component(const std::string& name, const std::string& model,
                      const std::string& inside = "") {
  return "<ssd:Component name='" + name + "' source='" + fmu(model) + "'>" + inside +
         "</ssd:Component>";
}

std::string connection(const std::string& from, const std::string& out, const std::string& to,
                       const std::string& in) {
  return "<ssd:Connection startElement='" + from + "' startConnector='" + out + "' endElement='" +
         to + "' endConnector='" + in + "'/>";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Binding, ConsistentSystemBindsWithParametersAndLinks) {
  Bound bound = bindText(component("p", "Integrator",
                               "<ssd:ParameterBindings><ssd:ParameterBinding><ssd:ParameterValues>"
                               "<ssv:ParameterSet version='1.0' name='s'><ssv:Parameters>"
                               "<ssv:Parameter name='gain'><ssv:Real value='3'/></ssv:Parameter>"
                               "</ssv:Parameters></ssv:ParameterSet></ssd:ParameterValues>"
                               "</ssd:ParameterBinding></ssd:ParameterBindings>") +
                         component("g", "Gain"),
                     connection("p", "y", "g", "u"));
  ASSERT_TRUE(bound.system) << (bound.problems.empty() ? "" : bound.problems[0].message);
  ASSERT_EQ(bound.system->components.size(), 2u);
  ASSERT_EQ(bound.system->components[0].parameters.size(), 1u);
  EXPECT_EQ(std::get<double>(bound.system->components[0].parameters[0].value), 3.0);
  ASSERT_EQ(bound.system->links.size(), 1u);
  EXPECT_EQ(bound.system->portName(bound.system->links[0].from), "p.y");
  EXPECT_EQ(bound.system->portName(bound.system->links[0].to), "g.u");
}

TEST(Binding, UnknownComponentListsTheSystemsComponents) {
  Bound bound = bindText(component("plant", "Integrator"), connection("plnt", "y", "plant", "u"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("unknown-component"),
               "the connection's start names no component 'plnt'; the system has 'plant'");
}

TEST(Binding, UnknownConnectorSuggestsAName) {
  Bound bound = bindText(component("a", "Integrator") + component("b", "Gain"),
                     connection("a", "yy", "b", "u"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("unknown-connector"), "did you mean 'y'");
}

TEST(Binding, ConnectionFromAnInputIsBackwards) {
  Bound bound = bindText(component("a", "Integrator") + component("b", "Gain"),
                     connection("b", "u", "a", "u"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("connection-direction"),
               "a connection starts at an output, but 'b.u' has causality input");
}

TEST(Binding, ConnectionIntoAParameterIsRejected) {
  Bound bound = bindText(component("a", "Integrator") + component("b", "Gain"),
                     connection("a", "y", "b", "k"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("connection-direction"),
               "a connection ends at an input, but 'b.k' has causality parameter");
}

TEST(Binding, InputConnectedTwiceNamesTheFirstConnection) {
  Bound bound = bindText(component("a", "Integrator") + component("b", "Integrator") +
                         component("g", "Gain"),
                     connection("a", "y", "g", "u") + connection("b", "y", "g", "u"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("input-connected-twice"),
               "input 'g.u' is already connected at t.ssd:1:");
}

TEST(Binding, DeclaredConnectorKindMustMatchTheCausality) {
  Bound bound = bindText(component("a", "Integrator",
                               "<ssd:Connectors><ssd:Connector name='y' kind='input'/>"
                               "</ssd:Connectors>"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("connector-kind"),
               "connector 'a.y' is declared input but the FMU's variable has causality output");
}

TEST(Binding, DeclaredConnectorTypeMustMatchTheVariable) {
  Bound bound = bindText(component("c", "Counter",
                               "<ssd:Connectors><ssd:Connector name='n' kind='output'>"
                               "<ssc:Real/></ssd:Connector></ssd:Connectors>"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("connector-type"),
               "connector 'c.n' is declared Real but the FMU's variable is Integer");
}

TEST(Binding, ParameterOfTheWrongTypeIsRejected) {
  Bound bound = bindText(component("g", "Gain",
                               "<ssd:ParameterBindings><ssd:ParameterBinding><ssd:ParameterValues>"
                               "<ssv:ParameterSet version='1.0' name='s'><ssv:Parameters>"
                               "<ssv:Parameter name='k'><ssv:Boolean value='true'/></ssv:Parameter>"
                               "</ssv:Parameters></ssv:ParameterSet></ssd:ParameterValues>"
                               "</ssd:ParameterBinding></ssd:ParameterBindings>"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("parameter-value"),
               "parameter 'g.k' is given as Boolean but the FMU's variable is Real");
}

TEST(Binding, ParameterThatIsNotSettableIsRejected) {
  Bound bound = bindText(component("g", "Gain",
                               "<ssd:ParameterBindings><ssd:ParameterBinding><ssd:ParameterValues>"
                               "<ssv:ParameterSet version='1.0' name='s'><ssv:Parameters>"
                               "<ssv:Parameter name='y'><ssv:Real value='1'/></ssv:Parameter>"
                               "</ssv:Parameters></ssv:ParameterSet></ssd:ParameterValues>"
                               "</ssd:ParameterBinding></ssd:ParameterBindings>"));
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("parameter-value"), "cannot set 'y'");
}

TEST(Binding, ConnectionToASystemConnectorIsNotSupportedYet) {
  Bound bound = bindText(component("a", "Integrator"),
                     "<ssd:Connection startConnector='in' endElement='a' endConnector='u'/>");
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("unknown-component"), "not supported yet");
}

TEST(Binding, InvalidFmuIsReportedWithTheCheckRules) {
  importer::test::Scratch scratch;
  std::filesystem::path broken = scratch.path() / "broken.fmu";
  importer::test::writeZip(broken, {{"modelDescription.xml", "<fmiModelDescription/>"}});
  Bound bound = bindText("<ssd:Component name='b' source='" + broken.string() + "'/>");
  EXPECT_FALSE(bound.system);
  EXPECT_PRED2(contains, bound.message("component-fmu"),
               "component 'b': the FMU '" + broken.string() + "' is not a valid FMI 2.0");
  EXPECT_GT(bound.problems.size(), 1u);  // the check's own findings come first
}

}  // namespace
}  // namespace smc::cosim
