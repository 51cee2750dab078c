// The SSD reader: what it keeps from a description, and a located error
// (line:column counted by hand) for each way a description can be wrong.
#include "ssp/SsdReader.h"
#include "ssp/SspArchive.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <fstream>

namespace smc::ssp {
namespace {

const char* kHeader =
    "<ssd:SystemStructureDescription version=\"1.0\" name=\"S\"\n"
    "    xmlns:ssd=\"http://ssp-standard.org/SSP1/SystemStructureDescription\"\n"
    "    xmlns:ssc=\"http://ssp-standard.org/SSP1/SystemStructureCommon\"\n"
    "    xmlns:ssv=\"http://ssp-standard.org/SSP1/SystemStructureParameterValues\">\n";

SsdReadResult parse(const std::string& body, const std::filesystem::path& base = "/base") {
  return parseSsd(std::string(kHeader) + body + "</ssd:SystemStructureDescription>\n", "s.ssd",
                  base);
}

// The first problem as "line:column rule".
std::string firstProblem(const SsdReadResult& read) {
  if (read.problems.empty()) return "no problem";
  const check::Problem& p = read.problems.front();
  return std::to_string(p.line) + ":" + std::to_string(p.column) + " " + p.rule;
}

TEST(SsdReader, ReadsComponentsConnectorsParametersAndConnections) {
  SsdReadResult read = parse(
      "<ssd:System name=\"Root\"><ssd:Elements>\n"
      "<ssd:Component name=\"p\" source=\"fmus/p.fmu\"><ssd:Connectors>\n"
      "<ssd:Connector name=\"u\" kind=\"input\"><ssc:Real unit=\"m\"/></ssd:Connector>\n"
      "<ssd:Connector name=\"n\" kind=\"output\"/>\n"
      "</ssd:Connectors><ssd:ParameterBindings><ssd:ParameterBinding prefix=\"sub.\">\n"
      "<ssd:ParameterValues><ssv:ParameterSet version=\"1.0\" name=\"x\"><ssv:Parameters>\n"
      "<ssv:Parameter name=\"k\"><ssv:Integer value=\"3\"/></ssv:Parameter>\n"
      "</ssv:Parameters></ssv:ParameterSet></ssd:ParameterValues>\n"
      "</ssd:ParameterBinding></ssd:ParameterBindings></ssd:Component>\n"
      "<ssd:Component name=\"q\" source=\"q.fmu\"/>\n"
      "</ssd:Elements><ssd:Connections>\n"
      "<ssd:Connection startElement=\"q\" startConnector=\"y\" endElement=\"p\" endConnector=\"u\">"
      "<ssc:LinearTransformation factor=\"2.5\" offset=\"-1\"/></ssd:Connection>\n"
      "</ssd:Connections></ssd:System>\n"
      "<ssd:DefaultExperiment startTime=\"1\" stopTime=\"3.5\"/>\n");
  ASSERT_TRUE(read.system) << firstProblem(read);
  const SystemDescription& system = *read.system;
  EXPECT_EQ(system.name, "S");
  EXPECT_EQ(system.systemName, "Root");
  ASSERT_EQ(system.components.size(), 2u);
  const Component& p = system.components[0];
  EXPECT_EQ(p.source, "fmus/p.fmu");
  EXPECT_EQ(p.resolvedSource, std::filesystem::path("/base/fmus/p.fmu"));
  ASSERT_EQ(p.connectors.size(), 2u);
  EXPECT_EQ(p.connectors[0].kind, ConnectorKind::Input);
  EXPECT_EQ(p.connectors[0].type, ValueType::Real);
  EXPECT_EQ(p.connectors[1].kind, ConnectorKind::Output);
  EXPECT_FALSE(p.connectors[1].type);
  ASSERT_EQ(p.parameters.size(), 1u);
  EXPECT_EQ(p.parameters[0].name, "sub.k");  // the binding's prefix comes first
  EXPECT_EQ(p.parameters[0].type, ValueType::Integer);
  EXPECT_EQ(p.parameters[0].value, "3");
  EXPECT_EQ(p.parameters[0].where.line, 11u);
  ASSERT_EQ(system.connections.size(), 1u);
  const Connection& c = system.connections[0];
  EXPECT_EQ(c.start.element, "q");
  EXPECT_EQ(c.end.connector, "u");
  EXPECT_TRUE(c.transformed);
  EXPECT_EQ(c.factor, 2.5);
  EXPECT_EQ(c.offset, -1.0);
  EXPECT_EQ(system.experiment.startTime, 1.0);
  EXPECT_EQ(system.experiment.stopTime, 3.5);
}

TEST(SsdReader, AcceptsElementsWithoutNamespacePrefixes) {
  SsdReadResult read = parseSsd(
      "<SystemStructureDescription version='1.0' name='S'><System name='R'><Elements>"
      "<Component name='a' source='a.fmu'/></Elements></System></SystemStructureDescription>",
      "s.ssd", "/base");
  ASSERT_TRUE(read.system) << firstProblem(read);
  EXPECT_EQ(read.system->components.size(), 1u);
}

TEST(SsdReader, MalformedXmlIsLocated) {
  SsdReadResult read = parseSsd("<a>\n  <b></a>", "s.ssd", "/base");
  EXPECT_FALSE(read.system);
  ASSERT_FALSE(read.problems.empty());
  EXPECT_EQ(read.problems.front().line, 2u);  // the mismatched end tag
  EXPECT_EQ(read.problems.front().rule, "ssd-well-formed");
}

TEST(SsdReader, WrongRootElement) {
  SsdReadResult read = parseSsd("<fmiModelDescription/>", "s.ssd", "/base");
  EXPECT_EQ(firstProblem(read), "1:1 ssd-structure");
}

TEST(SsdReader, DescriptionWithoutSystem) {
  SsdReadResult read = parse("");
  EXPECT_EQ(firstProblem(read), "1:1 ssd-structure");
}

TEST(SsdReader, DuplicateComponentName) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements>\n"
      "<ssd:Component name=\"a\" source=\"a.fmu\"/>\n"
      "  <ssd:Component name=\"a\" source=\"b.fmu\"/>\n"
      "</ssd:Elements></ssd:System>\n");
  EXPECT_EQ(firstProblem(read), "7:18 ssd-duplicate-name");
}

