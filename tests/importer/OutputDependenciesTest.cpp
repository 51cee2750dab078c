// ModelStructure/Outputs `dependencies` (FMI 2.0 section 2.2.8) as the
// importer reads them: 1-based indices in the file, 0-based in
// ModelDescription::outputDependencies, nullopt when the attribute is
// absent ("depends on every known"), and a located error for a list that
// names no variable. The description is written by hand for these tests.
#include "importer/ModelDescription.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

using namespace smc::importer;
using smc::importer::test::replaced;

namespace {

// 1 u (input), 2 x (state, output), 3 der(x), 4 y, 5 z, 6 c: outputs.
const char* kDescription = R"xml(<?xml version="1.0"?>
<fmiModelDescription fmiVersion="2.0" modelName="M" guid="{1}">
  <CoSimulation modelIdentifier="M"/>
  <ModelVariables>
    <ScalarVariable name="u" valueReference="0" causality="input"><Real start="0"/></ScalarVariable>
    <ScalarVariable name="x" valueReference="1" causality="output"><Real/></ScalarVariable>
    <ScalarVariable name="der(x)" valueReference="2"><Real derivative="2"/></ScalarVariable>
    <ScalarVariable name="y" valueReference="3" causality="output"><Real/></ScalarVariable>
    <ScalarVariable name="z" valueReference="4" causality="output"><Real/></ScalarVariable>
    <ScalarVariable name="c" valueReference="5" causality="output"><Real/></ScalarVariable>
  </ModelVariables>
  <ModelStructure>
    <Outputs>
      <Unknown index="2" dependencies="2"/>
      <Unknown index="4" dependencies=" 1	2 "/>
      <Unknown index="5"/>
      <Unknown index="6" dependencies=""/>
    </Outputs>
  </ModelStructure>
</fmiModelDescription>
)xml";

std::string errorOf(const std::string& xml) {
  Result<ModelDescription> md = parseModelDescription(xml);
  EXPECT_FALSE(md) << "parsing was expected to fail";
  return md ? std::string() : md.error().message;
}

bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

}  // namespace

TEST(OutputDependencies, ListsAreReadAsZeroBasedIndicesParallelToOutputs) {
  Result<ModelDescription> md = parseModelDescription(kDescription);
  ASSERT_TRUE(md) << md.error().message;
  ASSERT_EQ(md->outputs, (std::vector<std::size_t>{1, 3, 4, 5}));
  ASSERT_EQ(md->outputDependencies.size(), md->outputs.size());
  EXPECT_EQ(md->outputDependencies[0], (std::vector<std::size_t>{1}));     // x on itself
  EXPECT_EQ(md->outputDependencies[1], (std::vector<std::size_t>{0, 1}));  // y on u and x
}

TEST(OutputDependencies, AbsentAttributeMeansEveryKnown) {
  Result<ModelDescription> md = parseModelDescription(kDescription);
  ASSERT_TRUE(md) << md.error().message;
  EXPECT_FALSE(md->outputDependencies[2].has_value());
}

TEST(OutputDependencies, EmptyAttributeMeansNoKnown) {
  Result<ModelDescription> md = parseModelDescription(kDescription);
  ASSERT_TRUE(md) << md.error().message;
  ASSERT_TRUE(md->outputDependencies[3].has_value());
  EXPECT_TRUE(md->outputDependencies[3]->empty());
}

TEST(OutputDependencies, NonNumberIsRejectedWithItsLine) {
  std::string message = errorOf(replaced(kDescription, "dependencies=\"2\"", "dependencies=\"2 u\""));
  EXPECT_TRUE(contains(message, "modelDescription.xml:14:")) << message;
  EXPECT_TRUE(contains(message, "'u', which is not a variable index")) << message;
}

TEST(OutputDependencies, IndexZeroIsRejected) {
  std::string message = errorOf(replaced(kDescription, "dependencies=\"2\"", "dependencies=\"0\""));
  EXPECT_TRUE(contains(message, "dependency 0 does not name a variable (the model has 6 variables"))
      << message;
}

TEST(OutputDependencies, IndexPastTheLastVariableIsRejected) {
  std::string message = errorOf(replaced(kDescription, "dependencies=\"2\"", "dependencies=\"1 7\""));
  EXPECT_TRUE(contains(message, "dependency 7 does not name a variable")) << message;
}

TEST(OutputDependencies, NegativeIndexIsRejected) {
  std::string message = errorOf(replaced(kDescription, "dependencies=\"2\"", "dependencies=\"-1\""));
  EXPECT_TRUE(contains(message, "'-1', which is not a variable index")) << message;
}
