// `smc diagram` as a user runs it: the SVG file written (where -o says, or
// <Model>.svg), located errors and exit code 1 for bad input and for a
// model without state machines, and the committed docs image kept current.
#include "DiagramSupport.h"
#include "support/Command.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using smc::test::runCommand;
using Outcome = smc::test::CommandOutcome;

fs::path scratch() { return smc::test::scratchDirectory("diagram"); }

std::string writeModel(const std::string& name, const std::string& text) {
  return smc::test::writeScratchFile("diagram", name, text);
}

const std::string smc = SMC_EXECUTABLE;
const std::string chapterExample = std::string(SMC_SOURCE_DIR) + "/tests/e2e/models/ChapterExampleSynchronized.mo";

TEST(DiagramCli, WritesTheSvgNamedByDashO) {
  fs::path out = scratch() / "chapter.svg";
  fs::remove(out);
  Outcome o = runCommand(smc + " diagram " + chapterExample + " -o " + out.string());
  EXPECT_EQ(o.status, 0) << o.output;
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_file(out.c_str())) << o.output;
  EXPECT_STREQ(doc.document_element().name(), "svg");
  EXPECT_TRUE(doc.select_node("//rect[@class='state'][@data-state='state1.stateX']"));
}

TEST(DiagramCli, DefaultOutputIsNamedAfterTheModel) {
  fs::path dir = scratch() / "default";
  fs::create_directories(dir);
  fs::remove(dir / "ChapterExampleSynchronized.svg");
  Outcome o = runCommand("cd " + dir.string() + " && " + smc + " diagram " + chapterExample);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(fs::exists(dir / "ChapterExampleSynchronized.svg"));
}

TEST(DiagramCli, ModelOptionChoosesTheClass) {
  std::string model = writeModel("Two.mo",
                                 "model NoMachine\n  Real x = 1;\nend NoMachine;\n"
                                 "model WithMachine\n  Integer x(start = 0);\n  block S\n  end S;\n  S a, b;\n"
                                 "equation\n  x = previous(x) + 1;\n  initialState(a);\n  transition(a, b, x > 1);\n"
                                 "end WithMachine;\n");
  fs::path out = scratch() / "with.svg";
  Outcome o = runCommand(smc + " diagram " + model + " --model WithMachine -o " + out.string());
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(fs::exists(out));
}

TEST(DiagramCli, ModelWithoutStateMachineIsALocatedErrorWithExitCodeOne) {
  std::string model = writeModel("Plain.mo", "model Plain\n  Real x(start = 1);\nequation\n  der(x) = -x;\nend Plain;\n");
  fs::path out = scratch() / "plain.svg";
  fs::remove(out);
  Outcome o = runCommand(smc + " diagram " + model + " -o " + out.string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find(model + ":1:7: error: no state machine in Plain"), std::string::npos) << o.output;
  EXPECT_FALSE(fs::exists(out));
}

TEST(DiagramCli, SyntaxErrorIsLocatedAndExitsWithOne) {
  std::string model = writeModel("Broken.mo", "model Broken\n  Real x\nequation\n  x = 1;\nend Broken;\n");
  Outcome o = runCommand(smc + " diagram " + model + " -o " + (scratch() / "broken.svg").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find(model + ":3:1: error:"), std::string::npos) << o.output;
}

TEST(DiagramCli, MissingFileIsAnError) {
  Outcome o = runCommand(smc + " diagram " + (scratch() / "nothing-here.mo").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find("error: cannot read"), std::string::npos) << o.output;
}

TEST(DiagramCli, UnwritableOutputIsAnError) {
  Outcome o = runCommand(smc + " diagram " + chapterExample + " -o " + (scratch() / "no-such-dir" / "x.svg").string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find("error: cannot write"), std::string::npos) << o.output;
}

// docs/statemachines.md shows this file; regenerating it must give the
// same bytes, so the picture in the guide never goes stale.
TEST(DiagramCli, CommittedChapterDiagramIsCurrent) {
  fs::path out = scratch() / "chapter-example.svg";
  Outcome o = runCommand(smc + " diagram " + chapterExample + " -o " + out.string());
  ASSERT_EQ(o.status, 0) << o.output;
  std::string committed = smc::test::fileText(std::string(SMC_SOURCE_DIR) + "/docs/images/chapter-example.svg");
  ASSERT_FALSE(committed.empty()) << "docs/images/chapter-example.svg is missing";
  EXPECT_TRUE(committed == smc::test::fileText(out.string()))
      << "regenerate with: smc diagram tests/e2e/models/ChapterExampleSynchronized.mo -o docs/images/chapter-example.svg";
}

}  // namespace