TEST(SsdReader, UnknownConnectorKindPointsAtTheAttribute) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements><ssd:Component name=\"a\" source=\"a.fmu\">\n"
      "<ssd:Connectors><ssd:Connector name=\"u\" kind=\"sideways\"/></ssd:Connectors>\n"
      "</ssd:Component></ssd:Elements></ssd:System>\n");
  EXPECT_EQ(firstProblem(read), "6:41 ssd-value");
}

TEST(SsdReader, NestedSystemIsNotSupportedYet) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements>\n"
      "<ssd:System name=\"inner\"/>\n"
      "</ssd:Elements></ssd:System>\n");
  EXPECT_EQ(firstProblem(read), "6:1 ssd-unsupported");
}

TEST(SsdReader, NonNumericExperimentTime) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"/>\n"
      "<ssd:DefaultExperiment stopTime=\"soon\"/>\n");
  EXPECT_EQ(firstProblem(read), "6:24 ssd-value");
}

TEST(SsdReader, ComponentWithoutSource) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements>\n"
      "<ssd:Component name=\"a\"/>\n"
      "</ssd:Elements></ssd:System>\n");
  EXPECT_EQ(firstProblem(read), "6:1 ssd-structure");
}

TEST(SsdReader, ReadsParameterValuesFromAnSsvFile) {
  importer::test::Scratch scratch;
  std::ofstream(scratch.path() / "p.ssv")
      << "<ssv:ParameterSet version='1.0' name='p' "
         "xmlns:ssv='http://ssp-standard.org/SSP1/SystemStructureParameterValues'>\n"
         "<ssv:Parameters><ssv:Parameter name='on'><ssv:Boolean value='true'/></ssv:Parameter>"
         "</ssv:Parameters></ssv:ParameterSet>\n";
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements><ssd:Component name=\"a\" source=\"a.fmu\">\n"
      "<ssd:ParameterBindings><ssd:ParameterBinding source=\"p.ssv\"/></ssd:ParameterBindings>\n"
      "</ssd:Component></ssd:Elements></ssd:System>\n",
      scratch.path());
  ASSERT_TRUE(read.system) << firstProblem(read);
  ASSERT_EQ(read.system->components[0].parameters.size(), 1u);
  EXPECT_EQ(read.system->components[0].parameters[0].type, ValueType::Boolean);
  EXPECT_EQ(read.system->components[0].parameters[0].value, "true");
  EXPECT_EQ(read.system->components[0].parameters[0].where.file,
            (scratch.path() / "p.ssv").string());
}

TEST(SsdReader, MissingSsvFileIsLocatedAtTheBindingSource) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements><ssd:Component name=\"a\" source=\"a.fmu\">\n"
      "<ssd:ParameterBindings><ssd:ParameterBinding source=\"gone.ssv\"/></ssd:ParameterBindings>\n"
      "</ssd:Component></ssd:Elements></ssd:System>\n");
  EXPECT_EQ(firstProblem(read), "6:46 ssd-missing-file");
}

TEST(SsdReader, ParameterMappingIsNotSupportedYet) {
  SsdReadResult read = parse(
      "<ssd:System name=\"R\"><ssd:Elements><ssd:Component name=\"a\" source=\"a.fmu\">\n"
      "<ssd:ParameterBindings><ssd:ParameterBinding source=\"x.ssv\">\n"
      "<ssd:ParameterMapping source=\"m.ssm\"/></ssd:ParameterBinding></ssd:ParameterBindings>\n"
      "</ssd:Component></ssd:Elements></ssd:System>\n");
  EXPECT_EQ(firstProblem(read), "7:1 ssd-unsupported");
}

TEST(SspArchive, ComponentSourcesResolveInsideTheUnpackedArchive) {
  importer::test::Scratch scratch;
  std::filesystem::path ssp = scratch.path() / "system.ssp";
  importer::test::writeZip(
      ssp, {{"SystemStructure.ssd",
             "<SystemStructureDescription version='1.0' name='S'><System name='R'><Elements>"
             "<Component name='a' source='resources/a.fmu'/></Elements></System>"
             "</SystemStructureDescription>"},
            {"resources/a.fmu", "not really an FMU"}});
  importer::Result<SspArchive> archive = openSsp(ssp);
  ASSERT_TRUE(archive) << archive.error().message;
  ASSERT_TRUE(archive->description.system);
  std::filesystem::path source = archive->description.system->components[0].resolvedSource;
  EXPECT_TRUE(std::filesystem::exists(source)) << source;
  EXPECT_EQ(source.filename(), "a.fmu");
}

TEST(SspArchive, ArchiveWithoutSystemStructureIsRejected) {
  importer::test::Scratch scratch;
  std::filesystem::path ssp = scratch.path() / "empty.ssp";
  importer::test::writeZip(ssp, {{"resources/a.fmu", "x"}});
  importer::Result<SspArchive> archive = openSsp(ssp);
  ASSERT_FALSE(archive);
  EXPECT_NE(archive.error().message.find("SystemStructure.ssd missing"), std::string::npos);
}

TEST(SspArchive, EntryClimbingOutOfTheArchiveIsRefused) {
  importer::test::Scratch scratch;
  std::filesystem::path ssp = scratch.path() / "evil.ssp";
  importer::test::writeZip(ssp, {{"../escape.txt", "x"}, {"SystemStructure.ssd", "<a/>"}});
  importer::Result<SspArchive> archive = openSsp(ssp);
  ASSERT_FALSE(archive);
  EXPECT_NE(archive.error().message.find("'..'"), std::string::npos) << archive.error().message;
}

}  // namespace
}  // namespace smc::ssp
